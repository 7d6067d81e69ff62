package dev.flamediff.suite;

import dev.flamediff.render.markdown.MarkdownText;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes {@code report.md}, the pull-request comment: a headline counting what changed, the gate's
 * reasons, one table row per benchmark that changed (score base → head, change with its interval,
 * culprit, graph), the rest counted in one line each and listed in collapsed blocks, and how it
 * was measured. Five columns at most, so it fits an 880-pixel comment. Every name from the result
 * files and profiles (benchmarks, parameters, units, frames, files) is a code span or block
 * ({@link MarkdownText}), where GitHub makes no link, mention or reference; an entity-escaped name
 * would still be one, since GitHub finds them after decoding entities. Deterministic.
 */
public final class SuiteMarkdownWriter {

    private final SuiteLinks links;

    /** Creates a writer whose links start with the link base (empty: relative to the report). */
    public SuiteMarkdownWriter(SuiteLinks links) {
        this.links = links;
    }

    /** Writes the report. */
    public void write(SuiteReport report, OutputStream out) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        w.write(SuiteHeadline.markdown(report));
        w.write("\n\n");
        if (report.gateFailed()) {
            // The reasons name benchmarks and frames: a list of code spans, as the single diff's report has them.
            w.write("**CI gate failed:**\n\n" + MarkdownText.items(report.gateReasons()) + "\n");
        }
        List<BenchmarkReport> changed = report.benchmarks().stream().filter(BenchmarkReport::changed).toList();
        if (!changed.isEmpty()) {
            w.write("| benchmark | base \u2192 head | change (" + confidence(report) + ") | culprit | graph |\n");
            w.write("| --- | ---: | ---: | --- | --- |\n");
            for (BenchmarkReport b : changed) {
                ScoreComparison s = b.score().orElseThrow();
                w.write("| " + name(b) + " | " + scores(s) + " | **" + SuiteText.percent(s.change()) + "** "
                        + b.verdict().words() + "<br>" + SuiteText.interval(s) + " | " + culprit(b) + " | "
                        + graph(b) + " |\n");
            }
            w.write("\n");
        }
        inconclusive(w, report.with(Verdict.INCONCLUSIVE), report);
        block(w, report.with(Verdict.UNCHANGED), "unchanged (within the noise their forks measured)", report);
        block(w, report.with(Verdict.NOT_MEASURABLE),
                "not measurable with 1 fork (the fork-to-fork variation is unknown; forks needed: below)", report);
        names(w, report.with(Verdict.ADDED), "added (only in head)");
        names(w, report.with(Verdict.REMOVED), "removed (only in base)");
        profilesOnly(w, report.with(Verdict.PROFILE_ONLY));
        new SuiteMethodNotes(report).write(w);
        w.flush();
    }

    private static String confidence(SuiteReport report) {
        return Math.round(100 * (1 - report.level())) + "% interval";
    }

    /** Not collapsed: a score that moved and could not be confirmed is for the reviewer to see. */
    private void inconclusive(Writer w, List<BenchmarkReport> list, SuiteReport report) throws IOException {
        if (list.isEmpty()) {
            return;
        }
        // Not "within the noise": with few forks an interval can miss zero and the change still fall
        // short once adjusted over the suite, so the row gives its q.
        w.write("**" + count(list.size()) + " inconclusive:** the score moved by more than "
                + SuiteText.share(report.noticeable()) + ", but not significantly once adjusted over the suite (q above "
                + SuiteText.share(report.level()) + "); more forks, or steadier ones, would tell (forks needed: below)."
                + "\n\n");
        rows(w, list, report.level());
        w.write("\n");
    }

    private void block(Writer w, List<BenchmarkReport> list, String what, SuiteReport report) throws IOException {
        if (list.isEmpty()) {
            return;
        }
        w.write("<details>\n<summary>" + count(list.size()) + " " + what + "</summary>\n\n");
        rows(w, list, Double.NaN);
        w.write("\n</details>\n\n");
    }

    /** Writes the rows; with a level (not NaN), each change with its q, which is above that level. */
    private void rows(Writer w, List<BenchmarkReport> list, double qLevel) throws IOException {
        w.write("| benchmark | base \u2192 head | change | noise (CV base / head) | graph |\n");
        w.write("| --- | ---: | ---: | ---: | --- |\n");
        for (BenchmarkReport b : list) {
            ScoreComparison s = b.score().orElseThrow();
            String change = SuiteText.percent(s.change()) + (s.measurable() ? "<br>" + SuiteText.interval(s) : "")
                    + (Double.isNaN(qLevel) ? "" : "<br>q = " + SuiteText.qAbove(b.qValue(), qLevel));
            w.write("| " + name(b) + " | " + scores(s) + " | " + change + " | " + SuiteText.share(s.base().cv())
                    + " / " + SuiteText.share(s.head().cv()) + (s.cvOfForks() ? "" : " (iterations)") + " | "
                    + graph(b) + " |\n");
        }
    }

    private static void names(Writer w, List<BenchmarkReport> list, String what) throws IOException {
        if (list.isEmpty()) {
            return;
        }
        w.write("**" + count(list.size()) + " " + what + ":** ");
        w.write(String.join(", ", list.stream().map(SuiteMarkdownWriter::prose).toList()));
        w.write("\n\n");
    }

    private void profilesOnly(Writer w, List<BenchmarkReport> list) throws IOException {
        if (list.isEmpty()) {
            return;
        }
        w.write("<details>\n<summary>" + list.size() + (list.size() == 1 ? " profile pair" : " profile pairs")
                + " without scores (paired by file name)</summary>\n\n");
        w.write("| profile | whole profile | top regression | top improvement | graph |\n");
        w.write("| --- | ---: | --- | --- | --- |\n");
        for (BenchmarkReport b : list) {
            ProfileFinding f = b.profile();
            w.write("| " + MarkdownText.wrappedCell(b.key()) + " | " + SuiteText.percent(f.overall()) + " | "
                    + frame(f.regressions()) + " | " + frame(f.improvements()) + " | " + graph(b) + " |\n");
        }
        w.write("\n</details>\n\n");
    }

    static String count(int n) {
        return n + (n == 1 ? " benchmark" : " benchmarks");
    }

    /** Returns the benchmark's name and parameters for a table cell, each a code span. */
    static String name(BenchmarkReport b) {
        String params = SuiteText.params(b.params());
        return MarkdownText.wrappedCell(b.shortName()) + (params.isEmpty() ? "" : " " + MarkdownText.cell(params));
    }

    /** Returns the benchmark's name and parameters for prose, each a code span. */
    static String prose(BenchmarkReport b) {
        String params = SuiteText.params(b.params());
        return MarkdownText.span(b.shortName()) + (params.isEmpty() ? "" : " " + MarkdownText.span(params));
    }

    private static String scores(ScoreComparison s) {
        return SuiteText.score(s.base().score()) + " \u2192 " + SuiteText.score(s.head().score()) + " "
                + MarkdownText.cell(s.unit());
    }

    private static String culprit(BenchmarkReport b) {
        ProfileFinding f = b.profile();
        if (f.problem().isPresent()) {
            return "no profile diff";
        }
        return frame(b.verdict() == Verdict.FASTER ? f.improvements() : f.regressions());
    }

    private static String frame(List<FrameChange> frames) {
        if (frames.isEmpty()) {
            return "\u2013";
        }
        FrameChange top = frames.get(0);
        return MarkdownText.wrappedCell(SuiteNames.shortFrame(top.name())) + " " + SuiteText.percent(top.impact())
                + (top.status().equals("changed") ? "" : " (" + top.status() + ")");
    }

    private String graph(BenchmarkReport b) {
        return b.profile().graph().map(g -> "[graph](" + links.to(g) + ")").orElse("\u2013");
    }
}
