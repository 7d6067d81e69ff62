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

    private final DiffTree diff;

    private FrameStrength(DiffTree diff) {
        this.diff = diff;
    }

    /**
     * Returns the strengths of the diff's nodes. Each is found from the node's children when it is
     * asked for: a graph asks for the few thousand frames it draws, whose children are disjoint,
     * so nothing is kept per node of the tree.
     */
    static FrameStrength of(DiffTree diff) {
        return new FrameStrength(diff);
    }

    /** Returns the node's strength in [{@value #CARRIED_FLOOR}, 1]; 1 for an elided frame (-1). */
    double of(int node) {
        if (node < 0) {
            return 1;
        }
        double carried = 0;
        double dp = diff.headTotal(node) - diff.baseTotal(node);
        if (dp != 0) {
            for (int c = diff.firstChild(node); c >= 0; c = diff.nextSibling(c)) {
                double dc = diff.headTotal(c) - diff.baseTotal(c);
                if (Math.signum(dp) == Math.signum(dc)) {
                    carried = Math.max(carried, Math.min(1, dc / dp));
                }
            }
        }
        return 1 - (1 - CARRIED_FLOOR) * carried;
    }
}
