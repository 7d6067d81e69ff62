package dev.flamediff.render.svg;

import dev.flamediff.render.OutputNames;

/**
 * Makes untrusted text (frame names, file names, titles) safe to put in the SVG as character
 * data. The XML writer escapes markup characters; this replaces what no escaping can carry or
 * what would change how surrounding text is shown: characters XML 1.0 forbids (C0 controls, lone
 * surrogates, U+FFFE, U+FFFF), the C1 controls and DEL, and the bidirectional formatting
 * characters (which could make a name display reversed, or spill into the next text), each with
 * U+FFFD. Line breaks and tabs are replaced too, because every name is shown on one line.
 */
final class SafeText {

    /** The replacement character. */
    static final char REPLACEMENT = '\uFFFD';

    private SafeText() {
    }

    /**
     * Returns the text with every unsafe character replaced by U+FFFD, cut as
     * {@link OutputNames#capped} cuts frame names (a frame's name is in its label, its tooltip and
     * the function list); the same string if neither applies.
     */
    static String clean(String text) {
        text = OutputNames.capped(text);
        StringBuilder sb = null;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            boolean ok;
            int width = 1;
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                ok = true;
                width = 2;
            } else {
                ok = isSafe(c);
            }
            if (!ok && sb == null) {
                sb = new StringBuilder(n).append(text, 0, i);
            }
            if (sb != null) {
                if (ok) {
                    sb.append(text, i, i + width);
                } else {
                    sb.append(REPLACEMENT);
                }
            }
            i += width - 1;
        }
        return sb == null ? text : sb.toString();
    }

    private static boolean isSafe(char c) {
        if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
            return false;
        }
        if (Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFFFF') {
            return false;
        }
        return !isBidiControl(c);
    }

    private static boolean isBidiControl(char c) {
        return c == '\u061C' || c == '\u200E' || c == '\u200F'
                || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }

    /** The mark of a label cut short: one character, so a cut label loses as little as possible. */
    static final String CUT = "\u2026";

    /**
     * Returns the label that fits in a frame of the given width: the whole text, or
     * {@value #CUT} followed by its end, or nothing when fewer than three characters fit. The cut
     * is on the left because a frame's name ends with what tells it apart (the method after the
     * class, {@code \u2026FixtureApp.computeChecksum}); the package its siblings share goes first.
     * Cuts between code points, never inside a surrogate pair.
     */
    static String fit(String text, double widthPx) {
        int fits = (int) Math.floor((widthPx - 6) / SvgGeometry.CHAR_WIDTH);
        if (fits < 3) {
            return "";
        }
        int points = text.codePointCount(0, text.length());
        if (points <= fits) {
            return text;
        }
        return CUT + text.substring(text.offsetByCodePoints(0, points - (fits - 1)));
    }
}
