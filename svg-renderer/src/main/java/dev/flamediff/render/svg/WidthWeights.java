package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions.WidthMode;

/**
 * The width weight of diff nodes under each {@link WidthMode}: a value in the diff's unit that is
 * additive (a node's weight is at least the sum of its children's), so widths nest.
 *
 * <p>Nothing is kept per node: a graph draws at most a few thousand frames of trees with millions
 * of nodes, so the layout asks for the weights it needs. {@code base}, {@code head} and
 * {@code sum} are the node's totals; {@code union} and {@code changes} are summed over the node's
 * subtree by {@link #walk}, in the same order for every caller, so a weight is the same bits
 * whoever asks. Not thread-safe (the walk reuses its per-depth sums); a render uses its own.
 */
final class WidthWeights {

    /** Receives the {@code union} and {@code changes} weights of each node of a walk. */
    interface Visitor {
        /** Called children first, each node after its whole subtree (reverse pre-order). */
        void node(int node, double union, double changes);
    }

    private final DiffTree diff;
    private final double[] root = new double[WidthMode.values().length];
    private final double[] unionAt;
    private final double[] changesAt;

    private WidthWeights(DiffTree diff) {
        this.diff = diff;
        this.unionAt = new double[diff.maxDepth() + 2];
        this.changesAt = new double[unionAt.length];
    }

    /** Returns the weights of the diff's nodes; walks the whole tree once for the root's. */
    static WidthWeights of(DiffTree diff) {
        WidthWeights w = new WidthWeights(diff);
        if (diff.size() > 0) {
            w.walk(0, (node, union, changes) -> {
                if (node == 0) {
                    w.root[WidthMode.UNION.ordinal()] = union;
                    w.root[WidthMode.CHANGES.ordinal()] = changes;
                }
            });
            for (WidthMode m : new WidthMode[] {WidthMode.BASE, WidthMode.HEAD, WidthMode.SUM}) {
                w.root[m.ordinal()] = w.total(m, 0);
            }
        }
        return w;
    }

    /** Returns the root's weight under the mode. */
    double root(WidthMode mode) {
        return root[mode.ordinal()];
    }

    /**
     * Returns the node's weight under the mode; for {@code union} and {@code changes} this walks
     * the node's subtree.
     */
    double weight(WidthMode mode, int node) {
        return switch (mode) {
            case BASE, HEAD, SUM -> total(mode, node);
            case UNION, CHANGES -> {
                double[] out = new double[2];
                walk(node, (n, union, changes) -> {
                    if (n == node) {
                        out[0] = union;
                        out[1] = changes;
                    }
                });
                yield mode == WidthMode.UNION ? out[0] : out[1];
            }
        };
    }

    /**
     * Returns the node's weight under the mode given its {@code union} and {@code changes}
     * weights (from a walk).
     */
    double weight(WidthMode mode, int node, double union, double changes) {
        return switch (mode) {
            case BASE, HEAD, SUM -> total(mode, node);
            case UNION -> union;
            case CHANGES -> changes;
        };
    }

    /** Returns the node's weight as a share of the root's under the mode; 0 when the root weighs 0. */
    double share(WidthMode mode, int node) {
        return share(mode, weight(mode, node));
    }

    /** Returns a weight as a share of the root's under the mode; 0 when the root weighs 0. */
    double share(WidthMode mode, double weight) {
        double r = root[mode.ordinal()];
        return r > 0 ? weight / r : 0;
    }

    /**
     * Returns a node's width for elision, as {@link WideFrames#widest(WidthWeights, int, double, double)}
     * defines it: its widest over the width modes, in pixels, given its {@code union} and
     * {@code changes} weights. The same operations in the same order (the modes' order), written
     * out: it runs once per node of trees of millions, where the loop over the modes cost a copy of
     * the modes and a switch per mode and node.
     */
    double widest(int node, double union, double changes) {
        double base = diff.baseTotal(node);
        double head = diff.headTotal(node);
        double w = 0;
        w = Math.max(w, share(UNION, union) * SvgGeometry.PLOT_WIDTH);
        w = Math.max(w, share(HEAD, 0.0 + head) * SvgGeometry.PLOT_WIDTH);
        w = Math.max(w, share(BASE, base + 0.0) * SvgGeometry.PLOT_WIDTH);
        w = Math.max(w, share(SUM, base + head) * SvgGeometry.PLOT_WIDTH);
        w = Math.max(w, share(CHANGES, changes) * SvgGeometry.PLOT_WIDTH);
        return w;
    }

    private static final int UNION = WidthMode.UNION.ordinal();
    private static final int HEAD = WidthMode.HEAD.ordinal();
    private static final int BASE = WidthMode.BASE.ordinal();
    private static final int SUM = WidthMode.SUM.ordinal();
    private static final int CHANGES = WidthMode.CHANGES.ordinal();

    /** {@link #share(WidthMode, double)} by the mode's ordinal. */
    private double share(int mode, double weight) {
        double r = root[mode];
        return r > 0 ? weight / r : 0;
    }

    /**
     * Gives the visitor the {@code union} and {@code changes} weights of every node of the
     * subtree of {@code top}, each node after its children. Each weight is summed from the
     * node's own share and its children's weights, the last child first, so that the children's
     * weights never exceed their parent's, whatever the totals of the two sides do.
     */
    void walk(int top, Visitor visitor) {
        int topDepth = diff.depth(top);
        int visited = 0;
        for (int i = diff.end(top) - 1; i >= top; i--) {
            RenderInterrupts.checkEvery(++visited);
            int d = diff.depth(i);
            double baseSelf = diff.baseSelf(i);
            double headSelf = diff.headSelf(i);
            double union = unionAt[d + 1] + own(WidthMode.UNION, baseSelf, headSelf);
            double changes = changesAt[d + 1] + own(WidthMode.CHANGES, baseSelf, headSelf);
            unionAt[d + 1] = 0;
            changesAt[d + 1] = 0;
            unionAt[d] += union;
            changesAt[d] += changes;
            visitor.node(i, union, changes);
        }
        unionAt[topDepth] = 0;
        changesAt[topDepth] = 0;
    }

    /**
     * Returns a node's own contribution (its weight minus its children's) under a mode: the value
     * the script recomputes from base and head totals when it switches modes.
     */
    static double own(WidthMode mode, double baseSelf, double headSelf) {
        return switch (mode) {
            case BASE -> baseSelf;
            case HEAD -> headSelf;
            case SUM -> baseSelf + headSelf;
            case UNION -> Math.max(baseSelf, headSelf);
            case CHANGES -> Math.abs(headSelf - baseSelf);
        };
    }

    private double total(WidthMode mode, int node) {
        return switch (mode) {
            // The sums of the arrays this replaced, to the bit (+0.0 for a total of -0.0).
            case BASE -> diff.baseTotal(node) + 0.0;
            case HEAD -> 0.0 + diff.headTotal(node);
            default -> diff.baseTotal(node) + diff.headTotal(node);
        };
    }
}
