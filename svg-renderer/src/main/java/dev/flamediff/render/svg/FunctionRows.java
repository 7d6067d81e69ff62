package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.SummaryEntry;
import dev.flamediff.model.Frame;
import dev.flamediff.render.RenderInterrupts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The graph's function list: one row per function (a frame merged over all its call paths) with
 * its inclusive values (the samples whose stack holds it, counted once under recursion) and its
 * self values, and the function highlighted when the graph opens. The order and the highlighted
 * function are the diff engine's: the functions whose own code changed significantly
 * ({@link DiffSummary#selfRegressions()}, then improvements) first, by impact, then the others by
 * how much their own code changed.
 *
 * @param rows the listed functions, in order
 * @param highlighted the index of the function highlighted by default, or -1
 */
record FunctionRows(List<Row> rows, int highlighted) {

    /** The most functions listed: the list is for finding what changed, not an inventory. */
    static final int LIMIT = 60;

    /** One function's values, summed over its call paths. */
    record Row(Frame frame, double baseInclusive, double headInclusive, double baseSelf, double headSelf, int paths) {
    }

    FunctionRows {
        rows = List.copyOf(rows);
    }

    /** Returns the list of the diff's functions. */
    static FunctionRows of(DiffTree diff) {
        Map<Frame, double[]> sums = new HashMap<>();
        Map<Frame, Integer> open = new HashMap<>();
        int[] stack = new int[diff.size() + 1];
        int top = 0;
        for (int n = 1; n < diff.size(); n++) {
            RenderInterrupts.checkEvery(n);
            // Pre-order: leave the frames that are not n's ancestors.
            while (top > 0 && stack[top - 1] != diff.parent(n)) {
                open.merge(diff.frame(stack[--top]), -1, Integer::sum);
            }
            Frame f = diff.frame(n);
            double[] s = sums.computeIfAbsent(f, k -> new double[5]);
            if (open.getOrDefault(f, 0) == 0) {
                s[0] += diff.baseTotal(n);
                s[1] += diff.headTotal(n);
            }
            s[2] += diff.baseSelf(n);
            s[3] += diff.headSelf(n);
            s[4]++;
            open.merge(f, 1, Integer::sum);
            stack[top++] = n;
        }
        DiffSummary summary = DiffSummary.of(diff);
        List<Frame> ranked = new ArrayList<>();
        for (List<SummaryEntry> list : List.of(summary.selfRegressions(), summary.selfImprovements())) {
            for (SummaryEntry e : list) {
                if (sums.containsKey(e.frame()) && !ranked.contains(e.frame())) {
                    ranked.add(e.frame());
                }
            }
        }
        List<Frame> rest = new ArrayList<>(sums.keySet());
        rest.removeAll(ranked);
        rest.sort(Comparator.<Frame>comparingDouble(f -> -Math.abs(sums.get(f)[3] - sums.get(f)[2]))
                .thenComparing(Frame::name).thenComparing(f -> f.kind().name()));
        ranked.addAll(rest);
        List<Row> rows = new ArrayList<>();
        for (Frame f : ranked.subList(0, Math.min(LIMIT, ranked.size()))) {
            double[] s = sums.get(f);
            rows.add(new Row(f, s[0], s[1], s[2], s[3], (int) s[4]));
        }
        int highlighted = summary.selfRegressions().isEmpty() && summary.selfImprovements().isEmpty() ? -1 : 0;
        return new FunctionRows(rows, highlighted);
    }

    /** Returns the row index of a frame's function, or -1 when it is not listed. */
    int indexOf(Frame frame) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).frame().equals(frame)) {
                return i;
            }
        }
        return -1;
    }
}
