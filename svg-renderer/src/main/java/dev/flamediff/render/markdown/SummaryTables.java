package dev.flamediff.render.markdown;

import dev.flamediff.diff.SummaryEntry;
import dev.flamediff.model.Frame;
import dev.flamediff.render.RenderInterrupts;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** Writes the summary's lists as GitHub-flavoured Markdown tables. */
final class SummaryTables {

    /** Paths are shortened to their last frames: the leaf side is where a change sits. */
    static final int PATH_FRAMES = 4;

    private final ValueText values;

    SummaryTables(ValueText values) {
        this.values = values;
    }

    /** The short table: regressions, then improvements, by frame. */
    void frames(Writer w, List<SummaryEntry> regressions, List<SummaryEntry> improvements) throws IOException {
        w.write("| | Frame | Base | Head | Change | Impact | p |\n");
        w.write("|---|---|---:|---:|---:|---:|---:|\n");
        for (SummaryEntry e : regressions) {
            row(w, "\u25b2", MarkdownText.code(e.frame().name()), e);
        }
        for (SummaryEntry e : improvements) {
            row(w, "\u25bc", MarkdownText.code(e.frame().name()), e);
        }
    }

    /** A titled table of one list, or nothing when it is empty. */
    void section(Writer w, String title, List<SummaryEntry> entries, boolean paths) throws IOException {
        if (entries.isEmpty()) {
            return;
        }
        w.write("#### " + title + "\n\n");
        w.write("| " + (paths ? "Call path" : "Frame") + " | Base | Head | Change | Impact | p |\n");
        w.write("|---|---:|---:|---:|---:|---:|\n");
        int rows = 0;
        for (SummaryEntry e : entries) {
            RenderInterrupts.checkEvery(++rows);
            w.write("| " + (paths ? path(e.path()) : MarkdownText.code(e.frame().name())) + " | "
                    + cells(e) + " |\n");
        }
        w.write("\n");
    }

    private void row(Writer w, String marker, String name, SummaryEntry e) throws IOException {
        w.write("| " + marker + " | " + name + " | " + cells(e) + " |\n");
    }

    private String cells(SummaryEntry e) {
        return values.value(e.base()) + " | " + values.value(e.head()) + " | "
                + values.delta(e.delta()) + " (" + ValueText.percent(e.relative()) + ") | "
                + ValueText.percent(e.impact()) + " | " + ValueText.pValue(e.pValue());
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
            s.append(MarkdownText.code(path.get(i).name()));
        }
        return s.toString();
    }
}
