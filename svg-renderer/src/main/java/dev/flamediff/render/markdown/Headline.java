package dev.flamediff.render.markdown;

import dev.flamediff.diff.ChangeWords;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.SummaryEntry;
import dev.flamediff.render.DominantCaller;
import dev.flamediff.render.RenderOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's first line: the change that leads (the top culprit), with its impact on the whole
 * profile and where its new cost went; then how the whole profile moved, what was compared and the
 * gate. It is read from the same lists as the tables below it, so the headline never says "no
 * change" above a table of changes.
 */
final class Headline {

    private static final int CALLEES = 2;

    private Headline() {
    }

    static String line(DiffTree diff, DiffSummary summary, RenderOptions options, Leads leads) {
        StringBuilder s = new StringBuilder();
        s.append("**").append(options.title().map(MarkdownText::escape).orElse("flamediff")).append("**");
        s.append(" \u00b7 ").append(lead(diff, leads, summary, options.report().minImpact()));
        s.append(" \u00b7 whole profile ").append(MarkdownRenderer.overall(diff, summary.overall()));
        s.append(" \u00b7 ").append(MarkdownText.span(diff.valueType().toString()));
        if (summary.gate().enabled()) {
            s.append(summary.gate().failed() ? " \u00b7 gate: **failed**" : " \u00b7 gate: passed");
        }
        return s.toString();
    }

    private static String lead(DiffTree diff, Leads leads, DiffSummary summary, double minImpact) {
        ChangeWords words = ChangeWords.of(diff.valueType());
        if (!leads.regressions().isEmpty()) {
            String s = "**" + words.of(true, true) + ": " + describe(leads.regressions().get(0)) + "**"
                    + where(diff, leads.regressions().get(0), words);
            if (!leads.improvements().isEmpty()) {
                s += " \u00b7 " + words.of(false, false) + ": " + describe(leads.improvements().get(0));
            }
            return s;
        }
        if (!leads.improvements().isEmpty()) {
            return "**" + words.of(false, true) + ": " + describe(leads.improvements().get(0)) + "**"
                    + where(diff, leads.improvements().get(0), words);
        }
        // Counted as the tables below list them: changes smaller than the listing's minimum
        // impact are only counted there, so naming them here would point at nothing.
        List<String> others = new ArrayList<>();
        int frames = listed(summary.selfRegressions(), minImpact) + listed(summary.selfImprovements(), minImpact);
        if (frames > 0) {
            others.add("the own time of " + count(frames, "frame"));
        }
        int added = listed(summary.added(), minImpact);
        if (added > 0) {
            others.add(count(added, "new call path"));
        }
        int removed = listed(summary.removed(), minImpact);
        if (removed > 0) {
            others.add(count(removed, "removed call path"));
        }
        if (!others.isEmpty()) {
            return "no function changed beyond the noise; what did: " + String.join(", ", others) + " (details below)";
        }
        int small = summary.selfRegressions().size() + summary.selfImprovements().size() + summary.added().size()
                + summary.removed().size();
        if (small > 0) {
            return "no function changed beyond the noise; what did is smaller than " + ValueText.share(minImpact)
                    + " of the profile (" + count(small, "change") + ")";
        }
        // The functions are judged against the bulk of the profile: when the whole profile moved
        // beyond the noise, "no change stands out from the noise" would contradict the next part.
        if (summary.overall().significant() && !MarkdownRenderer.exact(diff)) {
            return "**the whole profile changed; no function stands out from that change**";
        }
        return "**no change stands out from the noise**";
    }

    private static int listed(List<SummaryEntry> entries, double minImpact) {
        int n = 0;
        for (SummaryEntry e : entries) {
            if (Math.abs(e.impact()) >= minImpact) {
                n++;
            }
        }
        return n;
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    private static String describe(Lead l) {
        String status = l.isNew() ? " (new)" : l.isGone() ? " (gone)" : "";
        return MarkdownText.span(ShortNames.of(l.frame().name())) + status + " " + ValueText.percent(l.impact())
                + " of the profile";
    }

    private static String where(DiffTree diff, Lead l, ChangeWords words) {
        if (!l.inclusive()) {
            return " (in its own code)";
        }
        String spent = spentIn(l, false, words);
        return (spent.isEmpty() ? ", in its own code" : ", " + spent) + from(diff, l);
    }

    /** Returns ", on its calls from `Caller` (1 of 4 callers)" when one caller carries the change, else "". */
    static String from(DiffTree diff, Lead l) {
        return DominantCaller.of(diff, l.frame())
                .map(d -> ", on its calls from " + MarkdownText.span(ShortNames.of(d.caller().name())) + " (1 of "
                        + d.callers() + " callers)")
                .orElse("");
    }

    /**
     * Returns where a culprit's change went, "now spent in `A` (new) and `B`" (or "less spent in
     * `C` (gone)" for an improvement), from its first callees; "" when none is known. Short names, in code
     * spans made for a table cell when {@code inTable}.
     */
    static String spentIn(Lead l, boolean inTable, ChangeWords words) {
        List<Lead.Callee> callees = l.callees().subList(0, Math.min(CALLEES, l.callees().size()));
        if (callees.isEmpty()) {
            return "";
        }
        StringBuilder s = new StringBuilder(words.in(l.impact() > 0)).append(' ');
        for (int i = 0; i < callees.size(); i++) {
            Lead.Callee c = callees.get(i);
            String name = ShortNames.of(c.frame().name());
            s.append(i == 0 ? "" : " and ").append(inTable ? MarkdownText.cell(name) : MarkdownText.span(name))
                    .append(c.isNew() ? " (new)" : c.isGone() ? " (gone)" : "");
        }
        return s.toString();
    }
}
