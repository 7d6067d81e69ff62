package dev.flamediff.diff;

import java.util.Arrays;

/**
 * Estimates how much noisier than Poisson two single recordings are. Two recordings of the same
 * program differ by more than sampling noise (JIT timing, page faults, a busy CI machine), and
 * with one run per side nothing else measures it, so the diff measures it on itself: the
 * quasi-Poisson dispersion φ, the typical squared standardized difference of the frames' shares
 * of their profile. The median (divided by 0.4549, the median of χ²₁) keeps it robust to the
 * minority of frames that really changed; comparing shares keeps a global change of the total
 * out of it. φ is never below 1: a recording is never less noisy than its own sampling.
 *
 * <p>Limits: if most frames really changed, φ absorbs part of the change and the tests become
 * conservative; with fewer than {@value #MIN_CELLS} frames of {@value #MIN_SAMPLES}+ samples
 * there is too little to go on and φ is 1.
 */
final class DispersionEstimator {

    static final int MIN_CELLS = 8;
    static final int MIN_SAMPLES = 20;
    private static final double MEDIAN_CHI_SQUARE_1 = 0.454936423119573;

    private DispersionEstimator() {
    }

    /** Returns φ &gt;= 1 for a diff with one run per side; 1 for exact values or several runs. */
    static double estimate(int size, RunValues runs, NoiseModel model) {
        if (model == NoiseModel.EXACT || runs.runs() != 2) {
            return 1;
        }
        double baseTotal = runs.total(0, 0);
        double headTotal = runs.total(0, 1);
        if (baseTotal == 0 || headTotal == 0) {
            return 1;
        }
        double[] squares = new double[size];
        int cells = 0;
        for (int node = 0; node < size; node++) {
            long b = runs.self(node, 0);
            long h = runs.self(node, 1);
            double bn = runs.hasCounts() ? runs.selfCount(node, 0) : b;
            double hn = runs.hasCounts() ? runs.selfCount(node, 1) : h;
            if (bn + hn < MIN_SAMPLES) {
                continue;
            }
            double vb = model == NoiseModel.POISSON ? b : ChangeTest.weightedVariance(b, bn);
            double vh = model == NoiseModel.POISSON ? h : ChangeTest.weightedVariance(h, hn);
            double delta = h / headTotal - b / baseTotal;
            double variance = vh / (headTotal * headTotal) + vb / (baseTotal * baseTotal);
            squares[cells++] = delta * delta / variance;
        }
        if (cells < MIN_CELLS) {
            return 1;
        }
        double[] sorted = Arrays.copyOf(squares, cells);
        Arrays.sort(sorted);
        double median = cells % 2 == 1 ? sorted[cells / 2]
                : (sorted[cells / 2 - 1] + sorted[cells / 2]) / 2;
        return Math.max(1, median / MEDIAN_CHI_SQUARE_1);
    }
}
