package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;

/**
 * How strongly each frame's total change is drawn: a caller whose change is carried by one of
 * its callees (the {@code all → main → work} trunk above a slowed method) is drawn weaker than the
 * frame where the change starts, which keeps its full strength. The share carried is the largest
 * change in the same direction among the frame's children, over the frame's own change; the
 * strength falls from 1 (nothing carried) to {@value #CARRIED_FLOOR} (all carried), so the
 * trunk's direction still shows. Only the total (inclusive) colouring uses it: a self change
 * starts where it is by definition.
 */
final class FrameStrength {

    /** The strength of a change wholly carried by one callee. */
    static final double CARRIED_FLOOR = 0.35;

    private final double[] strength;

    private FrameStrength(double[] strength) {
        this.strength = strength;
    }

    /** Computes the strength of every node's total change. */
    static FrameStrength of(DiffTree diff) {
        int n = diff.size();
        double[] carried = new double[n];
        for (int c = 1; c < n; c++) {
            int p = diff.parent(c);
            double dp = diff.headTotal(p) - diff.baseTotal(p);
            double dc = diff.headTotal(c) - diff.baseTotal(c);
            if (dp != 0 && Math.signum(dp) == Math.signum(dc)) {
                carried[p] = Math.max(carried[p], Math.min(1, dc / dp));
            }
        }
        double[] strength = new double[n];
        for (int i = 0; i < n; i++) {
            strength[i] = 1 - (1 - CARRIED_FLOOR) * carried[i];
        }
        return new FrameStrength(strength);
    }

    /** Returns the node's strength in [{@value #CARRIED_FLOOR}, 1]; 1 for an elided frame (-1). */
    double of(int node) {
        return node < 0 ? 1 : strength[node];
    }
}
