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
        private final double[] widest;
        private final double minWidth;
        private final double scale;
        private final List<PlacedFrame> out = new ArrayList<>();
        private int maxDepth;

        Placer(DiffTree diff, WidthWeights weights, RenderOptions options) {
            this.diff = diff;
            this.weights = weights;
            this.mode = options.widthMode();
            this.widest = widestPx(diff, weights);
            this.minWidth = FrameCap.minWidth(diff, widest, options.minWidth(), options.maxFrames());
            double root = weights.weight(mode, 0);
            this.scale = root > 0 ? SvgGeometry.PLOT_WIDTH / root : 0;
        }

        /** A frame waiting to be placed: a node, or (node -1) an elided group. */
        private record Pending(int node, int depth, double x, Elided elided) {
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
            stack.push(new Pending(0, 0, 0, null));
            List<Integer> kept = new ArrayList<>();
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
                double w = weights.weight(mode, n) * scale;
                out.add(new PlacedFrame(n, p.depth(), edge(p.x()), edge(p.x() + w),
                        diff.baseTotal(n), diff.headTotal(n), diff.baseSelf(n), diff.headSelf(n), 0, 0, 0));
                kept.clear();
                Elided elided = null;
                for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                    if (narrowInEveryMode(c)) {
                        if (elided == null) {
                            elided = new Elided();
                        }
                        elided.base += diff.baseTotal(c);
                        elided.head += diff.headTotal(c);
                        elided.union += weights.weight(WidthMode.UNION, c);
                        elided.changes += weights.weight(WidthMode.CHANGES, c);
                        elided.width += weights.weight(mode, c) * scale;
                        elided.count++;
                    } else {
                        kept.add(c);
                    }
                }
                double x = p.x();
                List<Pending> children = new ArrayList<>(kept.size() + 1);
                for (int c : kept) {
                    children.add(new Pending(c, p.depth() + 1, x, null));
                    x += weights.weight(mode, c) * scale;
                }
                if (elided != null) {
                    children.add(new Pending(-1, p.depth() + 1, x, elided));
                }
                for (int i = children.size() - 1; i >= 0; i--) {
                    stack.push(children.get(i));
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

        private boolean narrowInEveryMode(int node) {
            return widest[node] < minWidth;
        }

        // A frame the user could switch to a wider view of must stay drawable, so it is elided
        // only when it is too narrow under every width mode the graph can switch to: its width
        // for elision is its widest over the modes. A child is never wider than its parent in
        // any mode, so neither is this width, and the frames kept form a tree.
        private static double[] widestPx(DiffTree diff, WidthWeights weights) {
            double[] w = new double[diff.size()];
            for (int n = 0; n < w.length; n++) {
                for (WidthMode m : WidthMode.values()) {
                    w[n] = Math.max(w[n], weights.share(m, n) * SvgGeometry.PLOT_WIDTH);
                }
            }
            return w;
        }

        private static long edge(double x) {
            return Math.round((SvgGeometry.MARGIN + x) * 100);
        }
    }
}
