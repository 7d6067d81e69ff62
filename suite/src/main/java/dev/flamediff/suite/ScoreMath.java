package dev.flamediff.suite;

import dev.flamediff.diff.stats.Distributions;

/** Quantiles and the two formulas of the report: the false-alert chance and the forks a change needs. */
final class ScoreMath {

    /** The power the recommended fork count aims at: a real change of that size is found 80% of the time. */
    static final double POWER = 0.8;

    private ScoreMath() {
    }

    /**
     * Returns the chance that a naive gate at {@code threshold} (a fraction) fails on noise alone
     * when a run's score varies with coefficient of variation {@code cv}: 2[1 - Phi(threshold/cv)].
     * NaN when the CV is unknown.
     */
    static double falseAlert(double threshold, double cv) {
        if (!(cv >= 0) || !(threshold >= 0)) {
            return Double.NaN;
        }
        if (cv == 0) {
            return threshold == 0 ? 1 : 0;
        }
        return Distributions.normalTwoSided(threshold / cv);
    }

    /**
     * Returns the forks per side with which a change of {@code change} (a fraction) stands out of
     * a run-to-run variation {@code cv} at the level, with {@link #POWER}: 2 (z_a + z_b)^2 cv^2 / change^2,
     * at least 3 (two forks leave Welch's test two degrees of freedom). Integer.MAX_VALUE for no change.
     */
    static int forksNeeded(double change, double cv, double level) {
        if (!(cv >= 0) || Double.isNaN(change)) {
            return -1;
        }
        if (change == 0) {
            return Integer.MAX_VALUE;
        }
        double z = normalQuantile(1 - level / 2) + normalQuantile(POWER);
        double n = 2 * z * z * cv * cv / (change * change);
        return n >= 1e6 ? Integer.MAX_VALUE : Math.max(3, (int) Math.ceil(n));
    }

    /** Returns the standard normal quantile of p in (0, 1). */
    static double normalQuantile(double p) {
        // P(|Z| >= z) = 2(1 - p) for p > 1/2; bisection on the two-sided tail, which is monotone.
        if (p == 0.5) {
            return 0;
        }
        double tail = 2 * Math.min(p, 1 - p);
        double lo = 0;
        double hi = 40;
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (Distributions.normalTwoSided(mid) > tail) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double z = (lo + hi) / 2;
        return p > 0.5 ? z : -z;
    }

    /** Returns t such that P(|T| >= t) = tail for Student's t with df degrees of freedom. */
    static double studentTwoSidedQuantile(double tail, double df) {
        double lo = 0;
        double hi = 1;
        while (Distributions.studentTwoSided(hi, df) > tail && hi < 1e12) {
            hi *= 2;
        }
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (Distributions.studentTwoSided(mid, df) > tail) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }
}
