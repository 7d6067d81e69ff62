package dev.flamediff.suite;

import java.util.Optional;

/**
 * The links of a report to the files beside it: relative, or under a base URL where CI publishes
 * the output folder ({@code --report-link-base}). File names are the suite's own (letters, digits,
 * {@code . _ -}); the base is the user's, and characters that would end a Markdown link or an
 * HTML attribute are percent-encoded.
 */
public final class SuiteLinks {

    private final String base;

    /** Creates the links; an empty base gives relative links. */
    public SuiteLinks(Optional<String> base) {
        this.base = base.map(SuiteLinks::clean).map(b -> b.endsWith("/") ? b : b + "/").orElse("");
    }

    /** Returns the link to an output file. */
    public String to(String fileName) {
        return base + fileName;
    }

    private static String clean(String url) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < url.length(); i++) {
            char c = url.charAt(i);
            if (c <= 0x20 || c >= 0x7f || "()<>\"'`[]\\|{}^".indexOf(c) >= 0) {
                for (byte b : String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                    s.append('%').append(String.format(java.util.Locale.ROOT, "%02X", b & 0xff));
                }
            } else {
                s.append(c);
            }
        }
        return s.toString();
    }
}
