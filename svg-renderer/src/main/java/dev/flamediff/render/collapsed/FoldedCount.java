package dev.flamediff.render.collapsed;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Formats a count column of 3-column collapsed output the way difffolded.pl prints its numbers,
 * so that flamediff's lines compare equal to the script's on the same input.
 */
final class FoldedCount {

    /**
     * Scaling by a normalization factor is done in floating point, which can land a hair below an
     * exact integer quotient (2.9999999999999996 for 3); difffolded.pl's integer-exact arithmetic
     * would not, so values this close to an integer count as that integer before truncation.
     */
    private static final double SNAP = 1e-12;

    /** Perl prints numbers with 15 significant digits. */
    private static final MathContext PERL_DIGITS = new MathContext(15);

    private FoldedCount() {
    }

    /**
     * Returns the value as difffolded.pl prints an unnormalized sum: an integer without a
     * fraction, otherwise 15 significant digits without trailing zeros (a mean over several runs).
     */
    static String exact(double value) {
        return exact(value, 0);
    }

    /**
     * Returns a value stored in units of 10<sup>-decimals</sup> (see
     * {@link dev.flamediff.model.ValueType#decimals()}) as difffolded.pl prints the sum of the
     * fractional counts it read: the exact decimal when the sum is a whole number of units (Perl
     * would show it with 15 significant digits, which a sum of counts of a few decimals fits),
     * otherwise 15 significant digits.
     */
    static String exact(double value, int decimals) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            if (decimals == 0) {
                return Long.toString((long) value);
            }
            return plain(BigDecimal.valueOf((long) value).movePointLeft(decimals));
        }
        return plain(new BigDecimal(value).movePointLeft(decimals).round(PERL_DIGITS));
    }

    private static String plain(BigDecimal d) {
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }

    /**
     * Returns the value truncated toward zero to an integer, as difffolded.pl's {@code -n} does
     * with {@code int()} after scaling.
     */
    static String truncated(double value) {
        double nearest = Math.rint(value);
        if (Math.abs(value - nearest) <= SNAP * Math.max(1, Math.abs(value))) {
            return Long.toString((long) nearest);
        }
        return Long.toString((long) value);
    }
}
