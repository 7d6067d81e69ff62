package dev.flamediff.render.markdown;

import dev.flamediff.model.ValueType;
import java.util.Locale;

/** Formats values and shares for the report, independent of the machine's locale. */
final class ValueText {

    private final double divisor;
    private final String unit;

    private ValueText(double divisor, String unit) {
        this.divisor = divisor;
        this.unit = unit;
    }

    /** Returns the formatter for values of the given type. */
    static ValueText of(ValueType type) {
        // Values with fractions are stored in units of 10^-decimals.
        double scale = type.scale();
        return switch (type.unit()) {
            case "count", "samples" -> new ValueText(scale, "samples");
            case "nanoseconds" -> new ValueText(1e6 * scale, "ms");
            // Decimal megabytes, as the graph writes them (svg.ValueFormat): one value, one reading.
            case "bytes" -> new ValueText(1e6 * scale, "MB");
            // Other units come from the profile (callgrind's event lines): code, like every name from it.
            default -> new ValueText(scale, MarkdownText.cell(type.unit()));
        };
    }

    /** Returns the value with its unit, for example {@code 1,234 samples} or {@code 12.5 ms}. */
    String value(double raw) {
        double v = raw / divisor;
        double a = Math.abs(v);
        String digits = a >= 100 || a == Math.rint(a) ? String.format(Locale.ROOT, "%,.0f", v)
                : a >= 1 ? String.format(Locale.ROOT, "%,.1f", v) : String.format(Locale.ROOT, "%.3f", v);
        return digits + " " + unit;
    }

    /** Returns the unit the values are shown in, for a table header. */
    String unit() {
        return unit;
    }

    /** Returns the value without its unit, for a column whose header names the unit. */
    String number(double raw) {
        String v = value(raw);
        return v.substring(0, v.length() - unit.length() - 1);
    }

    /** Returns a signed change without its unit. */
    String signedNumber(double raw) {
        String s = number(raw);
        return raw > 0 ? "+" + s : s.startsWith("-") ? "\u2212" + s.substring(1) : s;
    }

    /** Returns a signed change with its unit, for example {@code +120 samples}. */
    String delta(double raw) {
        String s = value(raw);
        return raw > 0 ? "+" + s : s.startsWith("-") ? "\u2212" + s.substring(1) : s;
    }

    /** Returns a signed percentage, for example {@code +3.21%}; "new" for NaN (no base value). */
    static String percent(double fraction) {
        if (Double.isNaN(fraction)) {
            return "new";
        }
        if (Math.abs(100 * fraction) < 0.005) {
            return "0.00%";
        }
        String s = String.format(Locale.ROOT, "%+.2f%%", 100 * fraction);
        return s.replace("-", "\u2212");
    }

    /** Returns an unsigned percentage, for example {@code 2.00%}. */
    static String share(double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
    }

    /** Returns a p-value for people: {@code < 0.0001} below that, four decimals otherwise. */
    static String pValue(double p) {
        return p < 1e-4 ? "&lt; 0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
