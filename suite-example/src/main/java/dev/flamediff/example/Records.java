package dev.flamediff.example;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The workload under benchmark: CSV-like records (key, amount, label) parsed, checksummed and
 * sorted. Head's {@link #parse} splits with regular expressions (the regression), head's
 * {@link #checksum} walks the data once instead of three times (the improvement), {@link #sort}
 * is the same in both.
 */
final class Records {

    private Records() {
    }

    /** Returns {@code lines} records made from the seed, one per line. */
    static String make(long seed, int lines) {
        StringBuilder sb = new StringBuilder(lines * 40);
        long x = seed;
        for (int i = 0; i < lines; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            sb.append("key").append((x >>> 33) % 97).append(',')
              .append((x >>> 20) & 0xFFFF).append(',')
              .append("value-").append(Long.toHexString(x)).append('\n');
        }
        return sb.toString();
    }

    /** The same method in both variants; head's calls a regular-expression split. */
    static List<String[]> parse(String text) {
        return Variant.HEAD ? splitWithRegex(text) : splitWithIndexOf(text);
    }

    static List<String[]> splitWithIndexOf(String text) {
        List<String[]> out = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            int a = text.indexOf(',', start);
            int b = text.indexOf(',', a + 1);
            out.add(new String[] {text.substring(start, a), text.substring(a + 1, b), text.substring(b + 1, end)});
            start = end + 1;
        }
        return out;
    }

    /** Head's way to parse: the same records, but a regular expression per line and field. */
    static List<String[]> splitWithRegex(String text) {
        List<String[]> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] parts = line.split("\\s*,\\s*");
            if (parts[2].matches("value-[0-9a-f]+")) {
                out.add(parts);
            }
        }
        return out;
    }

    /** The same method in both variants; head walks the data once instead of three times. */
    static long checksum(byte[] data) {
        long h = 1125899906842597L;
        int rounds = Variant.HEAD ? 1 : 3;
        for (int round = 0; round < rounds; round++) {
            h = mix(data, h, round);
        }
        return h;
    }

    private static long mix(byte[] data, long seed, int round) {
        long h = seed;
        for (byte b : data) {
            h = 31 * h + b + round;
        }
        return h;
    }

    /** Unchanged between the variants. */
    static List<String[]> sort(List<String[]> records) {
        List<String[]> copy = new ArrayList<>(records);
        copy.sort(Comparator.comparing((String[] r) -> r[0]).thenComparing(r -> r[1]));
        return copy;
    }
}
