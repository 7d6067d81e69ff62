package dev.flamediff.render.markdown;

import dev.flamediff.render.FrameShortNames;

/**
 * The names the report's first table shows: {@link FrameShortNames} (a Java method as
 * {@code Class.method}, its package left for the details, where every name is given in full), at most
 * {@value #MAX} characters (cut from the left, where a name is least telling).
 */
final class ShortNames {

    /** The longest short name, so that the first table fits a pull-request comment (880 px). */
    static final int MAX = 48;

    private ShortNames() {
    }

    /** Returns the short form of a frame name. */
    static String of(String name) {
        String s = FrameShortNames.of(name);
        int points = s.codePointCount(0, s.length());
        if (points > MAX) {
            s = "\u2026" + s.substring(s.offsetByCodePoints(0, points - (MAX - 1)));
        }
        return s;
    }
}
