package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.RenderOptions.WidthMode;

/**
 * The width weight of every diff node under each {@link WidthMode}: a value in the diff's unit
 * that is additive (a node's weight is at least the sum of its children's), so widths nest.
 * Immutable once computed.
 */
final class WidthWeights {

    private final double[][] weight;

    private WidthWeights(double[][] weight) {
        this.weight = weight;
    }

    /** Returns the weights of every node of the diff under every width mode. */
    static WidthWeights of(DiffTree diff) {
        int n = diff.size();
        WidthMode[] modes = WidthMode.values();
        double[][] w = new double[modes.length][];
        for (WidthMode mode : modes) {
            w[mode.ordinal()] = switch (mode) {
                case BASE -> totals(diff, true, false);
                case HEAD -> totals(diff, false, true);
                case SUM -> totals(diff, true, true);
                case UNION, CHANGES -> additive(diff, mode);
            };
        }
        return new WidthWeights(w);
    }

    /** Returns the node's weight under the mode. */
    double weight(WidthMode mode, int node) {
        return weight[mode.ordinal()][node];
    }

    /** Returns the node's weight as a share of the root's under the mode; 0 when the root weighs 0. */
    double share(WidthMode mode, int node) {
        double root = weight[mode.ordinal()][0];
        return root > 0 ? weight[mode.ordinal()][node] / root : 0;
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

    private static double[] totals(DiffTree diff, boolean base, boolean head) {
        double[] w = new double[diff.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = (base ? diff.baseTotal(i) : 0) + (head ? diff.headTotal(i) : 0);
        }
        return w;
    }

    // Summed bottom-up from each node's own share so that the children's weights never exceed
    // their parent's, whatever the totals of the two sides do.
    private static double[] additive(DiffTree diff, WidthMode mode) {
        double[] w = new double[diff.size()];
        for (int i = w.length - 1; i >= 0; i--) {
            w[i] += own(mode, diff.baseSelf(i), diff.headSelf(i));
            if (i > 0) {
                w[diff.parent(i)] += w[i];
            }
        }
        return w;
    }
}
