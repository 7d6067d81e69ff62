package dev.flamediff.render.markdown;

/**
 * Makes untrusted text (frame names come from uploaded profiles) safe in a Markdown table that
 * may sit inside an HTML block: every character that means something to Markdown, to GitHub's
 * tables or to HTML becomes a numeric character reference, which both Markdown and HTML decode
 * back to the character itself, so the name is shown exactly and never becomes a link, a table
 * column, emphasis or a tag. Line breaks become spaces: a name must stay on its row.
 */
public final class MarkdownText {

    private MarkdownText() {
    }

    /** Returns the text escaped for Markdown and HTML, on one line. */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\r', '\n', '\t', '\u2028', '\u2029' -> out.append(' ');
                case '&', '<', '>', '"', '\'', '|', '`', '\\', '*', '_', '[', ']', '(', ')',
                     '~', '!', '#', '{', '}', ':', '@', '$' -> out.append("&#").append((int) c).append(';');
                default -> {
                    // Bidirectional controls would reorder the rest of the row as the reader sees it.
                    if (c < 0x20 || c == 0x7f || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069')) {
                        out.append("&#xFFFD;");
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** Returns the escaped text in an inline {@code <code>} element. */
    public static String code(String text) {
        return "<code>" + escape(text) + "</code>";
    }
}
