package dev.flamediff.render.markdown;

import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.diff.OverallChange;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.ReaderNotes;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.ReportOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the diff as a pull-request comment that fits GitHub's 880-pixel column: a headline
 * naming the change that leads and its impact on the whole profile, a link to the interactive
 * flame graph (and the PNG, when published), one short table of the leading changes by impact
 * (short names, units in the header, no p-values), the CI gate's reasons, and everything else in
 * a collapsed {@code <details>} block: full names, values and p-values, call paths, new and
 * removed code, what could be noise, how it was tested. Changes below the report's minimum
 * impact are counted, not listed. Every name from the profiles is in code ({@link MarkdownText}).
 * Stateless; deterministic.
 */
public final class MarkdownRenderer implements DiffRenderer {

    /** The link target of the flame graph when no link is given, for CI to replace. */
    public static final String SVG_LINK = "diff.svg";

    /** Rows of the short table: this many regressions and this many improvements at most. */
    static final int SHORT_TABLE_ROWS = 5;

    /** The most losses the warning above the tables quotes; the details list them all. */
    private static final int MAX_LOSSES_SHOWN = 3;

    @Override
    public String format() {
        return "markdown";
    }

    @Override
    public void render(DiffTree diff, RenderOptions options, OutputStream out) throws IOException {
        DiffSummary summary = diff.summary();
        // The summary walked the whole tree; what is left is a few tables.
        RenderInterrupts.checkEvery(0);
        ReportOptions report = options.report();
        Leads leads = Leads.of(summary);
        ValueText values = ValueText.of(diff.valueType());
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        w.write(Headline.line(diff, summary, options, leads) + "\n\n");
        w.write(links(report) + "\n\n");
        if (summary.gate().failed()) {
            w.write("**CI gate failed:**\n\n" + MarkdownText.items(summary.gate().reasons()) + "\n");
        }
        List<ReaderNotes.Note> losses = ReaderNotes.of(diff).losses();
        if (!losses.isEmpty()) {
            // Said where the reviewer reads first: a recording cut short, or stacks cut at the
            // recorder's depth, makes every figure below smaller or differently placed than it is.
            List<String> shown = losses.stream().limit(MAX_LOSSES_SHOWN).map(ReaderNotes.Note::line).toList();
            String more = losses.size() > MAX_LOSSES_SHOWN ? " (" + (losses.size() - MAX_LOSSES_SHOWN)
                    + " more in \"How this was measured\" in the details)" : "";
            w.write("**Warning:** a part of the inputs was not read or not recorded" + more + ":\n\n"
                    + MarkdownText.items(shown) + "\n");
        }
        List<Lead> regressions = listed(leads.regressions(), report);
        List<Lead> improvements = listed(leads.improvements(), report);
        if (!regressions.isEmpty() || !improvements.isEmpty()) {
            new LeadTable(values, dev.flamediff.diff.ChangeWords.of(diff.valueType())).write(w, regressions, improvements);
            w.write("\n");
        }
        w.write("<details>\n<summary>" + detailsTitle(summary, leads, report, dev.flamediff.diff.ChangeWords.of(diff.valueType())) + "</summary>\n\n");
        new DetailTables(values, report.minImpact()).write(w, diff, summary, leads);
        new MethodNotes(diff, summary).write(w);
        w.write("\n</details>\n");
        // A render interrupted after its last check must not end as if it had not been.
        RenderInterrupts.checkEvery(0);
        w.flush();
    }

    private static List<Lead> listed(List<Lead> leads, ReportOptions report) {
        List<Lead> out = new ArrayList<>();
        for (Lead l : leads) {
            if (Math.abs(l.impact()) >= report.minImpact() && out.size() < SHORT_TABLE_ROWS) {
                out.add(l);
            }
        }
        return out;
    }

    private static String links(ReportOptions report) {
        String svg = report.link().map(Links::target).orElse(SVG_LINK);
        StringBuilder s = new StringBuilder("[Open the interactive flame graph](" + svg + ")");
        if (report.link().isEmpty()) {
            s.append(" <!-- flamediff: replace ").append(SVG_LINK)
                    .append(" with the published SVG's URL, or pass --report-link URL -->");
        }
        report.image().ifPresent(img -> s.append("\n\n[![differential flame graph](").append(Links.target(img))
                .append(")](").append(svg).append(')'));
        return s.toString();
    }

    private static String detailsTitle(DiffSummary summary, Leads leads, ReportOptions report,
                                       dev.flamediff.diff.ChangeWords words) {
        return "Details: " + leads.regressions().size() + " " + words.moreCounted() + " and "
                + leads.improvements().size() + " " + words.lessCounted() + ", " + summary.added().size() + " new and " + summary.removed().size()
                + " removed call paths, " + summary.belowNoise() + " changes that could be noise (full names, p-values)";
    }

    /** Whether the diff's counts are exact (no noise to judge). */
    static boolean exact(DiffTree diff) {
        return diff.significance().noiseModel() == NoiseModel.EXACT;
    }

    /** The whole profile's change in words. */
    static String overall(DiffTree diff, OverallChange overall) {
        if (overall.base() == 0 && overall.head() == 0) {
            // relative() is NaN here, which percent() would print as "new".
            return "0.00% (neither side holds any value)";
        }
        String pct = ValueText.percent(overall.relative());
        if (exact(diff)) {
            return pct + " (exact counts)";
        }
        if (overall.significant()) {
            return pct + " (likely real)";
        }
        if (Math.abs(overall.relative()) < 1e-9) {
            return pct;
        }
        return diff.significance().usesRunToRunSpread() ? pct + " (could be noise)"
                : pct + " (could be noise: one run per side; record 3 or more to tell)";
    }
}
