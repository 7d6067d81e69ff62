package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import java.util.Arrays;

/**
 * Finds the minimum frame width that keeps a graph within its frame cap: the smallest width at
 * which the kept frames plus one elided frame per parent that loses children number at most the
 * cap. That count only grows as the width shrinks (keeping one more frame adds it and at most
 * moves an elided frame below it), so a binary search over the candidate widths finds it.
 */
final class FrameCap {

    private FrameCap() {
    }

    /**
     * Returns the minimum width to apply: {@code minWidth} when the graph fits in {@code maxFrames}
     * with it, otherwise the smallest node width (from {@code widest}) that makes it fit.
     */
    static double minWidth(DiffTree diff, double[] widest, double minWidth, int maxFrames) {
        if (diff.size() < 2 || drawn(diff, widest, minWidth) <= maxFrames) {
            return minWidth;
        }
        double[] candidates = Arrays.stream(widest, 1, widest.length).filter(w -> w >= minWidth)
                .sorted().distinct().toArray();
        if (candidates.length == 0) {
            return minWidth;
        }
        // Largest index i such that the width candidates[i] still exceeds the cap, plus one.
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
        // Above every candidate only the root and its elided frame are left.
        return fit < candidates.length ? candidates[fit] : Math.nextUp(candidates[candidates.length - 1]);
    }

    /** Returns how many frames are drawn at the width: kept nodes plus their elided frames. */
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
}
