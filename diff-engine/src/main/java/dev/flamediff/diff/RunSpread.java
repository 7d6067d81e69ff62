package dev.flamediff.diff;

import java.util.Arrays;

/**
 * Measures how much one side's runs differ per node beyond sampling noise: the squared relative
 * spread c² in "variance = sampling variance + (c·mean)²", pooled over every node with enough
 * samples. Runs of one side are recordings of the same program, so all their spread is noise; a
 * real change between base and head cannot inflate it. The median keeps a few erratic nodes
 * from dominating; dividing by the median of χ²ₖ/k (k = runs − 1, Wilson–Hilferty) removes the
 * median's bias for so few runs.
 */
final class RunSpread {

    static final int MIN_CELLS = 3;
    static final int MIN_MEAN_SAMPLES = 10;

    private RunSpread() {
    }

    /**
     * Returns c² &gt;= 0 for runs {@code [from, to)}, or NaN with fewer than two runs or too few
     * nodes with at least {@value #MIN_MEAN_SAMPLES} samples per run.
     */
    static double estimate(int size, RunValues runs, NoiseModel model, int from, int to) {
        int n = to - from;
        if (n < 2) {
            return Double.NaN;
        }
        double[] ratios = new double[size];
        int cells = 0;
        for (int node = 0; node < size; node++) {
            double sum = 0;
            double countSum = 0;
            double varianceSum = 0;
            for (int r = from; r < to; r++) {
                sum += runs.self(node, r);
                countSum += runs.hasCounts() ? runs.selfCount(node, r) : runs.self(node, r);
                varianceSum += runs.hasCounts() ? runs.selfVariance(node, r) : 0;
            }
            double mean = sum / n;
            if (countSum / n < MIN_MEAN_SAMPLES || mean == 0) {
                continue;
            }
            double ss = 0;
            for (int r = from; r < to; r++) {
                double d = runs.self(node, r) - mean;
                ss += d * d;
            }
            double sampling = switch (model) {
                case EXACT -> 0;
                case POISSON -> mean;
                case COMPOUND_POISSON -> varianceSum / n;
            };
            ratios[cells++] = (ss / (n - 1) - sampling) / (mean * mean);
        }
        if (cells < MIN_CELLS) {
            return Double.NaN;
        }
        double[] sorted = Arrays.copyOf(ratios, cells);
        Arrays.sort(sorted);
        double median = cells % 2 == 1 ? sorted[cells / 2] : (sorted[cells / 2 - 1] + sorted[cells / 2]) / 2;
        int k = n - 1;
        double chiSquareMedian = Math.pow(1 - 2.0 / (9 * k), 3);
        return Math.max(0, median / chiSquareMedian);
    }
}
