package dev.flamediff.diff.stats;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The Benjamini–Hochberg step-up procedure. flamediff tests every node of a diff (thousands of
 * tests), so an unadjusted 1% level would flag dozens of noise wobbles in every diff. Under the
 * complete null (base versus base) controlling the false discovery rate at level q is the same as
 * controlling the chance of flagging anything at all at q, which is exactly the promise
 * "base vs base flags nothing"; yet when real changes exist it keeps much more power than
 * Bonferroni.
 */
public final class FalseDiscoveryRate {

    /** The fewest p-values worth looking up on several threads. */
    private static final int PARALLEL_THRESHOLD = 1 << 16;

    private FalseDiscoveryRate() {
    }

    /**
     * Returns the Benjamini–Hochberg adjusted p-values (q-values): test i is a discovery at level
     * q exactly when {@code adjusted[i] <= q}. NaN entries are not tests: they stay NaN and do not
     * count towards the number of tests.
     *
     * <p>Large inputs are sorted and looked up on the common {@link java.util.concurrent.ForkJoinPool}
     * (see NodeSignificance for why that pool); the result does not depend on it.
     *
     * @param pValues the raw p-values, not modified
     * @return a new array of the same length
     */
    public static double[] adjust(double[] pValues) {
        int m = 0;
        for (double p : pValues) {
            m += Double.isNaN(p) ? 0 : 1;
        }
        double[] sorted = new double[m];
        int at = 0;
        for (double p : pValues) {
            if (!Double.isNaN(p)) {
                sorted[at++] = p;
            }
        }
        // A sorted array of doubles is the same whoever sorts it; the parallel sort (the common
        // pool, sequential below a few thousand values) spares a big diff's one busy core.
        Arrays.parallelSort(sorted);
        double[] sortedAdjusted = new double[m];
        double running = 1;
        for (int rank = m; rank >= 1; rank--) {
            running = Math.min(running, sorted[rank - 1] * m / rank);
            sortedAdjusted[rank - 1] = Math.min(1, running);
        }
        // Equal p-values get equal q-values (the running minimum reaches the lowest rank of a tie
        // unchanged), so looking each p-value up in the sorted copy needs no index array.
        // Each slot is written once from read-only arrays, so any order on any thread gives the
        // same array.
        double[] adjusted = new double[pValues.length];
        IntStream indices = IntStream.range(0, pValues.length);
        if (pValues.length >= PARALLEL_THRESHOLD) {
            indices = indices.parallel();
        }
        indices.forEach(i -> adjusted[i] = Double.isNaN(pValues[i]) ? Double.NaN
                : sortedAdjusted[Arrays.binarySearch(sorted, pValues[i])]);
        return adjusted;
    }
}
