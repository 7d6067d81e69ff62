package dev.flamediff.render.markdown;

import dev.flamediff.diff.CalleeChange;
import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.SummaryEntry;
import dev.flamediff.model.Frame;
import dev.flamediff.render.CulpritCallees;
import dev.flamediff.render.RenderInterrupts;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * The tables inside the report's {@code <details>} block, five columns at most and names that can
 * wrap ({@link MarkdownText#wrappedCell}), so that they fit the 880-pixel comment column: the
 * culprits with full names, p-values and the callees their change went to; frames by their own code with values, change, impact
 * and p-value; call paths with nested repeats left out (a path inside, or around, one already
 * listed says the same change again); new and removed code; the largest changes that could be
 * noise. Entries below the minimum impact are counted in one line instead of listed.
 */
final class DetailTables {

    /** Paths are shortened to their last frames: the leaf side is where a change sits. */
    static final int PATH_FRAMES = 4;

    private final ValueText values;
    private final double minImpact;
    private int hidden;

    DetailTables(ValueText values, double minImpact) {
        this.values = values;
        this.minImpact = minImpact;
    }

    void write(Writer w, DiffTree diff, DiffSummary summary, Leads leads) throws IOException {
        List<Culprit> all = new ArrayList<>(summary.culpritRegressions());
        all.addAll(summary.culpritImprovements());
        dev.flamediff.diff.ChangeWords words = dev.flamediff.diff.ChangeWords.of(diff.valueType());
        String more = words.of(true, true);
        String less = words.of(false, true);
        culprits(w, more + ": where each change starts (functions with their callees, over all call paths)",
                summary.culpritRegressions(), all, words);
        culprits(w, less + ": where each change starts (functions with their callees, over all call paths)",
                summary.culpritImprovements(), all, words);
        section(w, more + ", by frame (own code, summed over its call paths)", summary.selfRegressions(), false);
        section(w, less + ", by frame (own code, summed over its call paths)", summary.selfImprovements(), false);
        section(w, words.morePaths() + " (with callees)", distinct(summary.totalRegressions()), true);
        section(w, words.lessPaths() + " (with callees)", distinct(summary.totalImprovements()), true);
        section(w, "New call paths (only in head)", distinct(summary.added()), true);
        section(w, "Removed call paths (only in base)", distinct(summary.removed()), true);
        section(w, "Largest changes that could be noise (by frame)", summary.withinNoise(), false);
        if (hidden > 0) {
            w.write("Not listed: " + hidden + " changes smaller than " + ValueText.share(minImpact)
                    + " of the profile.\n\n");
        }
    }

    private void culprits(Writer w, String title, List<Culprit> culprits, List<Culprit> all,
                          dev.flamediff.diff.ChangeWords words) throws IOException {
        List<Culprit> shown = new ArrayList<>();
        for (Culprit c : culprits) {
            if (Math.abs(c.impact()) >= minImpact) {
                shown.add(c);
            } else {
                hidden++;
            }
        }
        if (shown.isEmpty()) {
            return;
        }
        w.write("#### " + title + "\n\n");
        w.write("| Function, and where its change went | Base \u2192 head (" + values.unit() + ") | Impact | p |\n");
        w.write("|---|---:|---:|---:|\n");
        for (Culprit c : shown) {
            StringBuilder callees = new StringBuilder();
            for (CalleeChange k : CulpritCallees.carrying(c, all, Leads.CALLEES)) {
                callees.append(callees.length() == 0 ? "" : ", ").append(MarkdownText.wrappedCell(k.frame().name()))
                        .append(' ').append(k.isNew() ? "(new)" : k.isGone() ? "(gone)" : "(" + ValueText.percent(k.impact()) + ")");
            }
            w.write("| " + MarkdownText.wrappedCell(c.function().frame().name())
                    + (callees.length() == 0 ? ", in its own code"
                            : ", " + words.in(c.regression()) + " " + callees) + " | "
                    + values.number(c.base()) + " \u2192 " + values.number(c.head()) + " | "
                    + ValueText.percent(c.impact()) + " | " + ValueText.pValue(c.pValue()) + " |\n");
        }
        w.write("\n");
    }

    /** Leaves out the paths inside or around a path listed before them (the list is by impact). */
    static List<SummaryEntry> distinct(List<SummaryEntry> entries) {
        List<SummaryEntry> out = new ArrayList<>();
        for (SummaryEntry e : entries) {
            boolean nested = false;
            for (SummaryEntry kept : out) {
                nested |= prefix(kept.path(), e.path()) || prefix(e.path(), kept.path());
            }
            if (!nested) {
                out.add(e);
            }
        }
        return out;
    }

    private static boolean prefix(List<Frame> a, List<Frame> b) {
        return a.size() <= b.size() && b.subList(0, a.size()).equals(a);
    }

    private void section(Writer w, String title, List<SummaryEntry> entries, boolean paths) throws IOException {
        List<SummaryEntry> shown = new ArrayList<>();
        for (SummaryEntry e : entries) {
            if (Math.abs(e.impact()) >= minImpact) {
                shown.add(e);
            } else {
                hidden++;
            }
        }
        if (shown.isEmpty()) {
            return;
        }
        w.write("#### " + title + "\n\n");
        w.write("| " + (paths ? "Call path" : "Frame") + " | Base \u2192 head (" + values.unit() + ") | Change | Impact | p |\n");
        w.write("|---|---:|---:|---:|---:|\n");
        int rows = 0;
        for (SummaryEntry e : shown) {
            RenderInterrupts.checkEvery(++rows);
            w.write("| " + (paths ? path(e.path()) : MarkdownText.wrappedCell(e.frame().name())) + " | "
                    + values.number(e.base()) + " \u2192 " + values.number(e.head()) + " | "
                    + (e.base() == 0 ? "new" : ValueText.percent(e.relative())) + " | "
                    + ValueText.percent(e.impact()) + " | " + ValueText.pValue(e.pValue()) + " |\n");
        }
        w.write("\n");
    }

    /** The last frames of the path, root side first, separated by arrows. */
    static String path(List<Frame> path) {
        StringBuilder s = new StringBuilder();
        int from = Math.max(0, path.size() - PATH_FRAMES);
        if (from > 0) {
            s.append("\u2026 \u2192 ");
        }
        for (int i = from; i < path.size(); i++) {
            if (i > from) {
                s.append(" \u2192 ");
            }
            s.append(MarkdownText.wrappedCell(path.get(i).name()));
        }
        return s.toString();
    }
}
