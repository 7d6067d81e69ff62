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
 *       Vb·sb²) with V the compound-Poisson variance Σw², estimated per call path as value² /
 *       samples (exact when a path's samples weigh the same) and summed for totals.</li>
 *   <li>several runs on either side: Welch's t-test on the per-run scaled values, with each
 *       side's variance moderated towards a prior measured on all nodes (see the side method)
 *       and never below the sampling noise, because two or three runs can agree by luck (0, 0, 0
 *       vs 1, 1, 1 samples is not a real change); a side with one run uses the prior as known.</li>
 *   <li>{@link NoiseModel#EXACT} with one run per side: any change is significant.</li>
 * </ul>
 * With one run per side two recordings of the same program still differ beyond sampling (JIT
 * decisions, failed stack walks, a busy machine), so the one-run tests add a relative variation c
 * and test the log ratio (Var(log X) ≈ 1/samples + c² per side, a negative-binomial shape); the
 * Poisson p-value is the larger of the exact test's and this log-ratio test's. c is given or
 * measured on the diff's own nodes ({@link EmpiricalNull}), and then the tests are centered on
 * the bulk of the profile ({@link #centeredOn}). With several runs the spread is measured
 * instead and c is not used.
 * The score is signed (positive = head larger): z, or Welch's t.
 */
final class ChangeTester {

    /** The outcome of one test; NaN p-value when there was nothing to test (zero on both sides). */
    record Outcome(double score, double pValue) {
        static final Outcome NONE = new Outcome(0, Double.NaN);
    }

    private static final double RELATIVE_TOLERANCE = 1e-12;

    private final NoiseModel model;
    private final double baseScale;
    private final double headScale;
    private final double runVariation;
    private final double baseSpread2;
    private final double headSpread2;

    /** How many degrees of freedom the prior variance of the several-runs test is worth. */
    static final int PRIOR_DF = 10;

    /**
     * @param runVariation the relative run-to-run variation c assumed for one run: a node's
     *     variance is its sampling variance plus (c·value)²; used only with one run per side
     */
    ChangeTester(NoiseModel model, double baseScale, double headScale, double runVariation) {
        this(model, baseScale, headScale, runVariation, Double.NaN, Double.NaN);
    }

    private ChangeTester(NoiseModel model, double baseScale, double headScale, double runVariation,
                       double baseSpread2, double headSpread2) {
        this.model = model;
        this.baseScale = baseScale;
        this.headScale = headScale;
        this.runVariation = runVariation;
        this.baseSpread2 = baseSpread2;
        this.headSpread2 = headSpread2;
    }

    /**
     * Returns a copy whose several-runs tests use the measured squared relative run-to-run spread
     * of each side (NaN where not measured: the assumed run variation is used).
     */
    ChangeTester withRunSpread(double base2, double head2) {
        return new ChangeTester(model, baseScale, headScale, runVariation, base2, head2);
    }

    double baseSpread2() {
        return baseSpread2;
    }

    double headSpread2() {
        return headSpread2;
    }

    double runVariation() {
        return runVariation;
    }

    double baseScale() {
        return baseScale;
    }

    double headScale() {
        return headScale;
    }

    /** Returns a copy that assumes the given relative run-to-run variation for one run per side. */
    ChangeTester withRunVariation(double value) {
        return new ChangeTester(model, baseScale, headScale, value, baseSpread2, headSpread2);
    }

    /**
     * Returns a copy whose one-run tests take "no change" to mean head = base × {@code factor}
     * (after normalization) instead of head = base: the empirical null's center (see
     * {@link EmpiricalNull}). Folding it into head's scale moves the exact binomial test's
     * null proportion and the log-ratio test's center together.
     */
    ChangeTester centeredOn(double factor) {
        return new ChangeTester(model, baseScale, headScale / factor, runVariation, baseSpread2, headSpread2);
    }

    NoiseModel model() {
        return model;
    }

    /**
     * Tests base against head.
     *
     * @param base raw values of each base run
     * @param head raw values of each head run
     * @param baseVariance the compound-Poisson variance (raw) of each base run's value, or null
     *     (needed for compound Poisson)
     * @param headVariance the same for each head run, or null
     */
    Outcome test(long[] base, long[] head, double[] baseVariance, double[] headVariance) {
        if (base.length > 1 || head.length > 1) {
            return welch(base, head, baseVariance, headVariance);
        }
        long b = base[0];
        long h = head[0];
        if (b == 0 && h == 0) {
            return Outcome.NONE;
        }
        return switch (model) {
            case EXACT -> exact(b * baseScale, h * headScale);
            case POISSON -> poisson(b, h);
            case COMPOUND_POISSON -> compound(b, h, baseVariance[0], headVariance[0]);
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
        double z = delta / Math.sqrt(h * headScale * headScale + b * baseScale * baseScale);
        // Under "no change" the scaled expectations are equal, so λh / λb = sb / sh.
        double p0 = baseScale / (baseScale + headScale);
        if (runVariation == 0) {
            return new Outcome(z, Distributions.binomialTwoSided(h, b + h, p0));
        }
        // The exact test knows small counts, the log-ratio test the run-to-run term: require both.
        double logZ = logRatioZ(b, h, b, h, 0.5);
        double logP = Distributions.normalTwoSided(logZ);
        // With many samples the run-to-run term makes the log-ratio p-value the larger one by
        // far: when even an upper bound of the exact p-value is below it (with a factor 2 to
        // spare for rounding), the max is known without the incomplete beta functions.
        if (Distributions.binomialTwoSidedBound(h, b + h, p0) <= 0.5 * logP) {
            return new Outcome(logZ, logP);
        }
        return new Outcome(logZ, Math.max(Distributions.binomialTwoSided(h, b + h, p0), logP));
    }

    private Outcome compound(long b, long h, double bVariance, double hVariance) {
        double vb = bVariance * baseScale * baseScale;
        double vh = hVariance * headScale * headScale;
        double delta = h * headScale - b * baseScale;
        double z = delta / Math.sqrt(vb + vh);
        if (runVariation > 0) {
            // Effective sample counts (value² / variance) carry the compound noise into the log
            // ratio; half a sample of the average weight keeps the log finite for an empty side.
            double bSamples = b == 0 ? 0 : (double) b * b / bVariance;
            double hSamples = h == 0 ? 0 : (double) h * h / hVariance;
            double pseudo = 0.5 * (b + h) / Math.max(1, bSamples + hSamples);
            z = logRatioZ(b + pseudo, h + pseudo, bSamples + 0.5, hSamples + 0.5, 0);
        }
        return new Outcome(z, Distributions.normalTwoSided(z));
    }

    /**
     * The Wald statistic of the log ratio of the scaled values: Var(log X) ≈ 1/samples + c² per
     * side (Poisson sampling times a log-normal run-to-run factor of relative spread c, the shape
     * of a negative binomial). A multiplicative scale suits the noise seen between recordings, and
     * unlike a linear z-test it does not cap the evidence of a path present in one run only.
     */
    private double logRatioZ(double b, double h, double bSamples, double hSamples, double pseudo) {
        double logRatio = Math.log((h + pseudo) * headScale) - Math.log((b + pseudo) * baseScale);
        double variance = 1 / (hSamples + pseudo) + 1 / (bSamples + pseudo) + 2 * runVariation * runVariation;
        return logRatio / Math.sqrt(variance);
    }

    private Outcome welch(long[] base, long[] head, double[] baseVariance, double[] headVariance) {
        Side b = side(base, baseVariance, baseScale, baseSpread2);
        Side h = side(head, headVariance, headScale, headSpread2);
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

    /**
     * One side's mean and moderated variance. Two or three runs estimate a variance very poorly,
     * and with hundreds of nodes tested Student's t on 2 degrees of freedom would need t &gt; 30;
     * so, as limma does for microarrays, each node's sample variance is shrunk towards a prior
     * that borrows strength from all nodes: the sampling variance plus (c·mean)², c² measured on
     * the within-side spread of every node (see {@link RunSpread}), worth {@value #PRIOR_DF}
     * degrees of freedom. The result is never below the sampling variance.
     */
    private Side side(long[] raw, double[] variances, double scale, double spread2) {
        int n = raw.length;
        double sum = 0;
        double varianceSum = 0;
        for (int i = 0; i < n; i++) {
            sum += raw[i];
            varianceSum += variances == null ? 0 : variances[i];
        }
        double meanRaw = sum / n;
        double mean = meanRaw * scale;
        double floor = switch (model) {
            case EXACT -> 0;
            case POISSON -> meanRaw * scale * scale;
            case COMPOUND_POISSON -> varianceSum / n * scale * scale;
        };
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
        double moderated = (PRIOR_DF * prior + (n - 1) * sample) / (PRIOR_DF + n - 1);
        return new Side(n, mean, Math.max(moderated, floor), PRIOR_DF + n - 1);
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
