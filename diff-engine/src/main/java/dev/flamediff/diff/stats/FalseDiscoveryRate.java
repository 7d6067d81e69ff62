package dev.flamediff.diff.stats;

import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
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

    /** The fewest p-values worth sorting and looking up on several threads. */
    private static final int PARALLEL_THRESHOLD = 1 << 16;

    /**
     * P-values per block: the unit of work of a thread and of the stop check (well under a
     * millisecond of sorting or lookups).
     */
    private static final int BLOCK = 1 << 13;

    /**
     * A large family is adjusted on its distinct values when they are at most one in this many
     * of its p-values; otherwise it is sorted whole.
     */
    private static final int MANY_TIES = 4;

    private FalseDiscoveryRate() {
    }

    /**
     * Returns the Benjamini–Hochberg adjusted p-values (q-values), as
     * {@link #adjust(double[], BooleanSupplier)} with nothing to stop it.
     */
    public static double[] adjust(double[] pValues) {
        return adjust(pValues, () -> false);
    }

    /**
     * Returns the Benjamini–Hochberg adjusted p-values (q-values): test i is a discovery at level
     * q exactly when {@code adjusted[i] <= q}. NaN entries are not tests: they stay NaN and do not
     * count towards the number of tests.
     *
     * <p>Large inputs are sorted and looked up on the common {@link java.util.concurrent.ForkJoinPool}
     * (see NodeSignificance for why that pool); the result does not depend on it. The work goes in
     * blocks of a few thousand p-values, and {@code stop} is asked before each, so a caller can
     * cancel the adjustment of millions of tests within milliseconds.
     *
     * @param pValues the raw p-values, not modified
     * @param stop asked between blocks, on any thread; true stops the adjustment
     * @return a new array of the same length
     * @throws CancellationException if {@code stop} said so (its message may be lost when it
     *     is thrown on a pool thread; the caller knows why it stopped)
     */
    public static double[] adjust(double[] pValues, BooleanSupplier stop) {
        int m = 0;
        for (double p : pValues) {
            m += Double.isNaN(p) ? 0 : 1;
        }
        boolean parallel = pValues.length >= PARALLEL_THRESHOLD;
        if (parallel) {
            // A large family of few distinct values (a diff's node tests) is adjusted on those;
            // the same array (see TiedPValues), without sorting millions of ties.
            double[] byTies = TiedPValues.adjust(pValues, m, m / MANY_TIES, stop, BLOCK);
            if (byTies != null) {
                return byTies;
            }
        }
        double[] sorted = new double[m];
        int at = 0;
        for (double p : pValues) {
            if (!Double.isNaN(p)) {
                sorted[at++] = p;
            }
        }
        sort(sorted, parallel, stop);
        double[] sortedAdjusted = new double[m];
        double running = 1;
        for (int rank = m; rank >= 1; rank--) {
            if ((rank & (BLOCK - 1)) == 0) {
                checkStop(stop);
            }
            running = Math.min(running, sorted[rank - 1] * m / rank);
            sortedAdjusted[rank - 1] = Math.min(1, running);
        }
        // Equal p-values get equal q-values (the running minimum reaches the lowest rank of a tie
        // unchanged), so looking each p-value up in the sorted copy needs no index array.
        // Each slot is written once from read-only arrays, so any order on any thread gives the
        // same array.
        double[] adjusted = new double[pValues.length];
        forEachBlock(blocks(pValues.length), parallel, stop, b -> {
            for (int i = b * BLOCK, end = Math.min(pValues.length, i + BLOCK); i < end; i++) {
                adjusted[i] = Double.isNaN(pValues[i]) ? Double.NaN
                        : sortedAdjusted[Arrays.binarySearch(sorted, pValues[i])];
            }
        });
        return adjusted;
    }

    /**
     * Sorts as {@link Arrays#sort(double[])} does (the same order, so the same array), but in
     * blocks that can be stopped: each block sorted, then merged pairwise, level by level.
     */
    private static void sort(double[] a, boolean parallel, BooleanSupplier stop) {
        int n = a.length;
        int blocks = blocks(n);
        forEachBlock(blocks, parallel, stop, b -> Arrays.sort(a, b * BLOCK, Math.min(n, (b + 1) * BLOCK)));
        if (blocks <= 1) {
            return;
        }
        double[] from = a;
        double[] to = new double[n];
        for (long width = BLOCK; width < n; width *= 2) {
            int w = (int) width;
            double[] src = from;
            double[] dst = to;
            int pairs = (int) ((n + 2 * width - 1) / (2 * width));
            forEachBlock(pairs, parallel, stop, p -> {
                int lo = (int) Math.min(n, 2L * p * w);
                int mid = (int) Math.min(n, (long) lo + w);
                int hi = (int) Math.min(n, (long) lo + 2L * w);
                merge(src, dst, lo, mid, hi, stop);
            });
            from = dst;
            to = src;
        }
        if (from != a) {
            System.arraycopy(from, 0, a, 0, n);
        }
    }

    /** Merges the sorted runs [lo, mid) and [mid, hi) of src into dst, stably, in Double.compare's order. */
    private static void merge(double[] src, double[] dst, int lo, int mid, int hi, BooleanSupplier stop) {
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
            if (((k - lo) & (BLOCK - 1)) == BLOCK - 1) {
                checkStop(stop);
            }
            dst[k] = j >= hi || (i < mid && Double.compare(src[i], src[j]) <= 0) ? src[i++] : src[j++];
        }
    }

    private static int blocks(int n) {
        return (int) ((n + (long) BLOCK - 1) / BLOCK);
    }

    private static void forEachBlock(int blocks, boolean parallel, BooleanSupplier stop, IntConsumer block) {
        IntStream indices = IntStream.range(0, blocks);
        if (parallel) {
            indices = indices.parallel();
        }
        indices.forEach(b -> {
            checkStop(stop);
            block.accept(b);
        });
    }

    private static void checkStop(BooleanSupplier stop) {
        if (stop.getAsBoolean()) {
            throw new CancellationException("the adjustment was stopped");
        }
    }
}
