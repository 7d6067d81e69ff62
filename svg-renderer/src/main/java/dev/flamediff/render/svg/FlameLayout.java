package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.WidthMode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Decides which frames are drawn and where: every node whose width reaches the minimum in some
 * width mode, in pre-order, and per parent one elided frame that stands for the children too
 * narrow in every mode (so that the parent's width is still accounted for). Children are placed
 * left to right in the diff's order, the elided frame last; the script lays frames out the same
 * way when it zooms or switches modes.
 *
 * @param frames the frames to draw, in pre-order; the first is the root
 * @param maxDepth the largest depth among them
 * @param visibleDepth the largest depth with a frame at least {@link SvgGeometry#VISIBLE_PX} wide:
 *     where the drawing is cut, since deeper rows hold only slivers nobody can see or point at
 * @param minWidth the minimum width applied: the options' one, or more when the frame cap
 *     required it
 */
record FlameLayout(List<PlacedFrame> frames, int maxDepth, int visibleDepth, double minWidth) {

    /** Returns the layout of the diff under the options' width mode and minimum width. */
    static FlameLayout of(DiffTree diff, WidthWeights weights, RenderOptions options) {
        return new Placer(diff, weights, options).place();
    }

    private static final class Placer {
        private final DiffTree diff;
        private final WidthWeights weights;
        private final WidthMode mode;
        private final WideFrames wide;
        private final double minWidth;
        private final double scale;
        private final List<PlacedFrame> out = new ArrayList<>();
        private int maxDepth;

        Placer(DiffTree diff, WidthWeights weights, RenderOptions options) {
            this.diff = diff;
            this.weights = weights;
            this.mode = options.widthMode();
            this.wide = WideFrames.of(diff, weights, options.minWidth());
            this.minWidth = FrameCap.minWidth(diff, wide, options.maxFrames());
            double root = weights.root(mode);
            this.scale = root > 0 ? SvgGeometry.PLOT_WIDTH / root : 0;
        }

        /** A frame waiting to be placed: a node with its two summed weights, or (node -1) an elided group. */
        private record Pending(int node, int depth, double x, double union, double changes, Elided elided) {
        }

        /** The sums over the children merged into one elided frame. */
        private static final class Elided {
            double base;
            double head;
            double union;
            double changes;
            double width;
            int count;
        }

        FlameLayout place() {
            Deque<Pending> stack = new ArrayDeque<>();
            if (diff.size() > 0) {
                stack.push(new Pending(0, 0, 0, weights.root(WidthMode.UNION), weights.root(WidthMode.CHANGES), null));
            }
            List<Pending> kept = new ArrayList<>();
            double[] summed = new double[2];
            int placed = 0;
            while (!stack.isEmpty()) {
                RenderInterrupts.checkEvery(++placed);
                Pending p = stack.pop();
                maxDepth = Math.max(maxDepth, p.depth());
                if (p.elided() != null) {
                    Elided e = p.elided();
                    out.add(new PlacedFrame(-1, p.depth(), edge(p.x()), edge(p.x() + e.width),
                            e.base, e.head, e.base, e.head, e.union, e.changes, e.count));
                    continue;
                }
                int n = p.node();
                double w = weights.weight(mode, n, p.union(), p.changes()) * scale;
                out.add(new PlacedFrame(n, p.depth(), edge(p.x()), edge(p.x() + w),
                        diff.baseTotal(n), diff.headTotal(n), diff.baseSelf(n), diff.headSelf(n), 0, 0, 0));
                kept.clear();
                Elided elided = null;
                double x = p.x();
                for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                    int i = wide.indexOf(c);
                    if (i >= 0 && wide.widest(i) >= minWidth) {
                        double union = wide.union(i);
                        double changes = wide.changes(i);
                        kept.add(new Pending(c, p.depth() + 1, x, union, changes, null));
                        x += weights.weight(mode, c, union, changes) * scale;
                        continue;
                    }
                    // Narrower than the minimum in every mode. A node narrower than the options'
                    // minimum was not kept among the wide nodes: its weights are summed again
                    // over its subtree, which no other frame's sums cover.
                    double union;
                    double changes;
                    if (i >= 0) {
                        union = wide.union(i);
                        changes = wide.changes(i);
                    } else {
                        sum(c, summed);
                        union = summed[0];
                        changes = summed[1];
                    }
                    if (elided == null) {
                        elided = new Elided();
                    }
                    elided.base += diff.baseTotal(c);
                    elided.head += diff.headTotal(c);
                    elided.union += union;
                    elided.changes += changes;
                    elided.width += weights.weight(mode, c, union, changes) * scale;
                    elided.count++;
                }
                if (elided != null) {
                    kept.add(new Pending(-1, p.depth() + 1, x, 0, 0, elided));
                }
                for (int i = kept.size() - 1; i >= 0; i--) {
                    stack.push(kept.get(i));
                }
            }
            int visible = 0;
            for (PlacedFrame f : out) {
                if (f.widthPx() >= SvgGeometry.VISIBLE_PX) {
                    visible = Math.max(visible, f.depth());
                }
            }
            return new FlameLayout(List.copyOf(out), maxDepth, visible, minWidth);
        }

        private void sum(int top, double[] out) {
            weights.walk(top, (node, union, changes) -> {
                if (node == top) {
                    out[0] = union;
                    out[1] = changes;
                }
            });
        }

        private static long edge(double x) {
            return Math.round((SvgGeometry.MARGIN + x) * 100);
        }
    }
}
