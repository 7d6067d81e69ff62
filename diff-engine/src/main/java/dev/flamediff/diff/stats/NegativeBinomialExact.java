package dev.flamediff.diff.stats;

/**
 * The exact test of two groups of counts with negative-binomial noise, as edgeR's
 * {@code exactTest} does it for RNA-seq counts with few replicates (Robinson and Smyth 2008).
 *
 * <p>Each run's count of a call path is negative binomial: Poisson sampling times a run-to-run
 * factor, so its variance is μ + φμ² with φ the squared relative run-to-run variation (the "c" of
 * the one-run tests). The sum of a group of n runs with equal means is again negative binomial,
 * with mean nμ and dispersion φ / n, so the head sum given the total of both groups has a
 * distribution that depends on the data only through that total and the expected ratio of the
 * two means; the test sums it exactly (twice the smaller tail).
 *
 * <p>Why this test and not a Wald test on the log ratio: a count of 0 against 47 is a certain
 * change (sampling alone gives it with probability about 10⁻¹²; a plausible run-to-run factor
 * does not make 47 samples vanish either), and the exact sum says so, while a log ratio needs a
 * pseudo-count whose variance alone (2 for half a sample) drowns the evidence. For large counts
 * the two agree, and the test takes the cheaper log-ratio form for large totals where it is
 * accurate enough for the decision (see {@link #test}).
 */
public final class NegativeBinomialExact {

    /** The largest total of both groups summed exactly; above it the log-ratio normal approximation. */
    public static final int EXACT_LIMIT = 4096;

    /**
     * Below this absolute log-ratio z the approximation decides: the p-value is above 0.13 and no
     * decision at a false discovery rate of a few percent turns on its third digit.
     */
    private static final double CLEARLY_NULL_Z = 1.5;

    /**
     * Above this absolute log-ratio z the approximation decides: its p-value is below 10⁻⁹, and
     * with a side near zero the exact one is smaller still (the pseudo-count only understates).
     */
    private static final double CLEARLY_CHANGED_Z = 6;

    /**
     * From this many samples on each side the log ratio is close enough to normal that its
     * p-value serves as well as the exact sum, which would cost a pass over every split.
     */
    private static final int LARGE_SIDE = 20;

    /** Up to this total the exact sum always runs: it is cheap, and the approximation is poor there. */
    private static final int SMALL = 256;

    private NegativeBinomialExact() {
    }

    /** A test's outcome: the signed log-ratio z (positive when head is larger) and the p-value. */
    public record Result(double z, double pValue) {
    }

    /**
     * Tests whether head's counts differ from base's more than negative-binomial noise explains.
     *
     * @param base the sum of the base runs' counts (may be an effective count, fractional)
     * @param head the sum of the head runs' counts
     * @param baseRuns how many runs the base sum adds up, at least 1
     * @param headRuns how many runs the head sum adds up, at least 1
     * @param ratio the expected head per-run mean over the base per-run mean when nothing changed
     *     (the inverse ratio of the two sides' scale factors, times any centering), positive
     * @param dispersion φ: the squared relative run-to-run variation of one run, at least 0
     * @return the signed z and the two-sided p-value; p = 1 when both sums are 0
     */
    public static Result test(double base, double head, int baseRuns, int headRuns, double ratio, double dispersion) {
        return test(base, head, baseRuns, headRuns, ratio, dispersion, null);
    }

    /**
     * Tests as {@link #test(double, double, int, int, double, double)} does, taking exact p-values
     * already summed from {@code memo} (null: none).
     */
    public static Result test(double base, double head, int baseRuns, int headRuns, double ratio, double dispersion,
                              ExactPValues memo) {
        if (base <= 0 && head <= 0) {
            return new Result(0, 1);
        }
        double z = logRatioZ(base, head, baseRuns, headRuns, ratio, dispersion);
        double total = base + head;
        boolean whole = base == Math.rint(base) && head == Math.rint(head);
        boolean approximate = !whole || total > EXACT_LIMIT
                || total > SMALL && (Math.min(base, head) >= LARGE_SIDE
                        || Math.abs(z) < CLEARLY_NULL_Z || Math.abs(z) > CLEARLY_CHANGED_Z);
        if (approximate) {
            return new Result(z, Distributions.normalTwoSided(z));
        }
        return new Result(z, memo == null ? exact((long) base, (long) head, baseRuns, headRuns, ratio, dispersion)
                : memo.exact((long) base, (long) head, baseRuns, headRuns, ratio, dispersion));
    }

    /**
     * The Wald statistic of the log ratio of the per-run means, with half a sample added to each
     * side: Var(log X) ≈ 1 / count + φ / runs per group.
     */
    static double logRatioZ(double base, double head, int baseRuns, int headRuns, double ratio, double dispersion) {
        double b = base + 0.5;
        double h = head + 0.5;
        double logRatio = Math.log(h / headRuns) - Math.log(b / baseRuns) - Math.log(ratio);
        double variance = 1 / h + 1 / b + dispersion / baseRuns + dispersion / headRuns;
        return logRatio / Math.sqrt(variance);
    }

    /** The exact conditional p-value: twice the smaller tail of the head count given the total. */
    static double exact(long base, long head, int baseRuns, int headRuns, double ratio, double dispersion) {
        if (dispersion <= 0) {
            return binomial(base, head, baseRuns, headRuns, ratio);
        }
        return tails(weights(base + head, baseRuns, headRuns, ratio, dispersion), head);
    }

    /** The test without run-to-run variation: the head count given the total is binomial. */
    static double binomial(long base, long head, int baseRuns, int headRuns, double ratio) {
        long n = base + head;
        double mu = n / (baseRuns + headRuns * ratio);
        double meanHead = headRuns * ratio * mu;
        return Distributions.binomialTwoSided(head, n, meanHead / n);
    }

    /**
     * The weights of every head count 0 to n given the total n, relative to the largest: the
     * distribution {@link #exact} sums, which depends on the total and not on how it splits, so
     * the tests of one total can share it. For a positive dispersion.
     */
    static double[] weights(long n, int baseRuns, int headRuns, double ratio, double dispersion) {
        // The common per-run base mean that makes the two expected sums add up to the total.
        double mu = n / (baseRuns + headRuns * ratio);
        double meanHead = headRuns * ratio * mu;
        double meanBase = baseRuns * mu;
        double sizeHead = headRuns / dispersion;
        double sizeBase = baseRuns / dispersion;
        double qHead = meanHead / (sizeHead + meanHead);
        double qBase = meanBase / (sizeBase + meanBase);
        int count = (int) n + 1;
        double[] logWeight = new double[count];
        // log f_H(k) + log f_B(n − k) up to a constant, built by the ratio of neighbouring terms:
        // f(k + 1) / f(k) = (k + size) / (k + 1) · q for a negative binomial.
        double lw = 0;
        // The k = 0 term relative to the constant: f_B(n) / f_B(0) = Π_{j<n} (j + sizeBase) / (j + 1) · qBase.
        double logBaseAtN = 0;
        for (long j = 0; j < n; j++) {
            logBaseAtN += Math.log((j + sizeBase) / (j + 1) * qBase);
        }
        lw = logBaseAtN;
        logWeight[0] = lw;
        double max = lw;
        for (int k = 0; k < n; k++) {
            long rest = n - k;
            // Head goes k → k + 1, base goes rest → rest − 1.
            lw += Math.log((k + sizeHead) / (k + 1) * qHead) - Math.log((rest - 1 + sizeBase) / rest * qBase);
            logWeight[k + 1] = lw;
            max = Math.max(max, lw);
        }
        for (int k = 0; k < count; k++) {
            logWeight[k] = Math.exp(logWeight[k] - max);
        }
        return logWeight;
    }

    /** Twice the smaller tail at the observed head count of the {@link #weights}, at most 1. */
    static double tails(double[] weights, long head) {
        double sum = 0;
        double lower = 0;
        double upper = 0;
        int observed = (int) head;
        for (int k = 0; k < weights.length; k++) {
            double w = weights[k];
            sum += w;
            if (k <= observed) {
                lower += w;
            }
            if (k >= observed) {
                upper += w;
            }
        }
        return Math.min(1, 2 * Math.min(lower, upper) / sum);
    }
}
