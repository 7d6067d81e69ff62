package dev.flamediff.model;

/**
 * Where in an input a problem was found: a 1-based line, a 0-based byte offset, or nowhere in
 * particular.
 *
 * @param unit what {@code value} counts
 * @param value the line number or byte offset; ignored for {@link Unit#NONE}
 */
public record Position(Unit unit, long value) {

    /** No particular place. */
    public static final Position NONE = new Position(Unit.NONE, 0);

    /** What a position counts. */
    public enum Unit { NONE, LINE, BYTE }

    /** Returns the position of a 1-based line. */
    public static Position line(long line) {
        return new Position(Unit.LINE, line);
    }

    /** Returns the position of a 0-based byte offset. */
    public static Position offset(long offset) {
        return new Position(Unit.BYTE, offset);
    }

    @Override
    public String toString() {
        return switch (unit) {
            case NONE -> "";
            case LINE -> "line " + value;
            case BYTE -> "byte " + value;
        };
    }
}
