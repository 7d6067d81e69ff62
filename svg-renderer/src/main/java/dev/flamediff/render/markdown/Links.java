package dev.flamediff.render.markdown;

/**
 * Makes a URL given on the command line safe as a Markdown link target: percent-encodes the
 * characters that would end the target or the line (spaces, parentheses, angle brackets, quotes,
 * backslashes, controls), so the link cannot turn into other Markdown or HTML.
 */
final class Links {

    private Links() {
    }

    static String target(String url) {
        StringBuilder out = new StringBuilder(url.length());
        for (int i = 0; i < url.length(); i++) {
            char c = url.charAt(i);
            if (c <= 0x20 || c == 0x7f || "()<>\"'\\`[]|".indexOf(c) >= 0) {
                for (byte b : String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                    out.append('%').append(String.format(java.util.Locale.ROOT, "%02X", b & 0xff));
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
