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
 * The words of the report and the graph's header say what the profiles hold, through the command,
 * on hand-written pairs for the cases the recorded fixtures do not have: a culprit whose change is
 * only the code it no longer calls (it still runs in head, so it is not "gone"), thread frames
 * whose ids change from run to run, two profiles without a single value, and a whole profile that
 * grew beyond the noise with every function growing alike.
 */
class ReportWordingEndToEndTest {

    @TempDir
    Path dir;

    /**
     * A cache lookup that no longer builds its key (the shape of a recorded pair, JDK recorder,
     * where {@code Cache.key} became too cheap to be sampled): its own change is the removed call
     * path, so the part the diff attributes to it is 0 in head while the function still runs
     * through {@code LinkedHashMap.get}.
     */
    private static List<String> cacheLines(boolean base) {
        List<String> lines = new ArrayList<>(List.of(
                "main;app.Worker.loop;app.Parser.parse 900",
                "main;app.Worker.loop;app.Parser.parse;java.lang.String.charAt 300",
                "main;app.Worker.loop;app.Render.walk 600",
                "main;app.Worker.loop;app.Render.walk;app.Channel.send 400",
                "main;app.Worker.loop;app.Audit.scan 500",
                "main;app.Worker.loop;app.Render.walk;app.Cache.balance;java.util.LinkedHashMap.get 300"));
        for (int i = 0; i < 8; i++) {
            lines.add("main;app.Worker.loop;app.Stage" + i + ".run " + (150 + 10 * i));
        }
        if (base) {
            lines.add("main;app.Worker.loop;app.Render.walk;app.Cache.balance;app.Cache.key 400");
            lines.add("main;app.Worker.loop;app.Render.walk;app.Cache.balance;app.Cache.key;java.lang.StringBuilder.append 300");
        }
        return lines;
    }

    private Path write(String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, lines);
        return p;
    }

    @Test
    void aFasterFunctionThatStillRunsIsNotCalledGoneAndItsCalleesAreLessSpentIn() throws IOException {
        Path base = write("base.collapsed", cacheLines(true));
        Path head = write("head.collapsed", cacheLines(false));
        Path md = dir.resolve("report.md");
        Path svg = dir.resolve("diff.svg");

        CliRun report = CliRun.run(base.toString(), head.toString(), "-o", md.toString());
        CliRun graph = CliRun.run(base.toString(), head.toString(), "-o", svg.toString());

        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(graph.exitCode()).as(graph.err()).isZero();
        String text = Files.readString(md);
        String first = text.lines().findFirst().orElseThrow();
        assertThat(first).contains("**Faster: `Cache.balance` \u2212").doesNotContain("`Cache.balance` (gone)")
                .contains("less spent in `Cache.key` (gone)");
        String leadRow = text.lines().filter(l -> l.startsWith("| \u25bc ")).findFirst().orElseThrow();
        assertThat(leadRow).contains("`Cache.balance`, less spent in `Cache.key` (gone)").doesNotContain("` gone");
        String detailRow = text.lines().filter(l -> l.startsWith("| `app.Cache.balance`")).findFirst().orElseThrow();
        assertThat(detailRow).contains("less spent in `app.Cache.key` (gone)").doesNotContain("now spent in");
        assertThat(Files.readString(svg)).contains("Faster here: app.Cache.balance \u2212")
                .contains("less spent in Cache.key (gone)");
    }

    /**
     * Two recordings of one program with async-profiler's {@code threads} option: every thread
     * frame carries an id that differs from run to run ({@code [ledger-worker tid=10218]}). Read
     * as recorded, each run's threads are new in the other, and the gate failed on a thread frame
     * ("[ledger-worker tid=11274] grew by +37.38% of the whole profile") for a program compared
     * with itself.
     */
    @Test
    void threadIdsThatDifferBetweenTwoRunsOfOneProgramFailNoGate() throws IOException {
        List<String> base = new ArrayList<>();
        List<String> head = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            for (int i = 0; i < 12; i++) {
                String rest = ";java/lang/Thread.run_[j];app/Worker.loop_[j];app/Stage" + i + ".run_[j] ";
                base.add("[ledger-worker tid=" + (10218 + t) + "]" + rest + (200 + 13 * i));
                head.add("[ledger-worker tid=" + (11274 + t) + "]" + rest + (200 + 13 * i + (i % 3) * 4));
            }
        }
        base.add("[C2 CompilerThre tid=10212];Compile::Compile 90");
        head.add("[C2 CompilerThre tid=11268];Compile::Compile 95");
        Path md = dir.resolve("report.md");

        CliRun run = CliRun.run(write("base.collapsed", base).toString(), write("head.collapsed", head).toString(),
                "--fail-on-frame-regression", "2", "-o", md.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("gate failed").doesNotContain("tid=");
        String first = Files.readString(md).lines().findFirst().orElseThrow();
        assertThat(first).contains("**no change stands out from the noise**").contains("gate: passed");
    }

    @Test
    void twoProfilesWithoutValuesAreNotANewProfile() throws IOException {
        Path base = write("base.collapsed", List.of("main;app.Worker.loop 0"));
        Path head = write("head.collapsed", List.of("main;app.Worker.loop 0", "main;app.Other.run 0"));
        Path md = dir.resolve("report.md");

        CliRun run = CliRun.run(base.toString(), head.toString(), "-o", md.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        String first = Files.readString(md).lines().findFirst().orElseThrow();
        assertThat(first).contains("whole profile 0.00% (neither side holds any value)").doesNotContain(" new");
    }

    @Test
    void aWholeProfileThatGrewBeyondTheNoiseIsNotCalledNoChange() throws IOException {
        List<String> base = new ArrayList<>();
        List<String> head = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            base.add("main;app.Worker.loop;app.Stage" + i + ".run " + (100 + 7 * i));
            head.add("main;app.Worker.loop;app.Stage" + i + ".run " + 10 * (100 + 7 * i));
        }
        Path md = dir.resolve("report.md");

        CliRun run = CliRun.run(write("base.collapsed", base).toString(), write("head.collapsed", head).toString(),
                "-o", md.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        String first = Files.readString(md).lines().findFirst().orElseThrow();
        assertThat(first).contains("(likely real)")
                .contains("**the whole profile changed; no function stands out from that change**")
                .doesNotContain("no change stands out");
    }
}
