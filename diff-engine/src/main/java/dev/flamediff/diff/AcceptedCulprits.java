package dev.flamediff.diff;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The nodes of the culprits accepted so far, and what they explain. What each culprit's nodes
 * hold is kept in a sparse map from node to its raw per-run values and scaled values
 * ("explained"): accepting a node adds its unexplained value to every ancestor, so a later,
 * shallower candidate reads what lies beneath it in one look-up per node. Only the culprits'
 * nodes and their ancestors are ever touched. Mutable, single use (one {@link CulpritFinder}).
 */
final class AcceptedCulprits {

    /** What the culprits beneath a node hold: raw per run, variances per run, scaled per side. */
    static final class Explained {
        final long[] raw;
        final double[] variance;
        double base;
        double head;

        private Explained(int runs, boolean variances) {
            raw = new long[runs];
            variance = variances ? new double[runs] : null;
        }
    }

    private final DiffTree diff;
    private final RunValues runs;
    private final int k;
    private final Map<Integer, Explained> explained = new HashMap<>();
    /** The subtrees of accepted culprits' nodes, start to end in pre-order. */
    private final TreeMap<Integer, Integer> covered = new TreeMap<>();

    AcceptedCulprits(DiffTree diff, RunValues runs) {
        this.diff = diff;
        this.runs = runs;
        this.k = runs.runs();
    }

    /** Returns what the accepted culprits beneath the node hold, or null for nothing. */
    Explained beneath(int node) {
        return explained.get(node);
    }

    /** Returns whether the node lies in the subtree of an accepted culprit's node. */
    boolean covers(int node) {
        Map.Entry<Integer, Integer> e = covered.floorEntry(node);
        return e != null && e.getValue() > node;
    }

    /** Marks the node a culprit's: its whole value is explained, above it and below. */
    void accept(int node) {
        Explained inside = explained.get(node);
        long[] add = new long[k];
        double[] addVariance = runs.hasCounts() ? new double[k] : null;
        for (int r = 0; r < k; r++) {
            add[r] = runs.total(node, r) - (inside == null ? 0 : inside.raw[r]);
            if (addVariance != null) {
                addVariance[r] = runs.totalVariance(node, r) - (inside == null ? 0 : inside.variance[r]);
            }
        }
        double addBase = diff.baseTotal(node) - (inside == null ? 0 : inside.base);
        double addHead = diff.headTotal(node) - (inside == null ? 0 : inside.head);
        for (int a = diff.parent(node); a >= 0; a = diff.parent(a)) {
            Explained e = explained.computeIfAbsent(a, x -> new Explained(k, runs.hasCounts()));
            for (int r = 0; r < k; r++) {
                e.raw[r] += add[r];
                if (addVariance != null) {
                    e.variance[r] += addVariance[r];
                }
            }
            e.base += addBase;
            e.head += addHead;
        }
        // Culprits beneath this node are now inside its subtree: one interval covers them all.
        int end = diff.end(node);
        covered.subMap(node, true, end, false).clear();
        covered.put(node, end);
    }
}
