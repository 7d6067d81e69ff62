package dev.flamediff.diff;

import java.util.Arrays;

/**
 * The nodes of the culprits accepted so far, and what they explain. Only the outermost accepted
 * nodes are kept, sorted by pre-order position: a culprit's node accepted above earlier ones
 * explains their values and its own with its whole total, so what the culprits hold beneath a
 * node is the sum of the totals of the outermost accepted nodes inside its subtree. That sum is
 * read from prefix sums by two binary searches, rebuilt once per accepted culprit.
 *
 * <p>An earlier form added each accepted node's value to every ancestor in a hash map; on a
 * large recording with many accepted culprits the map grew to millions of entries and the
 * collector spent seconds on it. Mutable, single use (one {@link CulpritFinder}).
 */
final class AcceptedCulprits {

    /** What the culprits beneath a node hold: raw per run, variances per run, scaled per side. */
    static final class Explained {
        final long[] raw;
        final double[] variance;
        final double base;
        final double head;

        private Explained(long[] raw, double[] variance, double base, double head) {
            this.raw = raw;
            this.variance = variance;
            this.base = base;
            this.head = head;
        }
    }

    private final DiffTree diff;
    private final RunValues runs;
    private final int k;
    /** The outermost accepted nodes, ascending pre-order positions; the first {@code count} are used. */
    private int[] outermost = new int[0];
    private int count;
    /** Prefix sums over {@link #outermost}: entry i holds the sum over its first i nodes. */
    private long[] rawSums;
    private double[] varianceSums;
    private double[] baseSums;
    private double[] headSums;

    AcceptedCulprits(DiffTree diff, RunValues runs) {
        this.diff = diff;
        this.runs = runs;
        this.k = runs.runs();
        rebuildSums();
    }

    /** Returns what the accepted culprits strictly beneath the node hold, or null for nothing. */
    Explained beneath(int node) {
        int from = firstAfter(node);
        int to = firstAtOrAfter(diff.end(node));
        if (from >= to) {
            return null;
        }
        long[] raw = new long[k];
        double[] variance = varianceSums == null ? null : new double[k];
        for (int r = 0; r < k; r++) {
            raw[r] = rawSums[to * k + r] - rawSums[from * k + r];
            if (variance != null) {
                variance[r] = varianceSums[to * k + r] - varianceSums[from * k + r];
            }
        }
        return new Explained(raw, variance, baseSums[to] - baseSums[from], headSums[to] - headSums[from]);
    }

    /** Returns whether the node lies in the subtree of an accepted culprit's node. */
    boolean covers(int node) {
        int i = firstAfter(node) - 1;
        return i >= 0 && diff.end(outermost[i]) > node;
    }

    /**
     * Marks one culprit's nodes accepted: their whole values are explained, above them and below.
     * Earlier nodes inside a new node's subtree are no longer outermost and drop out.
     */
    void accept(int[] nodes) {
        if (nodes.length == 0) {
            return;
        }
        int[] all = Arrays.copyOf(outermost, count + nodes.length);
        System.arraycopy(nodes, 0, all, count, nodes.length);
        Arrays.sort(all);
        // Pre-order subtrees nest or are disjoint: after sorting, a node starting before the
        // end of the last kept one lies inside it.
        int kept = 0;
        int end = -1;
        for (int n : all) {
            if (n >= end) {
                all[kept++] = n;
                end = diff.end(n);
            }
        }
        outermost = all;
        count = kept;
        rebuildSums();
    }

    private void rebuildSums() {
        rawSums = new long[(count + 1) * k];
        varianceSums = runs.hasCounts() ? new double[(count + 1) * k] : null;
        baseSums = new double[count + 1];
        headSums = new double[count + 1];
        for (int i = 0; i < count; i++) {
            int n = outermost[i];
            for (int r = 0; r < k; r++) {
                rawSums[(i + 1) * k + r] = rawSums[i * k + r] + runs.total(n, r);
                if (varianceSums != null) {
                    varianceSums[(i + 1) * k + r] = varianceSums[i * k + r] + runs.totalVariance(n, r);
                }
            }
            baseSums[i + 1] = baseSums[i] + diff.baseTotal(n);
            headSums[i + 1] = headSums[i] + diff.headTotal(n);
        }
    }

    /** The index of the first outermost node after the position. */
    private int firstAfter(int position) {
        return firstAtOrAfter(position + 1);
    }

    /** The index of the first outermost node at or after the position. */
    private int firstAtOrAfter(int position) {
        int i = Arrays.binarySearch(outermost, 0, count, position);
        return i >= 0 ? i : -i - 1;
    }
}
