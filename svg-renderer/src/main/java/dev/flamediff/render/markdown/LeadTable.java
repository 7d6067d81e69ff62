package dev.flamediff.render.markdown;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * The report's one short table: the culprits (or, without any, the frames whose own code changed)
 * that got slower, then faster, by impact on the whole profile, each culprit with where its change
 * went ("now spent in `Pattern.compile` (new)"); three columns and short names, so it fits
 * GitHub's 880-pixel comment column.
 */
final class LeadTable {

    private final ValueText values;

    private final dev.flamediff.diff.ChangeWords words;

    LeadTable(ValueText values, dev.flamediff.diff.ChangeWords words) {
        this.words = words;
        this.values = values;
    }

    void write(Writer w, List<Lead> regressions, List<Lead> improvements) throws IOException {
        boolean inclusive = !regressions.isEmpty() ? regressions.get(0).inclusive() : improvements.get(0).inclusive();
        w.write("| Impact | " + (inclusive ? "Function (with its callees)" : "Frame (own code)") + " | Base \u2192 head ("
                + values.unit() + ") |\n");
        w.write("|---:|---|---:|\n");
        for (Lead l : regressions) {
            row(w, "\u25b2", l);
        }
        for (Lead l : improvements) {
            row(w, "\u25bc", l);
        }
    }

    private void row(Writer w, String marker, Lead l) throws IOException {
        String status = l.isNew() ? " new" : l.isGone() ? " gone" : "";
        String spent = l.inclusive() ? Headline.spentIn(l, true, words) : "";
        w.write("| " + marker + " " + ValueText.percent(l.impact()) + " | " + MarkdownText.cell(ShortNames.of(l.frame().name()))
                + status + (!l.inclusive() ? "" : spent.isEmpty() ? ", in its own code" : ", " + spent) + " | " + values.number(l.base()) + " \u2192 "
                + values.number(l.head()) + " |\n");
    }
}
