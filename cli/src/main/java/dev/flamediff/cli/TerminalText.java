package dev.flamediff.cli;

import java.io.PrintWriter;

/**
 * Makes text from the inputs (frame names, file bytes in error messages, callgrind's {@code cmd:})
 * inert on a terminal and in a log: a newline in a frame name could forge a line such as
 * "flamediff: gate passed", and escape sequences set a terminal's title or worse. Control
 * characters (C0 but the tab, DEL, C1), line and paragraph separators and the bidirectional controls
 * are written as visible escapes ({@code \n}, {@code \x1b}, {@code \u202e}); everything else is left
 * as it is.
 * Stateless.
 */
final class TerminalText {

    private TerminalText() {
    }

    /** Returns the text with every control character written as a visible escape. */
    static String escape(String s) {
        int i = 0;
        while (i < s.length() && !isControl(s.charAt(i))) {
            i++;
        }
        if (i == s.length()) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length() + 16).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isControl(c)) {
                out.append(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c < 0x100) {
                out.append(String.format("\\x%02x", (int) c));
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
        return out.toString();
    }

    /**
     * Returns a writer over {@code err} that escapes everything printed as a string (each
     * {@code println} is then exactly one line); stack traces go through it too.
     */
    static PrintWriter escaping(PrintWriter err) {
        return new PrintWriter(err, true) {
            @Override
            public void print(String s) {
                super.print(escape(String.valueOf(s)));
            }

            @Override
            public void flush() {
                super.flush();
                err.flush();
            }
        };
    }

    private static boolean isControl(char c) {
        // Tabs stay: they forge nothing, and stack traces (--verbose) indent with them.
        return (c < 0x20 && c != '\t') || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029
                || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F
                || c == 0x061C;
    }
}
