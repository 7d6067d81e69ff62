package dev.flamediff.suite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verdicts other than slower and faster, through the library and into the report. */
class SuiteVerdictTest {

    @TempDir
    Path dir;

    private static String results(String... entries) {
        return "[" + String.join(",", entries) + "]";
    }

    private static String entry(String benchmark, String rawData) {
        return "{\"jmhVersion\":\"1.37\",\"benchmark\":\"" + benchmark + "\",\"mode\":\"thrpt\","
                + "\"primaryMetric\":{\"score\":10,\"scoreError\":1,\"scoreUnit\":\"ops/s\",\"rawData\":" + rawData + "}}";
    }

    /** Writes each side's JMH results into the temporary folder's base/ and head/. */
    private void sides(String baseResults, String headResults) throws IOException {
        Files.writeString(Files.createDirectories(dir.resolve("base")).resolve("results.json"), baseResults);
        Files.writeString(Files.createDirectories(dir.resolve("head")).resolve("results.json"), headResults);
    }

    /** Runs the suite on the sides {@link #sides} wrote. */
    private SuiteReport run(SuiteOptions options, MemoryOutput out) throws Exception {
        return Suites.run(Suites.plan(dir.resolve("base"), dir.resolve("head"), List.of(), List.of(), options), options,
                out);
    }

    @Test
    void oneForkIsNotMeasurableAddedAndRemovedAreListed() throws Exception {
        // One fork per side whose iterations agree to 0.5%: a 20% drop an iteration-only test would call real.
        sides(results(entry("a.B.one", "[[10.0,10.05,9.95]]"),
                entry("a.B.gone", "[[1,1.1],[1,0.9]]")),
                results(entry("a.B.one", "[[8.0,8.04,7.96]]"),
                entry("a.B.fresh", "[[1,1.1],[1,0.9]]")));
        MemoryOutput out = new MemoryOutput();
        SuiteOptions options = SuiteOptions.DEFAULT.withScoreGate(0.02);
        SuiteReport report = run(options, out);
        assertThat(report.benchmarks()).extracting(BenchmarkReport::name, BenchmarkReport::verdict).containsExactly(
                org.assertj.core.groups.Tuple.tuple("a.B.fresh", Verdict.ADDED),
                org.assertj.core.groups.Tuple.tuple("a.B.gone", Verdict.REMOVED),
                org.assertj.core.groups.Tuple.tuple("a.B.one", Verdict.NOT_MEASURABLE));
        assertThat(report.gateFailed()).isFalse();
        ScoreComparison one = report.benchmarks().get(2).score().orElseThrow();
        assertThat(one.change()).isCloseTo(-0.2, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(one.cvOfForks()).isFalse();
        SuiteMeasures m = SuiteMeasures.of(one, report.scoreGate(), report.level());
        // The iterations' CV (0.5%) is a lower bound of the forks': so is the fork count.
        assertThat(m.forksText()).startsWith("\u2265 ");
        String md = out.text("report.md");
        assertThat(md.lines().findFirst().orElseThrow()).isEqualTo("**flamediff suite** \u00b7 **no change in 1 benchmark**"
                + " \u00b7 1 not measurable with 1 fork \u00b7 1 added \u00b7 1 removed \u00b7 gate: passed");
        assertThat(md).contains("<summary>1 benchmark not measurable with 1 fork")
                .contains("**1 benchmark added (only in head):** `B.fresh`")
                .contains("**1 benchmark removed (only in base):** `B.gone`")
                .contains("(iterations)");
    }

    @Test
    void aMoveTheForksCannotConfirmIsInconclusiveNotUnchanged() throws Exception {
        // noisy: fork means 10, 20, 40 against 5, 10, 20 (-50%, forks a factor 2 apart: not significant).
        // steady: fork means 10, 10.1, 9.9 against 9.8, 9.9, 9.7 (-2%, not significant at 1% with 3 forks either).
        sides(results(entry("a.B.noisy", "[[10,10],[20,20],[40,40]]"),
                entry("a.B.steady", "[[10,10],[10.1,10.1],[9.9,9.9]]")),
                results(entry("a.B.noisy", "[[5,5],[10,10],[20,20]]"),
                entry("a.B.steady", "[[9.8,9.8],[9.9,9.9],[9.7,9.7]]")));
        MemoryOutput out = new MemoryOutput();
        SuiteOptions options = SuiteOptions.DEFAULT.withScoreGate(0.05);
        SuiteReport report = run(options, out);
        assertThat(report.benchmarks()).extracting(BenchmarkReport::name, BenchmarkReport::verdict).containsExactly(
                org.assertj.core.groups.Tuple.tuple("a.B.noisy", Verdict.INCONCLUSIVE),
                org.assertj.core.groups.Tuple.tuple("a.B.steady", Verdict.UNCHANGED));
        ScoreComparison noisy = report.benchmarks().get(0).score().orElseThrow();
        assertThat(noisy.low()).isLessThan(-0.5);
        assertThat(noisy.high()).isPositive();
        assertThat(report.gateFailed()).as("an unconfirmed change never fails the gate").isFalse();
        String md = out.text("report.md");
        assertThat(md.lines().findFirst().orElseThrow()).isEqualTo("**flamediff suite** \u00b7 **no change in 2"
                + " benchmarks** \u00b7 1 inconclusive (moved, not significant) \u00b7 gate: passed");
        assertThat(md).contains("**1 benchmark inconclusive:** the score moved by more than 5.0%")
                .contains("| `B.noisy` | 23.3 \u2192 11.7 `ops/s` | \u221250.0%<br>[")
                .contains("<summary>1 benchmark unchanged");
        assertThat(out.text("suite.json")).contains("\"verdict\" : \"inconclusive\"");

        // The gate's threshold is what a reader notices: at 60% the noisy one's -50% is unchanged.
        SuiteOptions wide = SuiteOptions.DEFAULT.withScoreGate(0.6);
        SuiteReport lenient = run(wide, new MemoryOutput());
        assertThat(lenient.benchmarks().get(0).verdict()).isEqualTo(Verdict.UNCHANGED);
    }

    private static String avgt(String benchmark, String rawData) {
        return entry(benchmark, rawData).replace("\"thrpt\"", "\"avgt\"").replace("ops/s", "us/op");
    }

    @Test
    void anIntervalAloneMissingZeroIsNotAVerdictTheSuiteAdjustsIt() throws Exception {
        // A real JMH run of the example suite with 2 forks a side (avgt, us/op): parse got 23 times
        // slower, its 99% interval alone misses zero (p = 0.007), but with two forks a side Welch's
        // test has about one degree of freedom, and over the suite's three tests its q is 0.0104.
        sides(results(
                avgt("a.B.checksum", "[[49.596,49.171],[49.351,49.209]]"),
                avgt("a.B.parse", "[[16.88,16.714],[16.437,16.518]]"),
                avgt("a.B.sort", "[[28.929,28.073],[31.242,29.445]]")),
                results(
                avgt("a.B.checksum", "[[12.295,12.325],[12.448,12.298]]"),
                avgt("a.B.parse", "[[457.399,360.051],[382.445,361.718]]"),
                avgt("a.B.sort", "[[27.7,26.968],[30.028,28.812]]")));
        MemoryOutput out = new MemoryOutput();
        SuiteReport report = run(SuiteOptions.DEFAULT, out);
        BenchmarkReport parse = report.benchmarks().stream().filter(b -> b.name().equals("a.B.parse")).findFirst()
                .orElseThrow();
        ScoreComparison s = parse.score().orElseThrow();
        assertThat(s.low()).as("the interval alone misses zero").isPositive();
        assertThat(s.pValue()).isLessThan(0.01);
        assertThat(parse.qValue()).isGreaterThan(0.01);
        assertThat(parse.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        String md = out.text("report.md");
        assertThat(md).contains("but not significantly once adjusted over the suite (q above 1.0%)")
                .contains("| `B.parse` | 16.6 \u2192 390 `us/op` | +2246.6%<br>[+146.1%, +22223.2%]<br>q = 0.0104 |");
        // Three forks a side would tell, and the report says so.
        assertThat(SuiteMeasures.of(s, report.scoreGate(), report.level()).forksNeeded()).isEqualTo(3);
    }

    @Test
    void aQAboveTheLevelNeverReadsAsTheLevel() {
        assertThat(SuiteText.qAbove(0.0104, 0.01)).isEqualTo("0.0104");
        assertThat(SuiteText.qAbove(0.638, 0.01)).isEqualTo("0.638");
        assertThat(SuiteText.qAbove(0.01000004, 0.01)).isEqualTo("0.01000004");
        // A level below 0.001 (--significance 0.0005): no "< 0.001" beside "q above 0.05%".
        assertThat(SuiteText.qAbove(0.0007, 0.0005)).isEqualTo("0.0007");
    }

    @Test
    void forksThatNeverSettledAreNamedWithTheCure() throws Exception {
        // The example suite's parse on a heap growing into fresh memory (a real run, ops/ms): one
        // fork's iterations went 16.4, 3.2, 3.2. checksum's, in the same run, agreed within 1%.
        sides(results(
                entry("a.B.parse", "[[16.36,3.24,3.2],[5.96,3.56,42.27],[13.89,6.45,3.02]]"),
                entry("a.B.checksum", "[[20.33,20.13,19.84],[20.36,20.39,20.4],[20.35,19.04,20.1]]")),
                results(
                entry("a.B.parse", "[[1.17,0.22,0.22],[1.53,0.32,2.86],[1.29,0.22,0.22]]"),
                entry("a.B.checksum", "[[81.06,80.35,80.56],[78.57,81.37,80.61],[81.43,81.4,81.46]]")));
        MemoryOutput out = new MemoryOutput();
        SuiteReport report = run(SuiteOptions.DEFAULT, out);
        ScoreComparison parse = report.benchmarks().stream().filter(b -> b.name().equals("a.B.parse")).findFirst()
                .orElseThrow().score().orElseThrow();
        ScoreComparison checksum = report.benchmarks().stream().filter(b -> b.name().equals("a.B.checksum"))
                .findFirst().orElseThrow().score().orElseThrow();
        assertThat(parse.base().unsteady()).isTrue();
        assertThat(parse.head().unsteady()).isTrue();
        assertThat(parse.base().iterationCv()).isGreaterThan(0.5);
        assertThat(checksum.base().unsteady()).isFalse();
        assertThat(checksum.head().iterationCv()).isLessThan(0.02);
        String md = out.text("report.md");
        assertThat(md).contains("Not at steady state: within one fork, these benchmarks' iterations vary by more"
                        + " than 20%")
                .contains("-XX:+AlwaysPreTouch")
                .contains("- `B.parse`: iterations vary by ")
                .doesNotContain("- `B.checksum`: iterations");
        assertThat(out.text("suite.json")).contains("\"iterationCv\" : ");
    }

    @Test
    void profilesWithoutScoresAreComparedByTheirDiff() throws Exception {
        Path base = Files.createDirectories(dir.resolve("base"));
        Path head = Files.createDirectories(dir.resolve("head"));
        Files.copy(FixtureFiles.path("collapsed/base.collapsed"), base.resolve("app.collapsed"));
        Files.copy(FixtureFiles.path("collapsed/head.collapsed"), head.resolve("app.collapsed"));
        MemoryOutput out = new MemoryOutput();
        SuiteReport report = run(SuiteOptions.DEFAULT, out);
        BenchmarkReport app = report.benchmarks().get(0);
        assertThat(app.verdict()).isEqualTo(Verdict.PROFILE_ONLY);
        assertThat(app.profile().threads()).isEqualTo("all");
        assertThat(app.profile().normalization()).isEqualTo("none");
        assertThat(app.profile().regressions().get(0).name()).endsWith("FixtureApp.parseRecords");
        assertThat(out.files).containsKey("app.collapsed.svg");
        assertThat(out.text("report.md")).contains("1 profile pair without scores (paired by file name)")
                .contains("`app.collapsed`");
    }
}
