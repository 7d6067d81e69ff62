package dev.flamediff.model;

/** No reader recognizes the input, or the input is of a recognized kind that flamediff cannot read (for example an unsupported version). */
public final class UnrecognizedFormatException extends ProfileException {

    /** Creates the exception with the problem alone; context can be added with {@link #withContext}. */
    public UnrecognizedFormatException(String problem) {
        this(problem, null, null, Position.NONE, null);
    }

    /** Creates the exception with its full context; any argument but {@code problem} may be null. */
    public UnrecognizedFormatException(String problem, String source, String format, Position position, Throwable cause) {
        super(problem, source, format, position, cause);
    }

    @Override
    public UnrecognizedFormatException withContext(String source, String format, Position position) {
        UnrecognizedFormatException copy = new UnrecognizedFormatException(problem(), sourceOr(source), formatOr(format), positionOr(position), getCause());
        copy.setStackTrace(getStackTrace());
        return copy;
    }
}
