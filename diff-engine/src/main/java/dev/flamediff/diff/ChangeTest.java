package dev.flamediff.diff;

import dev.flamediff.diff.stats.Distributions;

/**
 * Tests one change (one node's self or total, or an aggregate of nodes) between base and head
 * against the noise its values imply. Stateless apart from the scale factors, so one instance
 * serves a whole diff and may be shared between threads.
 *
 * <p>Which test runs:
 * <ul>
 *   <li>one run per side, {@link NoiseModel#POISSON}: the exact conditional binomial test. Given
 *       n = b + h raw samples, h ~ Binomial(n, sb / (sb + sh)) when the scaled expectations are
 *       equal. Exact for the small counts where the normal approximation lies (1 vs 3 samples),
 *       and cheap for large ones (the incomplete beta converges in O(√n) steps).</li>
 *   <li>one run per side, {@link NoiseModel#COMPOUND_POISSON}: z = (h·sh − b·sb) / √(Vh·sh² +
 *       Vb·sb²) with V = value² / samples, the compound-Poisson variance Σw² when a node's samples
 *       weigh the same (a lower bound otherwise).</li>
 *   <li>several runs on either side: Welch's t-test on the per-run scaled values. Each side's
 *       variance is floored at the sampling noise of the model, because two or three runs can
 *       agree by luck (0, 0, 0 vs 1, 1, 1 samples is not a real change); a side with one run uses
 *       the model variance as known (no degrees of freedom).</li>
 *   <li>{@link NoiseModel#EXACT} with one run per side: any change is significant.</li>
 * </ul>
 * The score is signed (positive = head larger): z, or Welch's t.
 */
final class ChangeTest {

    /** The outcome of one test; NaN p-value when there was nothing to test (zero on both sides). */
    record Outcome(double score, double pValue) {
        static final Outcome NONE = new Outcome(0, Double.NaN);
    }

    private static final double RELATIVE_TOLERANCE = 1e-12;

    private final NoiseModel model;
    private final double baseScale;
    private final double headScale;
    private final double dispersion;

    ChangeTest(NoiseModel model, double baseScale, double headScale) {
        this(model, baseScale, headScale, 1);
    }

    private ChangeTest(NoiseModel model, double baseScale, double headScale, double dispersion) {
        this.model = model;
        this.baseScale = baseScale;
        this.headScale = headScale;
        this.dispersion = dispersion;
    }

    /**
     * Returns a copy whose one-run tests assume the variance is {@code dispersion} times the
     * model's (quasi-Poisson); see {@link DispersionEstimator}.
     */
    ChangeTest withDispersion(double value) {
        return new ChangeTest(model, baseScale, headScale, value);
    }

    double dispersion() {
        return dispersion;
    }

    NoiseModel model() {
        return model;
    }

    /**
     * Tests base against head.
     *
     * @param base raw values of each base run
     * @param head raw values of each head run
     * @param baseCounts raw sample counts of each base run, or null (needed for compound Poisson)
     * @param headCounts raw sample counts of each head run, or null
     */
    Outcome test(long[] base, long[] head, long[] baseCounts, long[] headCounts) {
        if (base.length > 1 || head.length > 1) {
            return welch(base, head, baseCounts, headCounts);
        }
        long b = base[0];
        long h = head[0];
        if (b == 0 && h == 0) {
            return Outcome.NONE;
        }
        return switch (model) {
            case EXACT -> exact(b * baseScale, h * headScale);
            case POISSON -> poisson(b, h);
            case COMPOUND_POISSON -> compound(b, h, baseCounts[0], headCounts[0]);
        };
    }

    private Outcome exact(double b, double h) {
        if (Math.abs(h - b) <= RELATIVE_TOLERANCE * Math.max(Math.abs(h), Math.abs(b))) {
            return new Outcome(0, 1);
        }
        return new Outcome(h > b ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY, 0);
    }

    private Outcome poisson(long b, long h) {
        double delta = h * headScale - b * baseScale;
        double z = delta / Math.sqrt(dispersion * (h * headScale * headScale + b * baseScale * baseScale));
        // Under "no change" the scaled expectations are equal, so λh / λb = sb / sh. Dividing the
        // counts by the dispersion gives the effective counts whose binomial variance matches.
        double p0 = baseScale / (baseScale + headScale);
        return new Outcome(z, Distributions.binomialTwoSided(h / dispersion, (b + h) / dispersion, p0));
    }

    private Outcome compound(long b, long h, long bc, long hc) {
        double vb = weightedVariance(b, bc) * baseScale * baseScale;
        double vh = weightedVariance(h, hc) * headScale * headScale;
        double delta = h * headScale - b * baseScale;
        double z = delta / Math.sqrt(dispersion * (vb + vh));
        return new Outcome(z, Distributions.normalTwoSided(z));
    }

    /** Σw² estimated from the sum of weights and the number of samples. */
    static double weightedVariance(double value, double count) {
        if (value == 0) {
            return 0;
        }
        // A value without samples means the counts were lost; count it as one sample (the widest).
        return value * value / Math.max(1, count);
    }

    private Outcome welch(long[] base, long[] head, long[] baseCounts, long[] headCounts) {
        Side b = side(base, baseCounts, baseScale);
        Side h = side(head, headCounts, headScale);
        if (b.mean == 0 && h.mean == 0) {
            return Outcome.NONE;
        }
        double se2 = b.varianceOfMean() + h.varianceOfMean();
        if (se2 == 0) {
            return exact(b.mean, h.mean);
        }
        double t = (h.mean - b.mean) / Math.sqrt(se2);
        double dfDenominator = b.dfTerm() + h.dfTerm();
        double df = dfDenominator == 0 ? Double.POSITIVE_INFINITY : se2 * se2 / dfDenominator;
        return new Outcome(t, Distributions.studentTwoSided(t, df));
    }

    private Side side(long[] raw, long[] counts, double scale) {
        int n = raw.length;
        double sum = 0;
        double countSum = 0;
        for (int i = 0; i < n; i++) {
            sum += raw[i];
            countSum += counts == null ? 0 : counts[i];
        }
        double meanRaw = sum / n;
        double floor = switch (model) {
            case EXACT -> 0;
            case POISSON -> meanRaw * scale * scale;
            case COMPOUND_POISSON -> weightedVariance(meanRaw, countSum / n) * scale * scale;
        };
        double variance = floor;
        if (n > 1) {
            double ss = 0;
            for (long v : raw) {
                double d = v * scale - meanRaw * scale;
                ss += d * d;
            }
            variance = Math.max(ss / (n - 1), floor);
        }
        return new Side(n, meanRaw * scale, variance);
    }

    /** One side's runs: count, mean and per-run variance, all scaled. */
    private record Side(int n, double mean, double variance) {
        double varianceOfMean() {
            return variance / n;
        }

        /** This side's term of the Welch–Satterthwaite denominator; 0 for a known variance. */
        double dfTerm() {
            if (n < 2) {
                return 0;
            }
            double v = varianceOfMean();
            return v * v / (n - 1);
        }
    }
}
