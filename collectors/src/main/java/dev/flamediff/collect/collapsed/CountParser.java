package dev.flamediff.collect.collapsed;

import dev.flamediff.model.ValueType;

/**
 * Reads the count of a collapsed line as flamegraph.pl and difffolded.pl take it
 * ({@code \d+(\.\d*)?}): digits with an optional fraction ({@code 31}, {@code 31.23}, {@code 6.}),
 * no sign, no exponent, no leading dot.
 * The value is kept exactly, as a whole number of 10<sup>-decimals</sup> units with trailing
 * zeros of the fraction dropped ({@code 31.0} is 31 with 0 decimals). Fractions longer than
 * {@link ValueType#MAX_DECIMALS} places are rounded to that many (half up). Mutable: one per
 * parser, holding the last count read.
 */
final class CountParser {

    /** The whole number of units of the last count read. */
    long units;
    /** The decimal places of {@link #units}. */
    int decimals;
    /** Whether the last count had more decimal places than are kept, and was rounded. */
    boolean rounded;

    /** Returns whether {@code buf[from, to)} is a count, with no side effect. */
    static boolean isCount(byte[] buf, int from, int to) {
        if (from >= to || buf[from] < '0' || buf[from] > '9') {
            return false;
        }
        int digits = 0;
        int dots = 0;
        for (int i = from; i < to; i++) {
            byte b = buf[i];
            if (b == '.') {
                dots++;
            } else if (b >= '0' && b <= '9') {
                digits++;
            } else {
                return false;
            }
        }
        return digits > 0 && dots <= 1;
    }

    /** Returns whether the text is a count, as {@link #isCount(byte[], int, int)}. */
    static boolean isCount(CharSequence s) {
        if (s.length() == 0 || s.charAt(0) < '0' || s.charAt(0) > '9') {
            return false;
        }
        int digits = 0;
        int dots = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '.') {
                dots++;
            } else if (c >= '0' && c <= '9') {
                digits++;
            } else {
                return false;
            }
        }
        return digits > 0 && dots <= 1;
    }

    /**
     * Reads {@code buf[from, to)} into {@link #units} and {@link #decimals}; returns null when it
     * is a count, otherwise what is wrong with it (the caller names the line).
     */
    String parse(byte[] buf, int from, int to) {
        if (!isCount(buf, from, to)) {
            return buf[from] == '-' && isCount(buf, from + 1, to) ? "negative sample count" : "not a number";
        }
        int dot = -1;
        int last = to;
        for (int i = from; i < to; i++) {
            if (buf[i] == '.') {
                dot = i;
            }
        }
        if (dot >= 0) {
            while (last > dot + 1 && buf[last - 1] == '0') {
                last--;
            }
        }
        int places = dot < 0 ? 0 : last - dot - 1;
        rounded = places > ValueType.MAX_DECIMALS;
        int kept = Math.min(places, ValueType.MAX_DECIMALS);
        int end = dot < 0 ? last : dot + 1 + kept;
        long value = 0;
        for (int i = from; i < end; i++) {
            if (i == dot) {
                continue;
            }
            int d = buf[i] - '0';
            if (value > (Long.MAX_VALUE - d) / 10) {
                return "too large";
            }
            value = value * 10 + d;
        }
        if (rounded && buf[end] >= '5') {
            if (value == Long.MAX_VALUE) {
                return "too large";
            }
            value++;
        }
        units = value;
        decimals = kept;
        while (decimals > 0 && units % 10 == 0) {
            units /= 10;
            decimals--;
        }
        return null;
    }
}
