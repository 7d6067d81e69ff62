package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.WidthMode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * The oracle of {@link FlameLayout}: the layout as it was computed before it kept only the wide
 * nodes, from arrays of every node's weight under every mode and every node's widest width, and
 * the frame cap's count over flags for every node. The layout must give the same frames to the bit.
 */
final class PerNodeLayout {

    private PerNodeLayout() {
    }

    static FlameLayout of(DiffTree diff, RenderOptions options) {
        int size = diff.size();
        WidthMode[] modes = WidthMode.values();
        double[][] weight = new double[modes.length][];
        for (WidthMode m : modes) {
            double[] w = new double[size];
            switch (m) {
                case BASE, HEAD, SUM -> {
                    for (int i = 0; i < size; i++) {
                        w[i] = (m != WidthMode.HEAD ? diff.baseTotal(i) : 0) + (m != WidthMode.BASE ? diff.headTotal(i) : 0);
                    }
                }
                case UNION, CHANGES -> {
                    for (int i = size - 1; i >= 0; i--) {
                        w[i] += WidthWeights.own(m, diff.baseSelf(i), diff.headSelf(i));
                        if (i > 0) {
                            w[diff.parent(i)] += w[i];
                        }
                    }
                }
            }
            weight[m.ordinal()] = w;
        }
        double[] widest = new double[size];
        for (int n = 0; n < size; n++) {
            for (WidthMode m : modes) {
                double root = weight[m.ordinal()][0];
                widest[n] = Math.max(widest[n], (root > 0 ? weight[m.ordinal()][n] / root : 0) * SvgGeometry.PLOT_WIDTH);
            }
        }
        double minWidth = capped(diff, widest, options.minWidth(), options.maxFrames());
        WidthMode mode = options.widthMode();
        double rootWeight = weight[mode.ordinal()][0];
        double scale = rootWeight > 0 ? SvgGeometry.PLOT_WIDTH / rootWeight : 0;
        List<PlacedFrame> out = new ArrayList<>();
        int maxDepth = 0;
        // node, depth, x; elided groups carry their sums
        record Pending(int node, int depth, double x, double[] elided) {
        }
        Deque<Pending> stack = new ArrayDeque<>();
        stack.push(new Pending(0, 0, 0, null));
        while (!stack.isEmpty()) {
            Pending p = stack.pop();
            maxDepth = Math.max(maxDepth, p.depth());
            if (p.elided() != null) {
                double[] e = p.elided();
                out.add(new PlacedFrame(-1, p.depth(), edge(p.x()), edge(p.x() + e[4]),
                        e[0], e[1], e[0], e[1], e[2], e[3], (int) e[5]));
                continue;
            }
            int n = p.node();
            double w = weight[mode.ordinal()][n] * scale;
            out.add(new PlacedFrame(n, p.depth(), edge(p.x()), edge(p.x() + w),
                    diff.baseTotal(n), diff.headTotal(n), diff.baseSelf(n), diff.headSelf(n), 0, 0, 0));
            List<Pending> children = new ArrayList<>();
            double[] elided = null;
            double x = p.x();
            for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                if (widest[c] < minWidth) {
                    if (elided == null) {
                        elided = new double[6];
                    }
                    elided[0] += diff.baseTotal(c);
                    elided[1] += diff.headTotal(c);
                    elided[2] += weight[WidthMode.UNION.ordinal()][c];
                    elided[3] += weight[WidthMode.CHANGES.ordinal()][c];
                    elided[4] += weight[mode.ordinal()][c] * scale;
                    elided[5]++;
                } else {
                    children.add(new Pending(c, p.depth() + 1, x, null));
                    x += weight[mode.ordinal()][c] * scale;
                }
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

    private static double capped(DiffTree diff, double[] widest, double minWidth, int maxFrames) {
        if (diff.size() < 2 || drawn(diff, widest, minWidth) <= maxFrames) {
            return minWidth;
        }
        double[] candidates = Arrays.stream(widest, 1, widest.length).filter(w -> w >= minWidth)
                .sorted().distinct().toArray();
        if (candidates.length == 0) {
            return minWidth;
        }
        int lo = 0;
        int hi = candidates.length - 1;
        int fit = candidates.length;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (drawn(diff, widest, candidates[mid]) <= maxFrames) {
                fit = mid;
                hi = mid - 1;
            } else {
                lo = mid + 1;
            }
        }
        return fit < candidates.length ? candidates[fit] : Math.nextUp(candidates[candidates.length - 1]);
    }

    static int drawn(DiffTree diff, double[] widest, double minWidth) {
        int count = 1;
        boolean[] kept = new boolean[diff.size()];
        boolean[] hasElided = new boolean[diff.size()];
        kept[0] = true;
        for (int n = 1; n < kept.length; n++) {
            int p = diff.parent(n);
            if (!kept[p]) {
                continue;
            }
            if (widest[n] >= minWidth) {
                kept[n] = true;
                count++;
            } else if (!hasElided[p]) {
                hasElided[p] = true;
                count++;
            }
        }
        return count;
    }

    private static long edge(double x) {
        return Math.round((SvgGeometry.MARGIN + x) * 100);
    }
}
