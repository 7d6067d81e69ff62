package dev.flamediff.model;

/** The input claims a format but breaks its rules (a line without a count, a cut-off record, an impossible value). */
public final class MalformedProfileException extends ProfileException {

    /** Creates the exception with the problem alone; context can be added with {@link #withContext}. */
    public MalformedProfileException(String problem) {
        this(problem, null, null, Position.NONE, null);
    }

    /** Creates the exception with its full context; any argument but {@code problem} may be null. */
    public MalformedProfileException(String problem, String source, String format, Position position, Throwable cause) {
        super(problem, source, format, position, cause);
    }

    @Override
    public MalformedProfileException withContext(String source, String format, Position position) {
        MalformedProfileException copy = new MalformedProfileException(problem(), sourceOr(source), formatOr(format), positionOr(position), getCause());
        copy.setStackTrace(getStackTrace());
        return copy;
    }
}
