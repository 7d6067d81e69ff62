package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several runs per side, the significance level and the CI gate through the command. */
class NoiseAndGateTest {

    private static final String BASE = FixtureFiles.path("collapsed/base.collapsed").toString();
    private static final String BASE2 = FixtureFiles.path("collapsed/base2.collapsed").toString();

    @TempDir
    Path dir;

    /** Writes one run of a small program: {@code slow} and a steady rest, in folded form. */
    private String run(String name, long slow, long other) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "main;slow " + slow + "\nmain;other " + other + "\nmain;third 700\nmain;fourth 650\n");
        return file.toString();
    }

    private String[] threeAndThree(long headSlow) throws IOException {
        return new String[] {
            "--base", run("b1.collapsed", 1000, 1000), run("b2.collapsed", 1040, 990), run("b3.collapsed", 975, 1010),
            "--head", run("h1.collapsed", headSlow, 1000), run("h2.collapsed", headSlow + 30, 1020),
            run("h3.collapsed", headSlow - 25, 995)};
    }

    private static String[] with(String[] first, String... more) {
        String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    @Test
    void severalRunsPerSideAreAveragedAndReported() throws IOException {
        Path out = dir.resolve("diff.json");
        CliRun run = CliRun.run(with(threeAndThree(1000), "-o", out.toString()));

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(out.toFile());
        assertThat(doc.at("/significance/baseRuns").asInt()).isEqualTo(3);
        assertThat(doc.at("/significance/headRuns").asInt()).isEqualTo(3);
        assertThat(doc.at("/base/runs")).hasSize(3);
        assertThat(doc.at("/base/total").asDouble()).isCloseTo((3350 + 3380 + 3335) / 3.0,
                org.assertj.core.api.Assertions.within(1e-9));
        assertThat(run.err()).contains("runs: base 3 (total varies by ", "head 3 (");
    }

    @Test
    void aSignificantFrameRegressionFailsTheGateWithExitCodeOneAndSaysWhy() throws IOException {
        Path out = dir.resolve("report.md");
        CliRun run = CliRun.run(with(threeAndThree(1500), "--fail-on-frame-regression", "5", "-o", out.toString()));

        assertThat(run.exitCode()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).anyMatch(l -> l.startsWith("flamediff: gate failed: slow grew by +"));
        String report = Files.readString(out);
        assertThat(report).contains("gate: **failed**", "**CI gate failed:**", "- `slow grew by +");
    }

    @Test
    void theWholeProfileGateCountsTheWholeProfile() throws IOException {
        String[] runs = threeAndThree(1500);
        assertThat(CliRun.run(with(runs, "--fail-on-regression", "50", "--fixed-work", "-o", dir.resolve("a.json").toString()))
                .exitCode()).isZero();
        CliRun failed = CliRun.run(with(runs, "--fail-on-regression", "5", "--fixed-work", "-o", dir.resolve("b.json").toString()));
        assertThat(failed.exitCode()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(failed.errLines()).anyMatch(l -> l.startsWith("flamediff: gate failed: the whole profile grew +"));
        assertThat(dir.resolve("b.json")).exists();
    }

    @Test
    void sampledTotalsAreJudgedOnlyWhenTheWorkWasFixed() throws IOException {
        // Fixed-duration recordings: their totals say how much CPU each run got, not how much work it did.
        CliRun run = CliRun.run(with(threeAndThree(1500), "--fail-on-regression", "5", "-o", dir.resolve("c.json").toString()));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.errLines()).anyMatch(l -> l.startsWith("flamediff: gate: the whole-profile threshold was not judged")
                && l.endsWith("(pass --fixed-work when they did)"));
    }

    @Test
    void noiseNeverFailsTheGate() throws IOException {
        // Two recordings of the same program, thresholds at zero: only significant changes count.
        CliRun run = CliRun.run(BASE, BASE2, "--fail-on-regression", "0", "--fail-on-frame-regression", "0",
                "-o", dir.resolve("diff.svg").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("gate failed");
    }

    @Test
    void aLooserLevelIsPassedToTheDiff() throws IOException {
        Path out = dir.resolve("diff.json");
        CliRun run = CliRun.run(BASE, BASE2, "--significance", "0.05", "-o", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(new ObjectMapper().readTree(out.toFile()).at("/significance/level").asDouble()).isEqualTo(0.05);
    }

    @Test
    void theRunVariationIsMeasuredByDefaultAndCanBeFixed() throws IOException {
        Path measured = dir.resolve("measured.json");
        Path fixed = dir.resolve("fixed.json");
        Path auto = dir.resolve("auto.json");
        assertThat(CliRun.run(BASE, BASE2, "-o", measured.toString()).exitCode()).isZero();
        assertThat(CliRun.run(BASE, BASE2, "--run-variation", "0.25", "-o", fixed.toString()).exitCode()).isZero();
        assertThat(CliRun.run(BASE, BASE2, "--run-variation", "auto", "-o", auto.toString()).exitCode()).isZero();

        JsonNode m = new ObjectMapper().readTree(measured.toFile()).get("significance");
        assertThat(m.get("runVariationSource").asText()).isEqualTo("estimated");
        assertThat(m.get("runVariationNodes").asInt()).isGreaterThan(10);
        assertThat(m.get("measuredRunVariation").asDouble()).isEqualTo(m.get("runVariation").asDouble());
        JsonNode f = new ObjectMapper().readTree(fixed.toFile()).get("significance");
        assertThat(f.get("runVariationSource").asText()).isEqualTo("fixed");
        assertThat(f.get("runVariation").asDouble()).isEqualTo(0.25);
        assertThat(f.get("measuredRunVariation").isNull()).isTrue();
        assertThat(new ObjectMapper().readTree(auto.toFile()).get("significance")).isEqualTo(m);
    }

    @Test
    void usageMistakesAreOneLineAndExitTwo() throws IOException {
        String a = run("a.collapsed", 1, 1);
        assertOneLine(CliRun.run("--base", a), "flamediff: --base needs --head (see flamediff --help)");
        assertOneLine(CliRun.run("--head", a), "flamediff: --head needs --base (see flamediff --help)");
        assertOneLine(CliRun.run(a, a, "--base", a, "--head", a),
                "flamediff: give the profiles either as BASE HEAD or with --base and --head, not both (see flamediff --help)");
        assertOneLine(CliRun.run(a), "flamediff: Missing required parameter: 'HEAD' (" + a + " is one profile; "
                + "only a 3-column file, stack base head, holds both) (see flamediff --help)");
        assertOneLine(CliRun.run(a, a, "--significance", "1.5"),
                "flamediff: --significance must be a level between 0 and 1 (exclusive), not 1.5");
        assertOneLine(CliRun.run(a, a, "--run-variation", "lots"),
                "flamediff: --run-variation must be auto or a fraction >= 0 (0.4 for 40%), not lots");
        assertOneLine(CliRun.run(a, a, "--run-variation", "-0.1"),
                "flamediff: --run-variation must be auto or a fraction >= 0 (0.4 for 40%), not -0.1");
        assertOneLine(CliRun.run(a, a, "--fail-on-regression", "-1"),
                "flamediff: --fail-on-regression must be a percentage >= 0, not -1.0");
    }

    @Test
    void helpListsTheNewFlags() {
        assertThat(CliRun.run("--help").out()).contains("--base", "--head", "--fail-on-regression",
                "--fail-on-frame-regression", "--significance", "--run-variation");
    }

    private static void assertOneLine(CliRun run, String line) {
        assertThat(run.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).containsExactly(line);
    }
}
