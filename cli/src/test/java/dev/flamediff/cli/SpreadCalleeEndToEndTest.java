package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A method called from many callers that became too cheap to be sampled anywhere (or newly
 * costly everywhere), through the command: the shape of a JDK recording of an order pipeline
 * whose money formatter stopped calling {@code String.format} (57 samples, 32% of the profile,
 * to none), where the report said "no change stands out from the noise" because each of the
 * seven handlers that call it was charged with its own small share.
 */
class SpreadCalleeEndToEndTest {

    @TempDir
    Path dir;

    /** Seven handlers with work of their own, each calling {@code tail} with {@code count} samples, and background stages. */
    private static List<String> lines(String tail, int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            String handler = "main;app.Worker.loop;app.Router.dispatch;app.Handler" + i + ".handle";
            lines.add(handler + " 60");
            lines.add(handler + ";app.Catalog.lookup " + (20 + 3 * i));
            if (count > 0) {
                lines.add(handler + tail + " " + count);
            }
        }
        for (int i = 0; i < 12; i++) {
            lines.add("main;app.Worker.loop;app.Stage" + i + ".run " + (40 + 5 * i));
        }
        return lines;
    }

    private Path write(String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, lines);
        return p;
    }

    @Test
    void aMethodTooCheapToBeSampledUnderAnyOfItsCallersIsTheFasterOne() throws IOException {
        Path base = write("base.collapsed", lines(";app.Formatter.money;java.lang.String.format;java.util.Formatter.format", 8));
        Path head = write("head.collapsed", lines("", 0));
        Path md = dir.resolve("report.md");
        Path svg = dir.resolve("diff.svg");

        CliRun report = CliRun.run(base.toString(), head.toString(), "-o", md.toString());
        CliRun graph = CliRun.run(base.toString(), head.toString(), "-o", svg.toString());

        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(graph.exitCode()).as(graph.err()).isZero();
        String text = Files.readString(md);
        assertThat(text.lines().findFirst().orElseThrow()).contains("**Faster: `Formatter.money` (gone) \u2212")
                .doesNotContain("no change stands out").doesNotContain("Handler");
        assertThat(text.lines().filter(l -> l.startsWith("| \u25bc ") || l.startsWith("| \u25b2 ")))
                .isNotEmpty().noneMatch(l -> l.contains("Handler"));
        assertThat(Files.readString(svg)).contains("Faster here: app.Formatter.money \u2212");
    }

    @Test
    void aMethodNewlyCostlyUnderEveryCallerFailsTheGateUnderItsOwnName() throws IOException {
        Path base = write("base.collapsed", lines("", 0));
        Path head = write("head.collapsed", lines(";app.Validator.check;java.util.regex.Pattern.compile", 8));
        Path md = dir.resolve("report.md");

        CliRun run = CliRun.run(base.toString(), head.toString(), "--fail-on-frame-regression", "2", "-o", md.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).contains("gate failed: app.Validator.check grew by +");
        assertThat(Files.readString(md).lines().findFirst().orElseThrow()).contains("**Slower: `Validator.check` (new) +")
                .doesNotContain("Handler");
    }
    /**
     * Seven handlers whose own code of {@code moved} samples each lies in themselves or, with
     * {@code extracted}, in a new helper they all call: the same work, only moved.
     */
    private static List<String> refactored(boolean extracted, int moved) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            String handler = "main;app.Worker.loop;app.Router.dispatch;app.Handler" + i + ".handle";
            lines.add(handler + " " + (60 + (extracted ? 0 : moved)));
            lines.add(handler + ";app.Catalog.lookup " + (20 + 3 * i));
            if (extracted) {
                lines.add(handler + ";app.Util.normalize " + moved);
            }
        }
        for (int i = 0; i < 12; i++) {
            lines.add("main;app.Worker.loop;app.Stage" + i + ".run " + (40 + 5 * i));
        }
        return lines;
    }

    @Test
    void codeOfSeveralCallersMovedIntoANewMethodIsNoRegression() throws IOException {
        Path base = write("base.collapsed", refactored(false, 30));
        Path head = write("head.collapsed", refactored(true, 30));
        Path md = dir.resolve("report.md");

        CliRun run = CliRun.run(base.toString(), head.toString(), "--fail-on-frame-regression", "2", "-o", md.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readString(md).lines().findFirst().orElseThrow())
                .doesNotContain("Slower").doesNotContain("Faster").doesNotContain("Util.normalize");
    }

    @Test
    void aMethodFoldedBackIntoItsCallersIsNoImprovement() throws IOException {
        Path base = write("base.collapsed", refactored(true, 30));
        Path head = write("head.collapsed", refactored(false, 30));
        Path md = dir.resolve("report.md");

        CliRun run = CliRun.run(base.toString(), head.toString(), "-o", md.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readString(md).lines().findFirst().orElseThrow())
                .doesNotContain("Slower").doesNotContain("Faster").doesNotContain("Util.normalize");
    }

    /**
     * A parser that now calls a regex splitter, with a few of head's stacks truncated so they start
     * at the splitter (async-profiler's {@code [unknown]} root): the gate and the report name the
     * parser, whose change it is, and the splitter as its new callee, not the splitter alone.
     */
    @Test
    void aNewCalleeSeenAlsoInTruncatedStacksStaysItsCallersChange() throws IOException {
        List<String> base = new ArrayList<>(lines("", 0));
        base.add("main;app.Worker.loop;app.Bench.parse;app.Records.parse;app.Records.splitIndexOf;java.lang.String.indexOf 120");
        List<String> head = new ArrayList<>(lines("", 0));
        head.add("main;app.Worker.loop;app.Bench.parse;app.Records.parse;app.Records.splitWithRegex;java.util.regex.Pattern.compile 400");
        head.add("[unknown];app.Records.splitWithRegex;java.util.regex.Pattern.compile 3");
        head.add("[break_stack_range];app.Records.splitWithRegex 2");
        Path md = dir.resolve("report.md");

        CliRun run = CliRun.run(write("base.collapsed", base).toString(), write("head.collapsed", head).toString(),
                "--fail-on-frame-regression", "2", "-o", md.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).contains("gate failed: app.Records.parse grew by +");
        assertThat(Files.readString(md).lines().findFirst().orElseThrow())
                .contains("**Slower: `Records.parse` +").contains("`Records.splitWithRegex` (new)");
    }
}
