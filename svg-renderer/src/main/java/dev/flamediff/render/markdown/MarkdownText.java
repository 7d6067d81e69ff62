package dev.flamediff.render.markdown;

import dev.flamediff.render.OutputNames;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes untrusted text (frame names, file names and event names come from uploaded profiles) inert
 * in a GitHub pull-request comment. Every untrusted string goes into a code span ({@link #span},
 * {@link #cell}, {@link #wrappedCell}, {@link #items}): GitHub makes no link, mention ({@code @octocat}) or
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
     * The longest run of a name without a space that one code span of a table cell holds
     * ({@link #wrappedCell}): 40 characters of GitHub's code font are about 330 pixels, so a
     * five-column table with such a name still fits the 880-pixel comment column.
     */
    static final int WRAP = 40;

    /**
     * Returns the text as code spans inside a table cell that can wrap: a table cell never breaks
     * inside a word, so one long name (a fully qualified Java method, a C++ template) would widen
     * its table past the comment column, which then scrolls sideways. A run of more than
     * {@value #WRAP} characters without a space is cut into spans after a {@code .}, {@code /},
     * {@code :}, {@code $}, {@code (} or {@code ,} (or anywhere, without one), joined by
     * {@code <wbr>}, which GitHub keeps: the name still reads and copies as one.
     */
    public static String wrappedCell(String text) {
        String line = oneLine(text);
        StringBuilder out = new StringBuilder(line.length() + 16);
        for (String part : parts(line)) {
            out.append(out.length() == 0 ? "" : "<wbr>").append(fenced(part, true));
        }
        return out.toString();
    }

    private static List<String> parts(String line) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int run = 0;
        int lastBreak = -1;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ' ') {
                run = 0;
                lastBreak = -1;
                continue;
            }
            if (++run > WRAP) {
                int cut = lastBreak > start ? lastBreak : i;
                if (Character.isLowSurrogate(line.charAt(cut)) && cut - 1 > start) {
                    cut--;
                }
                out.add(line.substring(start, cut));
                start = cut;
                run = i - cut + 1;
                lastBreak = -1;
            }
            if (".:/$(,".indexOf(c) >= 0) {
                lastBreak = i + 1;
            }
        }
        out.add(line.substring(start));
        return out;
    }

    /**
     * Returns lines as a Markdown list, each line one code span: a fenced block would keep each
     * line on one line and scroll sideways in the comment column, a code span wraps at its spaces.
     */
    public static String items(Iterable<String> lines) {
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            out.append("- ").append(span(line)).append('\n');
        }
        return out.toString();
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
