package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code flamediff suite} and {@code flamediff agent-path} end to end, on the recorded JMH suite. */
class SuiteCommandTest {

    private static final String PARSE_SVG = "dev.flamediff.example.RecordBenchmarks.parse-Throughput-lines-400.svg";

    @TempDir
    Path dir;

    private static String base() {
        return FixtureFiles.path("jmh/base").toString();
    }

    private static String head() {
        return FixtureFiles.path("jmh/head").toString();
    }

    @Test
    void writesTheReportFilesAndFailsTheGateOnTheRegression() throws Exception {
        Path out = dir.resolve("out");
        CliRun run = CliRun.run("suite", base(), head(), "-o", out.toString(), "--fail-on-regression", "5", "--png");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).hasSize(2);
        // sort is the same code on both sides, but its recorded forks varied by 25% and 45%.
        assertThat(run.errLines().get(0)).isEqualTo("flamediff suite: 2 of 3 benchmarks changed: 1 slower, 1 faster;"
                + " 1 inconclusive (moved, not significant); gate failed; report: " + out.resolve("report.md"));
        assertThat(out.resolve("report.md")).content().contains("**1 benchmark inconclusive:**")
                .contains("\u221210.1%<br>[\u221281.1%, +294.6%]<br>q = 0.638")
                // The recorded forks never settled (iterations 17% to 51% apart within a fork).
                .contains("Not at steady state: within one fork")
                .contains("- `RecordBenchmarks.parse` `lines=400`: iterations vary by 51% in base, 33% in head");
        assertThat(out.resolve("suite.json")).content().contains("\"verdict\" : \"inconclusive\"")
                .contains("\"iterationCv\" : 0.508");
        assertThat(run.errLines().get(1)).startsWith("flamediff: gate failed: RecordBenchmarks.parse (lines=400): score");
        assertThat(out.resolve("report.md")).content().startsWith("**flamediff suite** \u00b7 **2 of 3 benchmarks changed");
        assertThat(out.resolve("suite.json")).content().contains("\"schemaVersion\" : 1");
        assertThat(out.resolve("index.html")).content().contains("href=\"" + PARSE_SVG + "\"");
        assertThat(out.resolve(PARSE_SVG)).content().startsWith("<?xml");
        assertThat(Files.readAllBytes(out.resolve(PARSE_SVG.replace(".svg", ".png")))).startsWith(0x89, 'P', 'N', 'G');
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void theFrameGateNamesBenchmarkAndFrame() {
        CliRun run = CliRun.run("suite", base(), head(), "-o", dir.resolve("out").toString(),
                "--fail-on-frame-regression", "50");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: "))
                .isNotEmpty()
                .allSatisfy(l -> assertThat(l).startsWith("flamediff: gate failed: RecordBenchmarks.parse (lines=400): "))
                .anySatisfy(l -> assertThat(l).contains("Records.parse grew by").contains("splitWithRegex (new)"));
    }

    @Test
    void withoutAGateTheExitCodeIsZero() {
        Path out = dir.resolve("out");
        CliRun run = CliRun.run("suite", base(), head(), "-o", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("gate");
    }

    @Test
    void resultsCanBeGivenApartFromTheProfiles() throws Exception {
        Path b = Files.createDirectories(dir.resolve("b"));
        Path h = Files.createDirectories(dir.resolve("h"));
        CliRun run = CliRun.run("suite", b.toString(), h.toString(), "-o", dir.resolve("out").toString(),
                "--base-results", base() + "/results.json", "--head-results", head() + "/results.json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("2 of 3 benchmarks changed: 1 slower, 1 faster");
        assertThat(dir.resolve("out").resolve("report.md")).content().contains("no profile diff, `no recordings`");
    }

    @Test
    void badInputIsOneLineExitTwoAndNothingWritten() throws Exception {
        Path out = dir.resolve("out");
        CliRun missing = CliRun.run("suite", dir.resolve("nope").toString(), head(), "-o", out.toString());
        assertThat(missing.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(missing.errLines()).containsExactly("flamediff: " + dir.resolve("nope") + ": no such directory");

        Path bad = Files.createDirectories(dir.resolve("bad"));
        Files.writeString(bad.resolve("results.json"), "[{\"benchmark\":\"a.B.m\",\"mode\":\"thrpt\",\"primaryMetric\":7}]");
        CliRun badResults = CliRun.run("suite", bad.toString(), head(), "-o", out.toString());
        assertThat(badResults.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(badResults.errLines()).containsExactly("flamediff: " + bad.resolve("results.json")
                + ": JMH results, benchmark 0 (a.B.m): no primaryMetric");
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files).isEmpty();
        }

        Path file = Files.writeString(dir.resolve("file"), "x");
        CliRun notDir = CliRun.run("suite", base(), head(), "-o", file.toString());
        assertThat(notDir.errLines()).containsExactly("flamediff: " + file + ": not a directory");
        assertThat(notDir.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);

        CliRun usage = CliRun.run("suite", base(), "-o", out.toString());
        assertThat(usage.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(usage.errLines()).singleElement().satisfies(l -> assertThat(l).startsWith("flamediff: Missing"));

        CliRun both = CliRun.run("suite", base(), head(), "-o", out.toString(), "--all-threads", "--thread-filter", "x");
        assertThat(both.errLines()).containsExactly("flamediff: give either --thread-filter or --all-threads, not both");
    }

    @Test
    void agentPathExtractsTheBundledAsyncProfiler() throws Exception {
        CliRun run = CliRun.run("agent-path", "--dir", dir.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        Path lib = Path.of(run.out().trim());
        assertThat(lib).isAbsolute().startsWith(dir).hasFileName("libasyncProfiler.so");
        assertThat(Files.readAllBytes(lib)).startsWith(0x7f, 'E', 'L', 'F');
        // A second call keeps the file it finds with the same bytes.
        long modified = Files.getLastModifiedTime(lib).toMillis();
        assertThat(CliRun.run("agent-path", "--dir", dir.toString()).out().trim()).isEqualTo(lib.toString());
        assertThat(Files.getLastModifiedTime(lib).toMillis()).isEqualTo(modified);
    }
}
