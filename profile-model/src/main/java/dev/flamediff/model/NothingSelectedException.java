package dev.flamediff.model;

/**
 * A filter or time window that the caller asked for kept none of a profile's samples, while the
 * profile had some. Comparing what is left would compare nothing with something, so it is an
 * error that names the filter and what it dropped.
 */
public final class NothingSelectedException extends ProfileException {

    /** Creates the exception with the problem alone. */
    public NothingSelectedException(String problem) {
        this(problem, null, null, Position.NONE, null);
    }

    /** Creates the exception with its full context; any argument but {@code problem} may be null. */
    public NothingSelectedException(String problem, String source, String format, Position position,
                                    Throwable cause) {
        super(problem, source, format, position, cause);
    }

    @Override
    public NothingSelectedException withContext(String source, String format, Position position) {
        NothingSelectedException copy = new NothingSelectedException(
                problem(), sourceOr(source), formatOr(format), positionOr(position), getCause());
        copy.setStackTrace(getStackTrace());
        return copy;
    }
}
