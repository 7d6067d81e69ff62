package dev.flamediff.render.markdown;

import dev.flamediff.render.OutputNames;

/**
 * Makes untrusted text (frame names, file names and event names come from uploaded profiles) inert
 * in a GitHub pull-request comment. Every untrusted string goes into a code span ({@link #span}) or
 * a fenced code block ({@link #block}): GitHub makes no link, mention ({@code @octocat}) or
 * reference ({@code #123}, {@code owner/repo#7}) inside code, whereas entity escaping does not stop
 * them, since references are found after entities are decoded. The code span's fence is longer than
 * any run of backticks in the text, so no name can close it; in tables {@code |} is escaped, which
 * GitHub's table parser undoes inside the span. Line breaks become spaces and control and
 * bidirectional formatting characters U+FFFD, so a name stays on its line and in its order.
 * {@link #escape} is for text that is not from the profiles (the title given on the command line).
 */
public final class MarkdownText {

    private MarkdownText() {
    }

    /** Returns the text escaped for Markdown and HTML, on one line, for text that is not untrusted code. */
    public static String escape(String text) {
        text = OutputNames.capped(text);
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\r', '\n', '\t', '\u2028', '\u2029' -> out.append(' ');
                case '&', '<', '>', '"', '\'', '|', '`', '\\', '*', '_', '[', ']', '(', ')',
                     '~', '!', '#', '{', '}', ':', '@', '$' -> out.append("&#").append((int) c).append(';');
                default -> {
                    if (unsafe(c)) {
                        out.append("&#xFFFD;");
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** Returns the text as an inline code span, for prose (outside tables). */
    public static String span(String text) {
        return fenced(oneLine(text), false);
    }

    /** Returns the text as an inline code span inside a table cell ({@code |} escaped). */
    public static String cell(String text) {
        return fenced(oneLine(text), true);
    }

    /**
     * Returns lines as a fenced code block (each line made one line), with a fence no line can
     * close.
     */
    public static String block(Iterable<String> lines) {
        StringBuilder body = new StringBuilder();
        int longest = 2;
        for (String line : lines) {
            String l = oneLine(line);
            longest = Math.max(longest, longestRun(l, '`'));
            body.append(l).append('\n');
        }
        String fence = "`".repeat(longest + 1);
        return fence + "text\n" + body + fence + "\n";
    }

    private static String fenced(String text, boolean inTable) {
        if (text.isEmpty()) {
            return "`\u00a0`";
        }
        String fence = "`".repeat(longestRun(text, '`') + 1);
        String body = inTable ? text.replace("|", "\\|") : text;
        // A span that starts or ends with a backtick or a space needs a space on both sides, which
        // the Markdown parser strips again.
        boolean pad = body.startsWith("`") || body.endsWith("`") || body.startsWith(" ") || body.endsWith(" ");
        return pad ? fence + " " + body + " " + fence : fence + body + fence;
    }

    /** Returns the text on one line, cut as {@link OutputNames#capped} cuts frame names. */
    private static String oneLine(String text) {
        text = OutputNames.capped(text);
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r' || c == '\n' || c == '\t' || c == '\u2028' || c == '\u2029') {
                out.append(' ');
            } else {
                out.append(unsafe(c) ? '\uFFFD' : c);
            }
        }
        return out.toString();
    }

    private static boolean unsafe(char c) {
        // Bidirectional controls would reorder the rest of the row as the reader sees it.
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u061C' || c == '\u200E' || c == '\u200F'
                || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }

    private static int longestRun(String text, char c) {
        int best = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == c ? run + 1 : 0;
            best = Math.max(best, run);
        }
        return best;
    }
}
