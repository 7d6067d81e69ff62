package dev.flamediff.diff;

import dev.flamediff.diff.stats.Distributions;
import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Measures how much one side's runs differ per node beyond sampling noise: the squared relative
 * spread c² in "variance = sampling variance + (c·mean)²", pooled over every node with enough
 * samples. Runs of one side are recordings of the same program, so all their spread is noise; a
 * real change between base and head cannot inflate it. c² is chosen so that the median over the
 * nodes of s² / (sampling variance + c²·mean²) equals the median of χ²ₖ/k (k = runs − 1,
 * Wilson–Hilferty), which is what it is when c is right: the median keeps a few erratic nodes
 * from dominating, and matching medians rather than means keeps so few runs unbiased.
 */
final class RunSpread {

    static final int MIN_CELLS = 3;
    static final int MIN_MEAN_SAMPLES = 10;
    /** The level at which the runs count as noisier than sampling. */
    static final double OVERDISPERSION_LEVEL = 0.05;
    /**
     * How many degrees of freedom the spread measured over all nodes is worth as the prior of one
     * node's several-runs test ({@link ChangeTester}, {@link ModeratedWelch}).
     */
    static final int PRIOR_DF = 10;

    private RunSpread() {
    }

    /**
     * Returns c² &gt;= 0 for runs {@code [from, to)}, or NaN with fewer than two runs or too few
     * nodes with at least {@value #MIN_MEAN_SAMPLES} samples per run.
     */
    static double estimate(int size, RunValues runs, NoiseModel model, int from, int to) {
        return estimate(size, runs, model, from, to, node -> true, null);
    }

    /**
     * Returns c² as {@link #estimate(int, RunValues, NoiseModel, int, int)} does, each run's values
     * divided by its size factor first ({@link RunSizes}; null for none).
     */
    static double estimate(int size, RunValues runs, NoiseModel model, int from, int to, double[] sizes) {
        return estimate(size, runs, model, from, to, node -> true, sizes);
    }

    /**
     * Returns c² as {@link #estimate(int, RunValues, NoiseModel, int, int)} does, measured on the
     * nodes {@code measured} accepts only.
     */
    static double estimate(int size, RunValues runs, NoiseModel model, int from, int to, IntPredicate measured) {
        return estimate(size, runs, model, from, to, measured, null);
    }

    /**
     * Returns c² measured on the nodes {@code measured} accepts, each run's values divided by its
     * size factor first ({@link RunSizes}; null for none).
     */
    static double estimate(int size, RunValues runs, NoiseModel model, int from, int to, IntPredicate measured,
                           double[] sizes) {
        int n = to - from;
        if (n < 2) {
            return Double.NaN;
        }
        double[] meanSquared = new double[size];
        double[] sampling = new double[size];
        double[] sampleVariance = new double[size];
        int cells = 0;
        for (int node = 0; node < size; node++) {
            DiffInterrupts.checkEvery(node);
            if (!measured.test(node)) {
                continue;
            }
            double sum = 0;
            double countSum = 0;
            double varianceSum = 0;
            for (int r = from; r < to; r++) {
                long value = value(runs, node, r, sizes);
                sum += value;
                countSum += runs.hasCounts() ? runs.selfCount(node, r) : value;
                varianceSum += runs.hasCounts() ? runs.selfVariance(node, r) : 0;
            }
            double mean = sum / n;
            if (countSum / n < MIN_MEAN_SAMPLES || mean == 0) {
                continue;
            }
            double ss = 0;
            for (int r = from; r < to; r++) {
                double d = value(runs, node, r, sizes) - mean;
                ss += d * d;
            }
            meanSquared[cells] = mean * mean;
            sampling[cells] = switch (model) {
                case EXACT -> 0;
                case POISSON -> mean;
                case COMPOUND_POISSON -> varianceSum / n;
            };
            sampleVariance[cells] = ss / (n - 1);
            cells++;
        }
        return fit(cells, n, model, meanSquared, sampling, sampleVariance);
    }

    /**
     * Returns c² for sample counts of one side's runs {@code [from, to)} measured on the cells of
     * {@code values} ({@code cell * runs + run}: the functions' inclusive values, say, whose
     * spread is not their nodes'), each run's value divided by its size factor first (null for
     * none); NaN with fewer than two runs or too few cells with at least
     * {@value #MIN_MEAN_SAMPLES} samples per run.
     */
    static double estimateCells(long[] values, int runs, int from, int to, double[] sizes) {
        int n = to - from;
        if (n < 2) {
            return Double.NaN;
        }
        int count = values.length / runs;
        double[] meanSquared = new double[count];
        double[] sampling = new double[count];
        double[] sampleVariance = new double[count];
        int cells = 0;
        for (int c = 0; c < count; c++) {
            DiffInterrupts.checkEvery(c);
            double sum = 0;
            for (int r = from; r < to; r++) {
                sum += value(values[c * runs + r], r, sizes);
            }
            double mean = sum / n;
            if (mean < MIN_MEAN_SAMPLES) {
                continue;
            }
            double ss = 0;
            for (int r = from; r < to; r++) {
                double d = value(values[c * runs + r], r, sizes) - mean;
                ss += d * d;
            }
            meanSquared[cells] = mean * mean;
            sampling[cells] = mean;
            sampleVariance[cells] = ss / (n - 1);
            cells++;
        }
        return fit(cells, n, NoiseModel.POISSON, meanSquared, sampling, sampleVariance);
    }

    /** The median-matching fit of c² over the cells measured (see the class comment). */
    private static double fit(int cells, int n, NoiseModel model, double[] meanSquared, double[] sampling,
                              double[] sampleVariance) {
        if (cells < MIN_CELLS) {
            return Double.NaN;
        }
        if (model != NoiseModel.EXACT && !overdispersed(cells, n, sampling, sampleVariance)) {
            return 0;
        }
        int k = n - 1;
        double target = Math.pow(1 - 2.0 / (9 * k), 3);
        // s² / (sampling + c²·mean²) is χ²ₖ/k when c is right: find the c² that puts its median
        // at the median of χ²ₖ/k. The ratio falls as c² grows, so bisect.
        if (medianRatio(0, cells, meanSquared, sampling, sampleVariance) <= target) {
            return 0;
        }
        double low = 0;
        double high = 1;
        while (medianRatio(high, cells, meanSquared, sampling, sampleVariance) > target && high < 1e6) {
            high *= 4;
        }
        for (int i = 0; i < 60; i++) {
            double mid = (low + high) / 2;
            if (medianRatio(mid, cells, meanSquared, sampling, sampleVariance) > target) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return (low + high) / 2;
    }

    private static long value(RunValues runs, int node, int run, double[] sizes) {
        return value(runs.self(node, run), run, sizes);
    }

    private static long value(long raw, int run, double[] sizes) {
        return sizes == null ? raw : RunSizes.pseudoCount(raw, sizes[run]);
    }

    /**
     * Returns whether the runs vary more than sampling alone explains: Σ (runs − 1)·s² / sampling
     * variance is χ² with cells·(runs − 1) degrees of freedom when they do not. Without that
     * evidence c² is 0, since a median estimate of nothing is noise that only costs power.
     */
    private static boolean overdispersed(int cells, int n, double[] sampling, double[] sampleVariance) {
        double statistic = 0;
        int degrees = 0;
        for (int i = 0; i < cells; i++) {
            if (sampling[i] > 0) {
                statistic += (n - 1) * sampleVariance[i] / sampling[i];
                degrees += n - 1;
            }
        }
        return degrees > 0 && Distributions.chiSquareUpperTail(statistic, degrees) < OVERDISPERSION_LEVEL;
    }

    private static double medianRatio(double c2, int cells, double[] meanSquared, double[] sampling,
                                      double[] sampleVariance) {
        DiffInterrupts.check();
        double[] ratios = new double[cells];
        for (int i = 0; i < cells; i++) {
            double expected = sampling[i] + c2 * meanSquared[i];
            ratios[i] = expected == 0 ? (sampleVariance[i] == 0 ? 0 : Double.POSITIVE_INFINITY)
                    : sampleVariance[i] / expected;
        }
        Arrays.sort(ratios);
        return cells % 2 == 1 ? ratios[cells / 2] : (ratios[cells / 2 - 1] + ratios[cells / 2]) / 2;
    }
}
