package dev.flamediff.diff;

import dev.flamediff.diff.stats.Distributions;

/**
 * Welch's t-test between several runs per side of exact values ({@link NoiseModel#EXACT}: no
 * sampling noise), each side's variance moderated towards a prior as limma does. The test
 * {@link ChangeTester} runs for exact values when a side has more than one run.
 */
final class ModeratedWelch {

    private ModeratedWelch() {
    }

    /**
     * Tests base against head.
     *
     * @param base raw values of each base run
     * @param baseScale the factor base's values are normalized by
     * @param baseSpread2 base's squared relative run-to-run spread measured over all nodes
     *     ({@link RunSpread}), NaN when not measured
     * @param runVariation the relative run-to-run variation assumed where no spread was measured
     */
    static ChangeTester.Outcome test(long[] base, double baseScale, double baseSpread2,
                                     long[] head, double headScale, double headSpread2, double runVariation) {
        Side b = side(base, baseScale, baseSpread2, runVariation);
        Side h = side(head, headScale, headSpread2, runVariation);
        if (b.mean == 0 && h.mean == 0) {
            return ChangeTester.Outcome.NONE;
        }
        double se2 = b.varianceOfMean() + h.varianceOfMean();
        if (se2 == 0) {
            return ChangeTester.Outcome.exact(b.mean, h.mean);
        }
        double t = (h.mean - b.mean) / Math.sqrt(se2);
        double dfDenominator = b.dfTerm() + h.dfTerm();
        double df = dfDenominator == 0 ? Double.POSITIVE_INFINITY : se2 * se2 / dfDenominator;
        return new ChangeTester.Outcome(t, Distributions.studentTwoSided(t, df));
    }

    /**
     * One side's mean and moderated variance. Two or three runs estimate a variance very poorly,
     * and with hundreds of nodes tested Student's t on 2 degrees of freedom would need t &gt; 30;
     * so, as limma does for microarrays, each node's sample variance is shrunk towards a prior
     * that borrows strength from all nodes: (c·mean)², c² measured on the within-side spread of
     * every node (see {@link RunSpread}), worth {@value RunSpread#PRIOR_DF} degrees of freedom.
     * Exact values have no sampling variance, so the variance's floor is 0.
     */
    private static Side side(long[] raw, double scale, double spread2, double runVariation) {
        int n = raw.length;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += raw[i];
        }
        double mean = sum / n * scale;
        double floor = 0;
        double c2 = Double.isNaN(spread2) ? runVariation * runVariation : spread2;
        double prior = floor + c2 * mean * mean;
        if (n == 1) {
            return new Side(1, mean, prior, Double.POSITIVE_INFINITY);
        }
        double ss = 0;
        for (long v : raw) {
            double d = v * scale - mean;
            ss += d * d;
        }
        double sample = ss / (n - 1);
        if (Double.isNaN(spread2)) {
            // Too few nodes to measure a spread (a tiny profile): the runs speak for themselves.
            return new Side(n, mean, Math.max(sample, floor), n - 1);
        }
        double moderated = (RunSpread.PRIOR_DF * prior + (n - 1) * sample) / (RunSpread.PRIOR_DF + n - 1);
        return new Side(n, mean, Math.max(moderated, floor), RunSpread.PRIOR_DF + n - 1);
    }

    /** One side's runs: count, mean, per-run variance (all scaled) and its degrees of freedom. */
    private record Side(int n, double mean, double variance, double df) {
        double varianceOfMean() {
            return variance / n;
        }

        /** This side's term of the Welch–Satterthwaite denominator; 0 for a known variance. */
        double dfTerm() {
            if (Double.isInfinite(df)) {
                return 0;
            }
            double v = varianceOfMean();
            return v * v / df;
        }
    }
}
