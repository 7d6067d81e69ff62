package dev.flamediff.suite;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Numbers and names as the suite's reports and messages write them (plain text, not escaped). */
final class SuiteText {

    private SuiteText() {
    }

    /** Returns a signed percentage with one decimal ({@code +12.3%}, {@code -0.4%}), or {@code n/a}. */
    static String percent(double fraction) {
        if (Double.isNaN(fraction)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%+.1f%%", 100 * fraction).replace('-', '\u2212');
    }

    /** Returns an unsigned percentage: one decimal, two below 1% ({@code 45%}, {@code 0.62%}). */
    static String share(double fraction) {
        if (Double.isNaN(fraction)) {
            return "n/a";
        }
        double pct = 100 * fraction;
        return String.format(Locale.ROOT, pct >= 10 ? "%.0f%%" : pct >= 1 ? "%.1f%%" : "%.2f%%", pct);
    }

    /** Returns a score with three significant digits or more ({@code 7.74}, {@code 1234}). */
    static String score(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        double a = Math.abs(value);
        String format = a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3g";
        return String.format(Locale.ROOT, format, value);
    }

    /** Returns a p- or q-value ({@code 0.003}, {@code < 0.001}). */
    static String p(double value) {
        return value < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "%.3f", value);
    }

    /**
     * Returns a q-value above the level as {@link #p} does, with more decimals where three would
     * round it onto the level or below ({@code 0.0104}, not {@code 0.010}, beside "q above 1%").
     */
    static String qAbove(double q, double level) {
        for (int decimals = 3; q >= 0.001 && decimals <= 8; decimals++) {
            String s = String.format(Locale.ROOT, "%." + decimals + "f", q);
            if (Double.parseDouble(s) > level) {
                return s;
            }
        }
        // Below 0.001 (a level below it): significant digits, not "< 0.001" or a rounded-up 0.001.
        for (int digits = 1; q > 0 && digits <= 8; digits++) {
            String s = new java.math.BigDecimal(q).round(new java.math.MathContext(digits)).toPlainString();
            if (Double.parseDouble(s) > level) {
                return s;
            }
        }
        return p(q);
    }

    /** Returns the parameters as {@code a=1, b=x}, empty when none. */
    static String params(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /** Returns the benchmark with its parameters, as one line ({@code Bench.parse (size=4)}). */
    static String title(BenchmarkReport b) {
        String p = params(b.params());
        return b.shortName() + (p.isEmpty() ? "" : " (" + p + ")");
    }

    /** Returns the interval as {@code [-70.2%, -64.0%]}. */
    static String interval(ScoreComparison s) {
        return "[" + percent(s.low()) + ", " + percent(s.high()) + "]";
    }
}
