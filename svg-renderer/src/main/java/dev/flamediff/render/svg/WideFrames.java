package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.RenderOptions.WidthMode;
import java.util.Arrays;

/**
 * The nodes a graph can draw: the root, which is always drawn, and those whose width (their
 * widest over the width modes, since the user can switch to any of them) reaches the options'
 * minimum width, in pre-order, with their
 * {@code union} and {@code changes} weights. Found in one walk of the tree, they are all the
 * layout and the frame cap keep: a graph with a minimum width draws a bounded number of them
 * whatever the size of the tree, and narrower nodes are only summed into elided frames.
 * Immutable once found.
 */
final class WideFrames {

    private final int[] node;
    private final double[] union;
    private final double[] changes;
    private final double[] widest;
    private final boolean[] narrowChild;
    private final double minWidth;
    private final int maxDepth;

    private WideFrames(int[] node, double[] union, double[] changes, double[] widest, boolean[] narrowChild,
                       double minWidth, int maxDepth) {
        this.maxDepth = maxDepth;
        this.node = node;
        this.union = union;
        this.changes = changes;
        this.widest = widest;
        this.narrowChild = narrowChild;
        this.minWidth = minWidth;
    }

    /** Returns the root and the nodes of the diff at least {@code minWidth} pixels wide in some width mode. */
    static WideFrames of(DiffTree diff, WidthWeights weights, double minWidth) {
        Collector c = new Collector(diff, weights, minWidth);
        if (diff.size() > 0) {
            weights.walk(0, c::node);
        }
        return c.finish();
    }

    /** Returns how many nodes there are. */
    int size() {
        return node.length;
    }

    /** Returns the minimum width they were chosen by. */
    double minWidth() {
        return minWidth;
    }

    /** Returns the largest depth among the wide nodes. */
    int maxDepth() {
        return maxDepth;
    }

    /** Returns the diff node of the {@code i}-th wide node (in pre-order). */
    int node(int i) {
        return node[i];
    }

    /** Returns the {@code i}-th wide node's {@code union} weight. */
    double union(int i) {
        return union[i];
    }

    /** Returns the {@code i}-th wide node's {@code changes} weight. */
    double changes(int i) {
        return changes[i];
    }

    /** Returns the {@code i}-th wide node's widest width over the width modes, in pixels. */
    double widest(int i) {
        return widest[i];
    }

    /** Returns whether the {@code i}-th wide node has a child narrower than {@link #minWidth()}. */
    boolean hasNarrowChild(int i) {
        return narrowChild[i];
    }

    /** Returns the index of the diff node among the wide nodes, or a negative value if it is narrower. */
    int indexOf(int diffNode) {
        return Arrays.binarySearch(node, diffNode);
    }

    /**
     * Returns a node's width for elision: its widest over the width modes, in pixels. A child is
     * never wider than its parent in any mode, so neither is this width, and the frames kept at
     * any minimum form a tree. (The walk asks {@link WidthWeights#widest(int, double, double)},
     * the same sum written out.)
     */
    static double widest(WidthWeights weights, int node, double union, double changes) {
        double w = 0;
        for (WidthMode m : WidthMode.values()) {
            w = Math.max(w, weights.share(m, weights.weight(m, node, union, changes)) * SvgGeometry.PLOT_WIDTH);
        }
        return w;
    }

    /** Gathers the wide nodes of a walk, which visits them in reverse pre-order. */
    private static final class Collector {
        private final DiffTree diff;
        private final WidthWeights weights;
        private final double minWidth;
        private final boolean[] narrowBelow;
        private int[] node = new int[64];
        private double[] union = new double[64];
        private double[] changes = new double[64];
        private double[] widest = new double[64];
        private boolean[] narrowChild = new boolean[64];
        private int size;
        private int maxDepth;

        Collector(DiffTree diff, WidthWeights weights, double minWidth) {
            this.diff = diff;
            this.weights = weights;
            this.minWidth = minWidth;
            this.narrowBelow = new boolean[diff.size() > 0 ? diff.maxDepth() + 2 : 1];
        }

        void node(int n, double u, double c) {
            int d = diff.depth(n);
            boolean narrowChildren = narrowBelow[d + 1];
            narrowBelow[d + 1] = false;
            double w = weights.widest(n, u, c);
            if (w < minWidth && n != 0) {
                narrowBelow[d] = true;
                return;
            }
            if (size == node.length) {
                int grown = size * 2;
                node = Arrays.copyOf(node, grown);
                union = Arrays.copyOf(union, grown);
                changes = Arrays.copyOf(changes, grown);
                widest = Arrays.copyOf(widest, grown);
                narrowChild = Arrays.copyOf(narrowChild, grown);
            }
            maxDepth = Math.max(maxDepth, d);
            node[size] = n;
            union[size] = u;
            changes[size] = c;
            widest[size] = w;
            narrowChild[size] = narrowChildren;
            size++;
        }

        WideFrames finish() {
            int[] n = new int[size];
            double[] u = new double[size];
            double[] c = new double[size];
            double[] w = new double[size];
            boolean[] narrow = new boolean[size];
            for (int i = 0; i < size; i++) {
                int from = size - 1 - i;
                n[i] = node[from];
                u[i] = union[from];
                c[i] = changes[from];
                w[i] = widest[from];
                narrow[i] = narrowChild[from];
            }
            return new WideFrames(n, u, c, w, narrow, minWidth, maxDepth);
        }
    }
}
