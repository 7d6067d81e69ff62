package dev.flamediff.collect;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What to do with an input no reader takes, when its first bytes show what it is: the raw
 * output of a profiler whose stacks flamediff reads once folded ({@code perf script}), or a
 * format it does not read (perf's own {@code perf.data}, a V8 {@code .cpuprofile}, a speedscope
 * file). The error then says so instead of only listing the formats. Stateless.
 */
final class FormatHints {

    /** A perf script frame line: a tab, a hex address, the symbol, the object in parentheses. */
    private static final Pattern PERF_FRAME = Pattern.compile("(?m)^\t\\s*[0-9a-f]+ \\S.* \\(.*\\)$");
    /** A perf script sample header: the command, the pid (and tid), the time stamp with a colon. */
    private static final Pattern PERF_HEADER = Pattern.compile("(?m)^\\S.*\\s\\d+(/\\d+)?\\s+(\\[\\d+\\]\\s+)?\\d+\\.\\d+:");

    /**
     * A folded stack line whose last word is not a sample count: frames joined by semicolons, a
     * blank, then a word with a digit in it that {@link CountParser} would not take
     * ({@code 1e3}, {@code 1,024}, {@code 12ms}).
     */
    private static final Pattern FOLDED_LINE = Pattern.compile("^(\\S[^\\n]*;[^\\n]*?)[ \\t]+(\\S*\\d\\S*)\\s*$");
    /** The counts collapsed readers take: digits, at most one decimal point. */
    private static final Pattern COUNT = Pattern.compile("\\d+(\\.\\d*)?|\\.\\d+");

    private FormatHints() {
    }

    /** Returns the advice for an input that begins with {@code prefix}, if its beginning is known. */
    static Optional<String> of(byte[] prefix) {
        if (startsWith(prefix, "PERFILE2") || startsWith(prefix, "PERFFILE")) {
            return Optional.of("this is perf's own perf.data: run `perf script` on it and fold the stacks"
                    + " (stackcollapse-perf.pl or inferno-collapse-perf), then pass the folded file");
        }
        String text = new String(prefix, 0, Math.min(prefix.length, 64 * 1024), StandardCharsets.ISO_8859_1);
        if (PERF_HEADER.matcher(text).find() && PERF_FRAME.matcher(text).find()) {
            return Optional.of("this looks like `perf script` output: fold the stacks first"
                    + " (stackcollapse-perf.pl or inferno-collapse-perf) and pass the folded file");
        }
        String head = text.stripLeading();
        if (head.startsWith("{") && head.contains("\"nodes\"") && head.contains("\"callFrame\"")) {
            return Optional.of("this looks like a V8 .cpuprofile, which flamediff does not read: record with"
                    + " `perf record` and --perf-basic-prof, or export folded stacks");
        }
        if (head.startsWith("{") && head.contains("speedscope")) {
            return Optional.of("this looks like a speedscope file, which flamediff does not read: export folded"
                    + " stacks instead");
        }
        return foldedWithoutCount(text);
    }

    /** The advice for folded stacks whose first line's count is written in a way no collapsed reader takes. */
    private static Optional<String> foldedWithoutCount(String text) {
        for (String line : text.split("\\r?\\n", 64)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            var m = FOLDED_LINE.matcher(trimmed);
            if (m.matches() && !COUNT.matcher(m.group(2)).matches()) {
                return Optional.of("this looks like folded stacks, but the count '" + shortened(m.group(2))
                        + "' is not a number of samples: write each count as digits (1000, not 1e3 or 1,000)");
            }
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static String shortened(String word) {
        return word.length() <= 24 ? word : word.substring(0, 24) + "...";
    }

    private static boolean startsWith(byte[] prefix, String magic) {
        if (prefix.length < magic.length()) {
            return false;
        }
        for (int i = 0; i < magic.length(); i++) {
            if (prefix[i] != magic.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
