package dev.flamediff.render.svg;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The digits {@link java.text.DecimalFormat} writes for a non-negative value under the patterns
 * {@link ValueFormat} uses ({@code #,##0}, {@code #,##0.##}, {@code 0.####}, {@code 0.00}: half-even
 * rounding of the exact binary value, trailing zeros down to a minimum, optional grouping), for
 * the values a graph is full of. It answers null where it cannot be sure of the same digits
 * (NaN, infinities, values of a billion units of the last digit or more, either sign),
 * and the caller asks the DecimalFormat. Values within a millionth of a rounding tie, where the
 * double product may round the other way, are rounded from their exact binary value (what
 * DecimalFormat rounds). The point: a render of a small diff then never makes a DecimalFormat,
 * whose locale data and first, interpreted calls took 14 ms of a 0.45 s run.
 */
final class DecimalText {

    private DecimalText() {
    }

    /**
     * Returns the value with at least {@code minFraction} and at most {@code maxFraction} (at most
     * 4) fraction digits, grouped by thousands if asked, negative ones after a minus sign (U+2212),
     * or null (see the class comment).
     */
    static String format(double v, int minFraction, int maxFraction, boolean grouping) {
        if (v < 0 || Double.doubleToRawLongBits(v) == Double.doubleToRawLongBits(-0.0)) {
            // The patterns' negative prefix; DecimalFormat keeps it when the value rounds to zero.
            String digits = format(-v, minFraction, maxFraction, grouping);
            return digits == null ? null : "\u2212" + digits;
        }
        if (!(v >= 0)) {
            return null;
        }
        // Whole numbers below a thousand (most sample counts of a graph): their digits as they are,
        // without the general path's builder, which a small diff's run mostly interprets.
        long whole = (long) v;
        if (whole == v && whole < 1000 && minFraction == 0) {
            return Long.toString(whole);
        }
        long scale = 1;
        for (int i = 0; i < maxFraction; i++) {
            scale *= 10;
        }
        double s = v * scale;
        if (!(s < 1e9)) {
            return null;
        }
        double floor = Math.floor(s);
        double fraction = s - floor;
        // The product is within 1e9 * 2^-53 of the exact one: only near a tie can it round the
        // other way than the exact binary value, so there the exact value decides.
        long units = Math.abs(fraction - 0.5) < 1e-6
                ? new BigDecimal(v).setScale(maxFraction, RoundingMode.HALF_EVEN).unscaledValue().longValueExact()
                : (long) floor + (fraction > 0.5 ? 1 : 0);
        whole = units / scale;
        long frac = units % scale;
        int digits = maxFraction;
        while (digits > minFraction && frac % 10 == 0) {
            frac /= 10;
            digits--;
        }
        StringBuilder sb = new StringBuilder(16);
        String w = Long.toString(whole);
        if (grouping) {
            int first = w.length() % 3 == 0 ? 3 : w.length() % 3;
            sb.append(w, 0, first);
            for (int i = first; i < w.length(); i += 3) {
                sb.append(',').append(w, i, i + 3);
            }
        } else {
            sb.append(w);
        }
        if (digits > 0) {
            sb.append('.');
            String f = Long.toString(frac);
            for (int i = f.length(); i < digits; i++) {
                sb.append('0');
            }
            sb.append(f);
        }
        return sb.toString();
    }
}
