package dev.flamediff.render.svg;

import dev.flamediff.model.ValueType;
import java.math.BigDecimal;
import java.math.MathContext;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Formats values for people: samples as counts, nanoseconds as milliseconds, bytes as megabytes,
 * instructions as counts, anything else as the number and its unit. Locale-independent, so the
 * output is the same on every machine. An instance keeps its number formats, which are not
 * thread-safe: each render makes its own.
 */
final class ValueFormat {

    private final double divisor;
    private final String unit;
    // Made on first need: most values are written by DecimalText without them.
    private DecimalFormat whole;
    private DecimalFormat decimals;
    private DecimalFormat small;
    private DecimalFormat hundredths;

    private ValueFormat(double divisor, String unit) {
        this.divisor = divisor;
        this.unit = unit;
    }

    /** Returns the format for values of the given type. */
    static ValueFormat of(ValueType type) {
        // Values with fractions are stored in units of 10^-decimals.
        double scale = type.scale();
        return switch (type.unit()) {
            case "count", "samples" -> new ValueFormat(scale, "samples");
            case "nanoseconds" -> new ValueFormat(1e6 * scale, "ms");
            case "bytes" -> new ValueFormat(1e6 * scale, "MB");
            default -> new ValueFormat(scale, type.unit());
        };
    }

    /** Returns the value with its unit, for example {@code 12.5 ms}. */
    String format(double value) {
        return num(value / divisor) + " " + unit;
    }

    /** Returns a number for people: grouped, with decimals only where they matter. */
    String num(double v) {
        double a = Math.abs(v);
        if (a >= 100 || a == Math.rint(a)) {
            String fast = DecimalText.format(v, 0, 0, true);
            return fast != null ? fast : whole().format(v);
        }
        if (a >= 1) {
            String fast = DecimalText.format(v, 0, 2, true);
            return fast != null ? fast : decimals().format(v);
        }
        String fast = DecimalText.format(v, 0, 4, false);
        return fast != null ? fast : small().format(v);
    }

    /** Returns the share as a signed percentage with two decimals, for example {@code +12.34%}. */
    String signedPct(double share) {
        double p = share * 100;
        String digits = DecimalText.format(Math.abs(p), 2, 2, false);
        if (digits == null) {
            digits = hundredths().format(Math.abs(p));
        }
        if (digits.equals("0.00")) {
            return "\u00b10.00%";
        }
        return (p > 0 ? "+" : "\u2212") + digits + "%";
    }

    /** Returns the value with a leading sign (+ or −) and its unit. */
    String signed(double value) {
        return (value > 0 ? "+" : value < 0 ? "\u2212" : "\u00b1") + format(Math.abs(value));
    }

    /** Returns {@link #signedPct} with a format made for the one call. */
    static String signedPercent(double share) {
        return new ValueFormat(1, "").signedPct(share);
    }

    /** Returns {@link #num} with a format made for the one call. */
    static String number(double v) {
        return new ValueFormat(1, "").num(v);
    }

    /**
     * Returns a number for the machine (data attributes read by the script): integers exactly,
     * other values to six significant digits, no grouping, no exponent.
     */
    static String compact(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        // Hundredths below 10,000 (the coordinates, mostly): at most six digits, so the double
        // nearest to them rounds back to them; written without the BigDecimal.
        double hundredths = v * 100;
        if (v > 0 && v < 10_000 && hundredths == Math.rint(hundredths) && hundredths / 100 == v) {
            return px((long) hundredths);
        }
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /** Returns hundredths of a pixel as pixels, without trailing zeros: 12345 gives {@code 123.45}. */
    static String px(long hundredths) {
        long whole = Math.floorDiv(hundredths, 100);
        int frac = (int) Math.floorMod(hundredths, 100);
        if (frac == 0) {
            return Long.toString(whole);
        }
        String f = frac < 10 ? "0" + frac : Integer.toString(frac);
        if (f.endsWith("0")) {
            f = f.substring(0, 1);
        }
        return whole + "." + f;
    }

    private DecimalFormat whole() {
        if (whole == null) {
            whole = pattern("#,##0");
        }
        return whole;
    }

    private DecimalFormat decimals() {
        if (decimals == null) {
            decimals = pattern("#,##0.##");
        }
        return decimals;
    }

    private DecimalFormat small() {
        if (small == null) {
            small = pattern("0.####");
        }
        return small;
    }

    private DecimalFormat hundredths() {
        if (hundredths == null) {
            hundredths = pattern("0.00");
        }
        return hundredths;
    }

    // DecimalFormat is not thread-safe, so each instance makes its own.
    private static DecimalFormat pattern(String p) {
        DecimalFormat f = new DecimalFormat(p, DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setNegativePrefix("\u2212");
        return f;
    }
}
