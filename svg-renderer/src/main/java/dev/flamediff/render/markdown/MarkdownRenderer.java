package dev.flamediff.render.markdown;

import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.diff.OverallChange;
import dev.flamediff.diff.SummaryEntry;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes the diff's {@link DiffSummary} as Markdown for a pull-request comment: a one-line
 * headline, a short table of the biggest significant changes, the gate's verdict, and everything
 * else in a collapsed {@code <details>} block, then a link to the SVG whose target is a
 * placeholder ({@value #SVG_LINK}) for the CI job to replace with the uploaded file's URL. Frame
 * names are escaped for Markdown and HTML ({@link MarkdownText}). Stateless; deterministic.
 */
public final class MarkdownRenderer implements DiffRenderer {

    /** The link target of the flame graph, to be replaced by the URL where CI publishes it. */
    public static final String SVG_LINK = "diff.svg";

    /** Rows of the short table: this many regressions and this many improvements at most. */
    static final int SHORT_TABLE_ROWS = 5;

    @Override
    public String format() {
        return "markdown";
    }

    @Override
    public void render(DiffTree diff, RenderOptions options, OutputStream out) throws IOException {
        DiffSummary summary = DiffSummary.of(diff);
        // The summary walked the whole tree; what is left is a few tables.
        RenderInterrupts.checkEvery(0);
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        ValueText values = ValueText.of(diff.valueType());
        SummaryTables tables = new SummaryTables(values);
        w.write(headline(diff, summary, options, values));
        w.write("\n\n");
        if (summary.gate().failed()) {
            w.write("**CI gate failed:**\n\n");
            for (String reason : summary.gate().reasons()) {
                w.write("- " + MarkdownText.escape(reason) + "\n");
            }
            w.write("\n");
        }
        List<SummaryEntry> regressions = head(summary.selfRegressions());
        List<SummaryEntry> improvements = head(summary.selfImprovements());
        if (!regressions.isEmpty() || !improvements.isEmpty()) {
            tables.frames(w, regressions, improvements);
            w.write("\n");
        }
        w.write("<details>\n<summary>" + detailsTitle(summary) + "</summary>\n\n");
        tables.section(w, "Regressions by frame (self, summed over its call paths)", summary.selfRegressions(), false);
        tables.section(w, "Improvements by frame (self, summed over its call paths)", summary.selfImprovements(), false);
        tables.section(w, "Regressions by call path (total)", summary.totalRegressions(), true);
        tables.section(w, "Improvements by call path (total)", summary.totalImprovements(), true);
        tables.section(w, "New call paths (only in head)", summary.added(), true);
        tables.section(w, "Removed call paths (only in base)", summary.removed(), true);
        tables.section(w, "Largest changes within noise (not significant, by frame)", summary.withinNoise(), false);
        new MethodNotes(diff, summary).write(w);
        w.write("\n</details>\n\n");
        w.write("[Open the interactive differential flame graph](" + SVG_LINK + ")"
                + " <!-- flamediff: replace " + SVG_LINK + " with the URL of the published SVG -->\n");
        w.flush();
    }

    private static List<SummaryEntry> head(List<SummaryEntry> entries) {
        return entries.subList(0, Math.min(SHORT_TABLE_ROWS, entries.size()));
    }

    private static String headline(DiffTree diff, DiffSummary summary, RenderOptions options, ValueText values) {
        OverallChange overall = summary.overall();
        StringBuilder s = new StringBuilder();
        s.append("**").append(options.title().map(MarkdownText::escape).orElse("flamediff")).append("**");
        s.append(" \u00b7 ").append(MarkdownText.escape(diff.valueType().toString())).append(", head vs base: ");
        s.append("**").append(ValueText.percent(overall.relative())).append("**");
        // One run per side cannot show how much whole runs vary (a busy machine halves the samples
        // of a fixed-length recording), so its whole-profile test is lenient: say so, not just "noise".
        s.append(overall.significant() ? " (significant, p " + pEquals(overall.pValue()) + ")"
                : diff.usesRunToRunSpread() || diff.noiseModel() == NoiseModel.EXACT || Math.abs(overall.relative()) < 1e-9
                        ? " (within noise)"
                : " (within noise for one run per side)");
        // The headline answers "where": the function where the change starts, and where its cost went.
        List<Culprit> culprits = !summary.culpritRegressions().isEmpty() ? summary.culpritRegressions()
                : summary.culpritImprovements();
        if (!culprits.isEmpty()) {
            Culprit top = culprits.get(0);
            s.append(top.regression() ? " \u00b7 top regression " : " \u00b7 top improvement ")
                    .append(MarkdownText.code(top.function().frame().name()))
                    .append(' ').append(ValueText.percent(top.impact())).append(" of the profile");
            List<String> callees = top.callees().stream()
                    .filter(c -> Math.signum(c.delta()) == Math.signum(top.delta()))
                    .limit(2)
                    .map(c -> MarkdownText.code(c.frame().name()) + (c.isNew() ? " (new)" : ""))
                    .toList();
            if (!callees.isEmpty()) {
                s.append(top.regression() ? ", now spent in " : ", less spent in ").append(String.join(" and ", callees));
            }
        } else if (!summary.selfRegressions().isEmpty()) {
            SummaryEntry top = summary.selfRegressions().get(0);
            s.append(" \u00b7 top regression ").append(MarkdownText.code(top.frame().name()))
                    .append(' ').append(ValueText.percent(top.impact())).append(" of the profile");
        } else if (summary.selfImprovements().isEmpty()) {
            s.append(" \u00b7 no significant change");
        } else {
            SummaryEntry top = summary.selfImprovements().get(0);
            s.append(" \u00b7 top improvement ").append(MarkdownText.code(top.frame().name()))
                    .append(' ').append(ValueText.percent(top.impact())).append(" of the profile");
        }
        if (summary.gate().enabled()) {
            s.append(summary.gate().failed() ? " \u00b7 gate: **failed**" : " \u00b7 gate: passed");
        }
        return s.toString();
    }

    private static String pEquals(double p) {
        String v = ValueText.pValue(p);
        return v.startsWith("&lt;") ? v : "= " + v;
    }

    private static String detailsTitle(DiffSummary summary) {
        return "Details: " + summary.selfRegressions().size() + " regressing and "
                + summary.selfImprovements().size() + " improving frames, "
                + summary.added().size() + " new and " + summary.removed().size() + " removed call paths; "
                + summary.belowNoise() + " frames changed within noise";
    }
}
