package dev.flamediff.model;

/** The input exceeds a limit set for untrusted input (stack depth, node count, name length, bytes, gzip expansion). */
public final class LimitExceededException extends ProfileException {

    /** Creates the exception with the problem alone; context can be added with {@link #withContext}. */
    public LimitExceededException(String problem) {
        this(problem, null, null, Position.NONE, null);
    }

    /** Creates the exception with its full context; any argument but {@code problem} may be null. */
    public LimitExceededException(String problem, String source, String format, Position position, Throwable cause) {
        super(problem, source, format, position, cause);
    }

    @Override
    public LimitExceededException withContext(String source, String format, Position position) {
        LimitExceededException copy = new LimitExceededException(problem(), sourceOr(source), formatOr(format), positionOr(position), getCause());
        copy.setStackTrace(getStackTrace());
        return copy;
    }
}
