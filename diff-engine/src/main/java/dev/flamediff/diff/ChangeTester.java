package dev.flamediff.diff;

import dev.flamediff.diff.stats.ExactPValues;
import dev.flamediff.diff.stats.NegativeBinomialExact;

/**
 * Tests one change (one node's self or total, or an aggregate of nodes) between base and head
 * against the noise its values imply. Immutable apart from a thread-safe memo of the exact
 * p-values summed so far (shared by its copies), so one instance serves a whole diff and may be
 * shared between threads.
 *
 * <p>Sampled counts are tested with one count model whatever the number of runs: a negative
 * binomial, Poisson sampling times a run-to-run factor of relative spread c (variance μ + c²μ²),
 * with edgeR's exact test on the two sides' sums ({@link NegativeBinomialExact}). It handles
 * zeros and small counts exactly (0 against 47 samples is a certain change; 1 against 3 is
 * nothing), and with several runs per side each side's sum has dispersion c² / runs, so more
 * runs never detect less than one.
 * <ul>
 *   <li>c with one run per side: given, or measured on the diff's own nodes
 *       ({@link EmpiricalNull}), and then the tests are centered on the bulk of the profile
 *       ({@link #centeredOn}).</li>
 *   <li>c with several runs: the spread measured across all nodes' runs ({@link RunSpread}),
 *       moderated towards the node's own runs (see the dispersion method).</li>
 *   <li>{@link NoiseModel#COMPOUND_POISSON} (weighted samples): the same test on effective sample
 *       counts, value² / Σw², the count of equal-weight samples with the same relative noise.</li>
 *   <li>{@link NoiseModel#EXACT}: with one run per side any change is significant; with several,
 *       Welch's t-test on the runs (moderated as limma does, {@link ModeratedWelch}).</li>
 * </ul>
 * The score is signed (positive = head larger): the log-ratio z, or Welch's t.
 */
final class ChangeTester {

    /** The outcome of one test; NaN p-value when there was nothing to test (zero on both sides). */
    record Outcome(double score, double pValue) {
        static final Outcome NONE = new Outcome(0, Double.NaN);

        private static final double RELATIVE_TOLERANCE = 1e-12;

        /**
         * The outcome for exact (noise-free) values: no change when they agree to rounding, else
         * a certain change.
         */
        static Outcome exact(double b, double h) {
            if (Math.abs(h - b) <= RELATIVE_TOLERANCE * Math.max(Math.abs(h), Math.abs(b))) {
                return new Outcome(0, 1);
            }
            return new Outcome(h > b ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY, 0);
        }
    }

    private final NoiseModel model;
    private final double baseScale;
    private final double headScale;
    private final double runVariation;
    private final double baseSpread2;
    private final double headSpread2;
    private final double systemVariation;
    /** Shared by every copy: the exact p-values the diff's tests have summed. */
    private final ExactPValues exactPValues;
    /** Per run (base first), what several-runs tests divide its values by, or null ({@link RunSizes}). */
    private final double[] runSizes;
    /** The variance of the log of the center the several-runs tests are centered on, 0 for none. */
    private final double centerVariance;

    /**
     * @param runVariation the relative run-to-run variation c assumed for one run: a node's
     *     variance is its sampling variance plus (c·value)²; used only with one run per side
     */
    ChangeTester(NoiseModel model, double baseScale, double headScale, double runVariation) {
        this(model, baseScale, headScale, runVariation, Double.NaN, Double.NaN, Double.NaN, new ExactPValues(), null, 0);
    }

    private ChangeTester(NoiseModel model, double baseScale, double headScale, double runVariation,
                       double baseSpread2, double headSpread2, double systemVariation, ExactPValues exactPValues,
                       double[] runSizes, double centerVariance) {
        this.exactPValues = exactPValues;
        this.runSizes = runSizes;
        this.centerVariance = centerVariance;
        this.model = model;
        this.baseScale = baseScale;
        this.headScale = headScale;
        this.runVariation = runVariation;
        this.baseSpread2 = baseSpread2;
        this.headSpread2 = headSpread2;
        this.systemVariation = systemVariation;
    }

    /**
     * Returns a copy whose several-runs tests use the measured squared relative run-to-run spread
     * of each side (NaN where not measured: the assumed run variation is used).
     */
    ChangeTester withRunSpread(double base2, double head2) {
        return new ChangeTester(model, baseScale, headScale, runVariation, base2, head2, systemVariation,
                exactPValues, runSizes, centerVariance);
    }

    /**
     * Returns a copy whose several-runs tests divide each run's value by its size factor first
     * ({@link RunSizes}; null for none): the node tests' tester, not the whole profile's.
     */
    ChangeTester withRunSizes(double[] sizes) {
        return new ChangeTester(model, baseScale, headScale, runVariation, baseSpread2, headSpread2, systemVariation,
                exactPValues, sizes, centerVariance);
    }

    /**
     * Returns a copy whose several-runs tests add the variance of the log of their center (see
     * {@link SizeRatio#median}) to the variance of the change they test.
     */
    ChangeTester withCenterVariance(double value) {
        return new ChangeTester(model, baseScale, headScale, runVariation, baseSpread2, headSpread2, systemVariation,
                exactPValues, runSizes, value);
    }

    double[] runSizes() {
        return runSizes;
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
        return new ChangeTester(model, baseScale, headScale, value, baseSpread2, headSpread2, systemVariation,
                exactPValues, runSizes, centerVariance);
    }

    /**
     * Returns a copy whose one-run tests take "no change" to mean head = base × {@code factor}
     * (after normalization) instead of head = base: the empirical null's center (see
     * {@link EmpiricalNull}). Folding it into head's scale moves the exact binomial test's
     * null proportion and the log-ratio test's center together.
     */
    ChangeTester centeredOn(double factor) {
        return new ChangeTester(model, baseScale, headScale / factor, runVariation, baseSpread2, headSpread2, systemVariation,
                exactPValues, runSizes, centerVariance);
    }

    NoiseModel model() {
        return model;
    }

    /**
     * Returns a copy whose tests give system work ({@link FrameClass}) the relative run-to-run
     * variation {@code value} instead of the program's: with one run per side its c, with several
     * the prior of its spread (never below the program's measured spread); NaN for the same as
     * the program's.
     */
    ChangeTester withSystemVariation(double value) {
        return new ChangeTester(model, baseScale, headScale, runVariation, baseSpread2, headSpread2, value,
                exactPValues, runSizes, centerVariance);
    }

    double systemVariation() {
        return systemVariation;
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
        return test(base, head, baseVariance, headVariance, 0);
    }

    /**
     * Tests base against head, for a value of which {@code systemShare} (0 to 1) is system work:
     * with one run per side its run-to-run variance is the sum of the two parts', c²(1 − s)² +
     * c_sys²·s² relative to the squared mean (the moments of a sum, matched by one negative
     * binomial).
     */
    Outcome test(long[] base, long[] head, double[] baseVariance, double[] headVariance, double systemShare) {
        if (runSizes != null && runSizes.length == base.length + head.length) {
            base = pseudoCounts(base, 0);
            head = pseudoCounts(head, base.length);
        }
        long b = sum(base);
        long h = sum(head);
        if (b == 0 && h == 0) {
            return Outcome.NONE;
        }
        if (model == NoiseModel.EXACT) {
            return base.length > 1 || head.length > 1
                    ? ModeratedWelch.test(base, baseScale, baseSpread2, head, headScale, headSpread2, runVariation)
                    : Outcome.exact(b * baseScale, h * headScale);
        }
        double dispersion = dispersion(base, head, baseVariance, headVariance, systemShare);
        // Under "no change" the scaled per-run means are equal: μh · sh = μb · sb.
        double ratio = baseScale / headScale;
        if (model == NoiseModel.POISSON) {
            NegativeBinomialExact.Result r = NegativeBinomialExact.test(b, h, base.length, head.length, ratio, dispersion,
                    exactPValues);
            return new Outcome(r.z(), r.pValue());
        }
        // Weighted samples: the test runs on effective sample counts (value² / variance, the
        // number of equal-weight samples with the same relative noise), and the expected ratio
        // of those counts carries the two sides' mean weights.
        double vb = sum(baseVariance);
        double vh = sum(headVariance);
        double kb = b == 0 ? 0 : (double) b * b / vb;
        double kh = h == 0 ? 0 : (double) h * h / vh;
        double wb = b == 0 ? (double) h / kh : b / kb;
        double wh = h == 0 ? wb : h / kh;
        NegativeBinomialExact.Result r = NegativeBinomialExact.test(kb, kh, base.length, head.length,
                ratio * wb / wh, dispersion, exactPValues);
        return new Outcome(r.z(), r.pValue());
    }

    private long[] pseudoCounts(long[] values, int firstRun) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = RunSizes.pseudoCount(values[i], runSizes[firstRun + i]);
        }
        return out;
    }

    private static long sum(long[] values) {
        long s = 0;
        for (long v : values) {
            s += v;
        }
        return s;
    }

    private static double sum(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s;
    }

    /**
     * The negative-binomial dispersion φ (squared relative run-to-run variation of one run) for
     * one change. One run per side: the run variation, given or measured on the diff. Several
     * runs: the spread measured on all nodes' runs, moderated towards what this node's own runs
     * show (weighted by their degrees of freedom against {@value RunSpread#PRIOR_DF} for the
     * common value, as edgeR's weighted-likelihood dispersion does), so a node whose runs disagree
     * wildly is judged on its own noise and two runs that agree by luck are not trusted alone.
     */
    private double dispersion(long[] base, long[] head, double[] baseVariance, double[] headVariance,
                              double systemShare) {
        double common = runVariation * runVariation;
        if (base.length == 1 && head.length == 1) {
            if (Double.isNaN(systemVariation) || systemShare <= 0) {
                return common;
            }
            double app = (1 - systemShare) * runVariation;
            double sys = systemShare * systemVariation;
            return app * app + sys * sys;
        }
        double measured = pooled(baseSpread2, base.length, headSpread2, head.length);
        if (!Double.isNaN(measured)) {
            common = measured;
            if (!Double.isNaN(systemVariation) && systemShare > 0) {
                // The system part's prior is system work's own spread, never below the program's.
                double system = Math.max(systemVariation * systemVariation, common);
                common = (1 - systemShare) * (1 - systemShare) * common + systemShare * systemShare * system;
            }
        }
        double ownSum = 0;
        int ownDf = 0;
        for (int side = 0; side < 2; side++) {
            long[] raw = side == 0 ? base : head;
            double[] variances = side == 0 ? baseVariance : headVariance;
            int n = raw.length;
            if (n < 2) {
                continue;
            }
            double mean = (double) sum(raw) / n;
            if (mean == 0) {
                continue;
            }
            double ss = 0;
            for (long v : raw) {
                ss += (v - mean) * (v - mean);
            }
            double sampling = variances == null ? mean : sum(variances) / n;
            ownSum += (n - 1) * Math.max(0, (ss / (n - 1) - sampling) / (mean * mean));
            ownDf += n - 1;
        }
        // The center's own error, spread over the runs: the log ratio's variance is about
        // φ / base runs + φ / head runs.
        double center = centerVariance / (1.0 / base.length + 1.0 / head.length);
        if (ownDf == 0) {
            return common + center;
        }
        if (Double.isNaN(measured)) {
            // Too few nodes to measure a spread (a tiny profile), or the whole profile, whose
            // runs vary with the machine rather than as its nodes do: the runs speak for themselves.
            return ownSum / ownDf + center;
        }
        return (RunSpread.PRIOR_DF * common + ownSum) / (RunSpread.PRIOR_DF + ownDf) + center;
    }

    /** Pools two sides' squared spreads by their degrees of freedom; either may be NaN (not measured). */
    static double pooled(double a2, int na, double b2, int nb) {
        if (Double.isNaN(a2)) {
            return b2;
        }
        if (Double.isNaN(b2)) {
            return a2;
        }
        return (a2 * (na - 1) + b2 * (nb - 1)) / (na + nb - 2);
    }

}
