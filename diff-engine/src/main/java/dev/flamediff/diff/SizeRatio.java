package dev.flamediff.diff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What "no change" means for a node when the diff cannot measure its own center
 * ({@link EmpiricalNull}: too few nodes with enough samples, several runs per side, or a
 * run-to-run variation given by the caller): head's size over base's, robust to the few nodes
 * that really changed. Without it, two recordings of one program that got 20 and 192 samples of
 * CPU (a fixed-duration run on a busy machine gets what the machine gives it) show every frame
 * nine times slower, and every caller on the way becomes a "culprit".
 *
 * <p>The estimate is edgeR's trimmed mean of M-values (Robinson and Oshlack, 2010) on the nodes'
 * self values, which are disjoint and sum to each side's total: for nodes with values on both
 * sides, M is the log ratio of the node's shares and A its mean log share; the 30% largest and
 * smallest M and the 5% largest and smallest A are left out, and the rest averaged with weights
 * of their inverse sampling variance. The ratio is the ratio of the totals times the exponent of
 * that mean. With fewer than {@value #MIN_NODES} nodes on both sides it is the ratio of the totals.
 */
final class SizeRatio {

    /** The share of M-values trimmed at each end, edgeR's {@code logratioTrim}. */
    private static final double M_TRIM = 0.3;
    /** The share of A-values trimmed at each end, edgeR's {@code sumTrim}. */
    private static final double A_TRIM = 0.05;

    /** The fewest nodes with values on both sides for the trimmed mean; with fewer, the totals' ratio. */
    static final int MIN_NODES = 10;

    private record Node(double m, double a, double weight) {
    }

    private SizeRatio() {
    }

    /** How many standard errors the log size ratio must be from 0 before the tests are centered on it. */
    static final double MIN_Z = 1.5;

    /**
     * Returns the center for the node tests: the robust size ratio ({@link #estimate}) when the
     * sides' totals are clearly apart, their log ratio more than {@value #MIN_Z} standard errors
     * from the sides' scales under the node tests' own noise (sampling plus c² per run);
     * otherwise 1. A center estimated from the same nodes it judges adds its own error to every
     * test, which a test with little noise (several runs, or c = 0) notices: on resampled
     * recordings, always centering let 1–2% of diffs flag a node that the uncentered test did
     * not; with this bound none do. Totals that noise does not explain (a run that got nine times
     * the CPU) would otherwise make every frame a change. The center is the robust ratio, not
     * the totals': on re-recordings the totals also carry the JIT compiler's and the garbage
     * collector's share, which a loaded machine changes. Measured on 780 pairs of 40
     * re-recordings of one program with the JDK's recorder (20–190 samples each): 25 flagged a
     * culprit uncentered, 9 with a bound of 2 standard errors, 7 with this one.
     *
     * @param runVariation the relative run-to-run variation c of the node tests
     */
    static double center(int size, RunValues runs, double baseScale, double headScale, double runVariation) {
        double ratio = estimate(size, runs, baseScale, headScale);
        double base = 0;
        double head = 0;
        for (int r = 0; r < runs.runs(); r++) {
            if (r < runs.baseRuns()) {
                base += runs.total(0, r);
            } else {
                head += runs.total(0, r);
            }
        }
        if (base <= 0 || head <= 0) {
            return 1;
        }
        double c2 = runVariation * runVariation;
        double se = Math.sqrt(1 / base + 1 / head + c2 / runs.baseRuns() + c2 / runs.headRuns());
        double totals = (head / runs.headRuns() * headScale) / (base / runs.baseRuns() * baseScale);
        return Math.abs(Math.log(totals)) > MIN_Z * se ? ratio : 1;
    }

    /**
     * Returns head's per-run mean size over base's, after the sides' scales: the factor
     * {@link ChangeTester#centeredOn(double)} takes; 1 when either side is empty.
     */
    static double estimate(int size, RunValues runs, double baseScale, double headScale) {
        int baseRuns = runs.baseRuns();
        int all = runs.runs();
        double[] b = new double[size];
        double[] h = new double[size];
        double baseTotal = 0;
        double headTotal = 0;
        for (int n = 1; n < size; n++) {
            for (int r = 0; r < all; r++) {
                double v = runs.self(n, r);
                if (r < baseRuns) {
                    b[n] += v;
                } else {
                    h[n] += v;
                }
            }
            baseTotal += b[n];
            headTotal += h[n];
        }
        if (baseTotal <= 0 || headTotal <= 0) {
            return 1;
        }
        double totals = (headTotal / runs.headRuns() * headScale) / (baseTotal / baseRuns * baseScale);
        List<Node> nodes = new ArrayList<>();
        for (int n = 1; n < size; n++) {
            if (b[n] > 0 && h[n] > 0) {
                double pb = b[n] / baseTotal;
                double ph = h[n] / headTotal;
                double variance = (headTotal - h[n]) / (headTotal * h[n]) + (baseTotal - b[n]) / (baseTotal * b[n]);
                nodes.add(new Node(Math.log(ph / pb), 0.5 * Math.log(ph * pb),
                        variance > 0 ? 1 / variance : Double.MAX_VALUE / size));
            }
        }
        if (nodes.size() < MIN_NODES) {
            // A trimmed mean of a handful of nodes is the ratio of the largest of them, which may
            // be the change itself: then the totals' ratio is the safer center.
            return totals;
        }
        List<Node> kept = trimmed(nodes);
        double sum = 0;
        double weights = 0;
        for (Node node : kept) {
            sum += node.weight() * node.m();
            weights += node.weight();
        }
        return weights > 0 ? totals * Math.exp(sum / weights) : totals;
    }

    /**
     * Returns head's per-run mean size over base's as {@link #estimate} does, but as the median
     * of the nodes' log share ratios, each node one vote, and the variance of its logarithm (the
     * median's, π/2 · σ² / n, σ from the ratios' median absolute deviation): {1, 0} when either
     * side is empty, the totals' ratio and 0 with fewer than {@value #MIN_NODES} nodes of at
     * least {@value #MIN_MEDIAN_SAMPLES} samples a side. For several runs a side, whose tests
     * carry the center's error: the trimmed mean weighs a node by its samples, so one large node
     * that really changed pulls it, and its error with it.
     */
    static double[] median(int size, RunValues runs, double baseScale, double headScale) {
        int baseRuns = runs.baseRuns();
        int all = runs.runs();
        double baseTotal = 0;
        double headTotal = 0;
        for (int r = 0; r < all; r++) {
            if (r < baseRuns) {
                baseTotal += runs.total(0, r);
            } else {
                headTotal += runs.total(0, r);
            }
        }
        if (baseTotal <= 0 || headTotal <= 0) {
            return new double[] {1, 0};
        }
        double totals = (headTotal / runs.headRuns() * headScale) / (baseTotal / baseRuns * baseScale);
        double[] m = new double[Math.min(size, 1024)];
        int count = 0;
        for (int n = 1; n < size; n++) {
            DiffInterrupts.checkEvery(n);
            double b = 0;
            double h = 0;
            for (int r = 0; r < all; r++) {
                if (r < baseRuns) {
                    b += runs.self(n, r);
                } else {
                    h += runs.self(n, r);
                }
            }
            if (b < MIN_MEDIAN_SAMPLES || h < MIN_MEDIAN_SAMPLES) {
                continue;
            }
            if (count == m.length) {
                m = java.util.Arrays.copyOf(m, 2 * count);
            }
            m[count++] = Math.log((h / headTotal) / (b / baseTotal));
        }
        if (count < MIN_NODES) {
            return new double[] {totals, 0};
        }
        double[] values = java.util.Arrays.copyOf(m, count);
        double center = EmpiricalNull.median(values);
        for (int i = 0; i < count; i++) {
            values[i] = Math.abs(m[i] - center);
        }
        double sigma = 1.4826 * EmpiricalNull.median(values);
        return new double[] {totals * Math.exp(center), Math.PI / 2 * sigma * sigma / count};
    }

    /** The fewest samples a node needs on each side (its runs summed) to vote in {@link #median}. */
    static final int MIN_MEDIAN_SAMPLES = 10;

    /** Leaves out the nodes in the trimmed tails of M or of A (one node alone is kept). */
    private static List<Node> trimmed(List<Node> nodes) {
        int n = nodes.size();
        if (n < 3) {
            return nodes;
        }
        List<Node> byM = new ArrayList<>(nodes);
        byM.sort(Comparator.comparingDouble(Node::m));
        List<Node> byA = new ArrayList<>(nodes);
        byA.sort(Comparator.comparingDouble(Node::a));
        int mCut = (int) Math.floor(n * M_TRIM);
        int aCut = (int) Math.floor(n * A_TRIM);
        java.util.Set<Node> out = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        out.addAll(byM.subList(0, mCut));
        out.addAll(byM.subList(n - mCut, n));
        out.addAll(byA.subList(0, aCut));
        out.addAll(byA.subList(n - aCut, n));
        List<Node> kept = new ArrayList<>();
        for (Node node : nodes) {
            if (!out.contains(node)) {
                kept.add(node);
            }
        }
        return kept.isEmpty() ? nodes : kept;
    }
}
