package dev.flamediff.model;

/**
 * Bad input: a profile that cannot be read, or that is unsafe to read. The message is one line
 * naming the source, the format, the position and the problem, for example
 * {@code base.collapsed: collapsed, line 3: no sample count after the last space}.
 * Subclasses say what kind of problem it is.
 */
public abstract class ProfileException extends Exception {

    private final String problem;
    private final String source;
    private final String format;
    private final Position position;

    protected ProfileException(String problem, String source, String format, Position position,
                               Throwable cause) {
        super(problem, cause);
        this.problem = problem;
        this.source = source;
        this.format = format;
        this.position = position == null ? Position.NONE : position;
    }

    /** Returns the problem alone, without source, format or position. */
    public String problem() {
        return problem;
    }

    /** Returns the name of the input (a file name or {@code -} for stdin), or null if not known. */
    public String source() {
        return source;
    }

    /** Returns the format being read, or null if not known. */
    public String format() {
        return format;
    }

    /** Returns where in the input the problem was found. */
    public Position position() {
        return position;
    }

    /**
     * Returns a copy of this exception of the same kind, with source, format and position filled
     * in where this one has none. Readers use it to place errors raised below them.
     */
    public abstract ProfileException withContext(String source, String format, Position position);

    @Override
    public String getMessage() {
        StringBuilder sb = new StringBuilder();
        if (source != null) {
            sb.append(source).append(": ");
        }
        String where = position.toString();
        if (format != null) {
            sb.append(format);
            sb.append(where.isEmpty() ? ": " : ", " + where + ": ");
        } else if (!where.isEmpty()) {
            sb.append(where).append(": ");
        }
        sb.append(problem);
        return sb.toString().replaceAll("[\\r\\n]+", " ");
    }

    protected String sourceOr(String other) {
        return source != null ? source : other;
    }

    protected String formatOr(String other) {
        return format != null ? format : other;
    }

    protected Position positionOr(Position other) {
        return position.unit() != Position.Unit.NONE || other == null ? position : other;
    }
}
