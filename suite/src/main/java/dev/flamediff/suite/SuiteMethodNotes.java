package dev.flamediff.suite;

import dev.flamediff.render.markdown.MarkdownText;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * The report's last block: how each verdict was reached (forks, the noise measured per side, what
 * that noise means for a gate of the chosen size, the forks that would measure it), what the
 * profile diffs kept, and what was found and not used.
 */
final class SuiteMethodNotes {

    private final SuiteReport report;

    SuiteMethodNotes(SuiteReport report) {
        this.report = report;
    }

    void write(Writer w) throws IOException {
        List<BenchmarkReport> scored = report.scored();
        w.write("<details>\n<summary>How this was measured</summary>\n\n");
        int confidence = (int) Math.round(100 * (1 - report.level()));
        w.write("Each score is compared with the benchmark's own measurements: forks are the runs, their means "
                + "are compared with Welch's t-test (" + confidence + "% interval), and the p-values are adjusted "
                + "over the suite (Benjamini\u2013Hochberg, false discovery rate " + SuiteText.share(report.level())
                + "). A side with one fork shows only its iterations' spread, which misses how much forks differ "
                + "(JIT decisions, heap layout, neighbours on a shared machine), so its change is not measurable. "
                + "Sample totals are not used for the verdict.\n\n");
        if (!scored.isEmpty()) {
            boolean gate = report.scoreGate().isPresent();
            String size = gate ? "a " + SuiteText.share(report.scoreGate().getAsDouble()) + " gate"
                    : "a change of the size seen";
            w.write("CV: run-to-run coefficient of variation of the score (between forks; \"iterations\" when a side "
                    + "has one fork, a lower bound). False alerts: the chance that " + size + " on one run per side "
                    + "fails on noise alone, 2[1 \u2212 \u03a6(threshold / CV)]. Forks needed: per side, to tell "
                    + (gate ? "a change of the gate's size" : "a change of that size") + " from the noise ("
                    + Math.round(100 * ScoreMath.POWER) + "% power, level " + SuiteText.share(report.level())
                    + ").\n\n");
            w.write("| benchmark | forks base / head | CV base / head | false alerts | forks needed |\n");
            w.write("| --- | ---: | ---: | ---: | ---: |\n");
            for (BenchmarkReport b : scored) {
                ScoreComparison s = b.score().orElseThrow();
                SuiteMeasures m = SuiteMeasures.of(s, report.scoreGate(), report.level());
                w.write("| " + SuiteMarkdownWriter.name(b) + " | " + s.base().forks() + " / " + s.head().forks()
                        + " | " + SuiteText.share(s.base().cv()) + " / " + SuiteText.share(s.head().cv())
                        + (s.cvOfForks() ? "" : " (iterations)") + " | "
                        + (gate ? "" : "at " + SuiteText.share(m.threshold()) + ": ") + SuiteText.share(m.falseAlert())
                        + " | " + m.forksText() + " |\n");
            }
            w.write("\n");
            unsteady(w, scored);
        }
        profiles(w);
        if (!report.warnings().isEmpty()) {
            // The warnings name files and benchmarks from the inputs.
            w.write("Not compared:\n\n" + MarkdownText.items(report.warnings()) + "\n");
        }
        w.write("</details>\n");
    }

    /** Names the benchmarks whose forks never settled: more forks measure such noise, they do not remove it. */
    private static void unsteady(Writer w, List<BenchmarkReport> scored) throws IOException {
        List<BenchmarkReport> list = scored.stream().filter(b -> b.score().orElseThrow().base().unsteady()
                || b.score().orElseThrow().head().unsteady()).toList();
        if (list.isEmpty()) {
            return;
        }
        w.write("Not at steady state: within one fork, these benchmarks' iterations vary by more than "
                + SuiteText.share(SideScores.UNSTEADY) + " (CV of the iterations around their fork's mean). "
                + "A warm-up too short, or a heap still growing into fresh memory, does that; a longer warm-up "
                + "or a fixed, pre-touched heap (-Xms equal to -Xmx, -XX:+AlwaysPreTouch) steadies them.\n\n");
        for (BenchmarkReport b : list) {
            ScoreComparison s = b.score().orElseThrow();
            w.write("- " + SuiteMarkdownWriter.prose(b) + ": iterations vary by "
                    + SuiteText.share(s.base().iterationCv()) + " in base, "
                    + SuiteText.share(s.head().iterationCv()) + " in head\n");
        }
        w.write("\n");
    }

    private void profiles(Writer w) throws IOException {
        List<BenchmarkReport> diffed = report.benchmarks().stream()
                .filter(b -> b.profile().graph().isPresent()).toList();
        if (!diffed.isEmpty()) {
            BenchmarkReport first = diffed.get(0);
            w.write(String.format(Locale.ROOT, "Profiles: %d benchmark%s diffed (threads: %s; runs per side: %s). "
                            + "A benchmark with scores has head's profile scaled to base's operations (%s), "
                            + "so a frame's impact is its share of base's time per operation.\n\n",
                    diffed.size(), diffed.size() == 1 ? "" : "s", MarkdownText.span(first.profile().threads()),
                    runs(diffed), "throughput: base's score / head's; time per operation: head's / base's"));
        }
        for (BenchmarkReport b : report.benchmarks()) {
            if (b.profile().problem().filter(p -> !p.isEmpty()).isPresent()
                    && b.verdict() != Verdict.ADDED && b.verdict() != Verdict.REMOVED) {
                w.write("- " + SuiteMarkdownWriter.prose(b) + ": no profile diff, "
                        + MarkdownText.span(b.profile().problem().get()) + "\n");
            }
        }
        w.write("\n");
    }

    private static String runs(List<BenchmarkReport> diffed) {
        return diffed.stream().map(b -> b.profile().baseRuns() + " / " + b.profile().headRuns()).distinct()
                .sorted().reduce((a, b) -> a + ", " + b).orElse("");
    }
}
