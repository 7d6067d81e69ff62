package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import java.util.Arrays;

/**
 * Finds the minimum frame width that keeps a graph within its frame cap: the smallest width at
 * which the kept frames plus one elided frame per parent that loses children number at most the
 * cap. That count only grows as the width shrinks (keeping one more frame adds it and at most
 * moves an elided frame below it), so a binary search over the candidate widths finds it. Only
 * the nodes wide enough at the options' minimum width take part: every other node is narrower
 * than any width the search tries.
 */
final class FrameCap {

    private FrameCap() {
    }

    /**
     * Returns the minimum width to apply: the wide nodes' {@link WideFrames#minWidth()} when the
     * graph fits in {@code maxFrames} with it, otherwise the smallest node width that makes it fit.
     */
    static double minWidth(DiffTree diff, WideFrames wide, int maxFrames) {
        double minWidth = wide.minWidth();
        if (diff.size() < 2 || drawn(diff, wide, minWidth) <= maxFrames) {
            return minWidth;
        }
        double[] candidates = new double[wide.size() - 1];
        for (int i = 1; i < wide.size(); i++) {
            candidates[i - 1] = wide.widest(i);
        }
        candidates = Arrays.stream(candidates).sorted().distinct().toArray();
        if (candidates.length == 0) {
            return minWidth;
        }
        // Largest index i such that the width candidates[i] still exceeds the cap, plus one.
        int lo = 0;
        int hi = candidates.length - 1;
        int fit = candidates.length;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (drawn(diff, wide, candidates[mid]) <= maxFrames) {
                fit = mid;
                hi = mid - 1;
            } else {
                lo = mid + 1;
            }
        }
        // Above every candidate only the root and its elided frame are left.
        return fit < candidates.length ? candidates[fit] : Math.nextUp(candidates[candidates.length - 1]);
    }

    /**
     * Returns how many frames are drawn at the width, which is at least the wide nodes' minimum
     * width: kept nodes plus their elided frames.
     */
    static int drawn(DiffTree diff, WideFrames wide, double minWidth) {
        if (wide.size() == 0) {
            return 0;
        }
        // Walking the wide nodes in pre-order, the last one seen at each depth is the only one
        // that can be the parent of the next one a level deeper.
        int[] keptAt = new int[wide.maxDepth() + 1];
        boolean[] elidedAt = new boolean[keptAt.length];
        int count = 1;
        keptAt[0] = 0;
        elidedAt[0] = wide.hasNarrowChild(0);
        if (elidedAt[0]) {
            count++;
        }
        for (int i = 1; i < wide.size(); i++) {
            int n = wide.node(i);
            int d = diff.depth(n);
            if (keptAt[d - 1] != diff.parent(n)) {
                keptAt[d] = -1;
            } else if (wide.widest(i) >= minWidth) {
                keptAt[d] = n;
                elidedAt[d] = wide.hasNarrowChild(i);
                count++;
                if (elidedAt[d]) {
                    count++;
                }
            } else {
                keptAt[d] = -1;
                if (!elidedAt[d - 1]) {
                    elidedAt[d - 1] = true;
                    count++;
                }
            }
        }
        return count;
    }
}
