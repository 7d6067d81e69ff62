package dev.flamediff.suite;

/**
 * A benchmark's score, base against head, judged on its own measurements: the relative change of
 * the score, and, when both sides ran two forks or more, Welch's test on the fork means with its
 * confidence interval (on the log scale). With one fork on a side the fork-to-fork variation is unknown, and a
 * verdict from the iterations alone would call the next fork's different JIT decisions a
 * regression, so the change is not measurable.
 *
 * @param base base's measurements
 * @param head head's measurements
 * @param higherIsBetter whether a higher score is better (throughput)
 * @param unit the score's unit
 * @param change head's score relative to base's, minus 1 (-0.25: head scores 25% less), from the
 *     scores JMH reports (means of all iterations)
 * @param low the interval's lower end, on the same scale as {@code change} (the ratio of the fork
 *     means' geometric means, minus 1); NaN when not measurable
 * @param high the interval's upper end; NaN when not measurable
 * @param pValue Welch's two-sided p-value; NaN when not measurable
 * @param level the interval is the {@code 1 - level} confidence interval
 */
public record ScoreComparison(SideScores base, SideScores head, boolean higherIsBetter, String unit,
                              double change, double low, double high, double pValue, double level) {

    /**
     * Compares two sides' measurements of one benchmark at the level (0.01 for a 99% interval).
     * The test runs on the logarithms of the fork means: a score change is a ratio (twice as slow
     * is as far from base as half as slow), and its interval then stays above -100%.
     */
    public static ScoreComparison of(JmhResult base, JmhResult head, double level) {
        SideScores b = SideScores.of(base);
        SideScores h = SideScores.of(head);
        double change = h.score() / b.score() - 1;
        boolean higher = head.higherIsBetter();
        String unit = head.unit();
        double[] lb = logForkMeans(base);
        double[] lh = logForkMeans(head);
        if (lb.length < 2 || lh.length < 2) {
            return new ScoreComparison(b, h, higher, unit, change, Double.NaN, Double.NaN, Double.NaN, level);
        }
        double d = SideScores.mean(lh) - SideScores.mean(lb);
        double sb = SideScores.sd(lb);
        double sh = SideScores.sd(lh);
        double vb = sb * sb / lb.length;
        double vh = sh * sh / lh.length;
        double se = Math.sqrt(vb + vh);
        double ratio = Math.exp(d) - 1;
        if (se == 0) {
            return new ScoreComparison(b, h, higher, unit, change, ratio, ratio, d == 0 ? 1 : 0, level);
        }
        double df = (vb + vh) * (vb + vh) / (vb * vb / (lb.length - 1) + vh * vh / (lh.length - 1));
        double p = dev.flamediff.diff.stats.Distributions.studentTwoSided(d / se, df);
        double q = ScoreMath.studentTwoSidedQuantile(level, df);
        return new ScoreComparison(b, h, higher, unit, change, Math.exp(d - q * se) - 1, Math.exp(d + q * se) - 1,
                p, level);
    }

    /** Returns the logarithms of the fork means; empty when a fork's mean is not positive (no ratio then). */
    private static double[] logForkMeans(JmhResult r) {
        double[] out = r.iterations().stream().filter(f -> !f.isEmpty())
                .mapToDouble(f -> f.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN))
                .map(Math::log).toArray();
        for (double v : out) {
            if (!Double.isFinite(v)) {
                return new double[0];
            }
        }
        return out;
    }

    /** Returns whether both sides ran two forks or more, so the change can be tested. */
    public boolean measurable() {
        return !Double.isNaN(pValue);
    }

    /** Returns how much worse head is, as a fraction (positive: slower, negative: faster). */
    public double regression() {
        return higherIsBetter ? -change : change;
    }

    /** Returns the interval's half width (NaN when not measurable). */
    public double halfWidth() {
        return (high - low) / 2;
    }

    /**
     * Returns the run-to-run variation a gate has to live with: the larger of the two sides'
     * coefficients of variation, those measured between forks when a side has them.
     */
    public double runCv() {
        double b = base.cv();
        double h = head.cv();
        if (Double.isNaN(b)) {
            return h;
        }
        return Double.isNaN(h) ? b : Math.max(b, h);
    }

    /** Returns whether {@link #runCv()} was measured between forks on every side that has one. */
    public boolean cvOfForks() {
        return (Double.isNaN(base.cv()) || base.cvOfForks()) && (Double.isNaN(head.cv()) || head.cvOfForks());
    }
}
