package dev.flamediff.model;

/** Base and head cannot be compared, for example because they measure different things. */
public final class IncompatibleProfilesException extends ProfileException {

    /** Creates the exception with the problem alone. */
    public IncompatibleProfilesException(String problem) {
        this(problem, null, null, Position.NONE, null);
    }

    /** Creates the exception with its full context; any argument but {@code problem} may be null. */
    public IncompatibleProfilesException(String problem, String source, String format, Position position,
                                         Throwable cause) {
        super(problem, source, format, position, cause);
    }

    @Override
    public IncompatibleProfilesException withContext(String source, String format, Position position) {
        IncompatibleProfilesException copy = new IncompatibleProfilesException(
                problem(), sourceOr(source), formatOr(format), positionOr(position), getCause());
        copy.setStackTrace(getStackTrace());
        return copy;
    }
}
