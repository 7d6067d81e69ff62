package dev.flamediff.suite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.testkit.Goldens;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flamediff.fixtures.FixtureFiles;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The recorded JMH suite (fixtures/jmh: RecordBenchmarks.parse slower in head, checksum faster,
 * sort unchanged) through the library: verdicts, culprits, gates and the report files. The
 * report and suite.json are compared with goldens; regenerate with -Dflamediff.bless=true.
 */
class SuiteFixtureTest {

    private static final String PKG = "dev.flamediff.example.RecordBenchmarks.";

    private static SuiteReport run(SuiteOptions options, MemoryOutput out) throws Exception {
        SuitePlan plan = Suites.plan(FixtureFiles.path("jmh/base"), FixtureFiles.path("jmh/head"), List.of(), List.of(),
                options);
        return Suites.run(plan, options, out);
    }

    private static BenchmarkReport benchmark(SuiteReport report, String method) {
        return report.benchmarks().stream().filter(b -> b.name().equals(PKG + method)).findFirst().orElseThrow();
    }

    @Test
    void verdictsComeFromTheForksAndTheCulpritsFromTheProfiles() throws Exception {
        MemoryOutput out = new MemoryOutput();
        SuiteReport report = run(SuiteOptions.DEFAULT.withScoreGate(0.05), out);
        BenchmarkReport parse = benchmark(report, "parse");
        BenchmarkReport checksum = benchmark(report, "checksum");
        BenchmarkReport sort = benchmark(report, "sort");
        assertThat(parse.verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(checksum.verdict()).isEqualTo(Verdict.FASTER);
        // sort is the same code on both sides, but its recorded forks varied by 25% and 45%: its
        // -10.1% is neither shown real nor ruled out, which "unchanged" would have claimed.
        assertThat(sort.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(sort.gateReasons()).isEmpty();
        assertThat(parse.score().orElseThrow().measurable()).isTrue();
        // The profiles: head's parse runs regular expressions base never ran, and the culprit is
        // the method that calls them, not the regex internals; checksum's one loop shrank.
        assertThat(parse.profile().regressions()).isNotEmpty()
                .allSatisfy(f -> assertThat(f.impact()).isPositive());
        assertThat(parse.profile().regressions().get(0).name()).endsWith("Records.parse");
        assertThat(parse.profile().regressions()).noneSatisfy(f -> assertThat(f.name()).contains("regex"));
        assertThat(checksum.profile().improvements()).first()
                .satisfies(f -> assertThat(f.name()).isEqualTo("dev.flamediff.example.Records.mix"));
        assertThat(parse.profile().threads()).isEqualTo("matching jmh-worker-");
        assertThat(parse.profile().normalization()).startsWith("factors (base ×1, head ×");
        // The gate fails for the regression only, naming benchmark and culprit.
        assertThat(report.gateReasons()).singleElement().satisfies(r -> assertThat(r)
                .startsWith("RecordBenchmarks.parse (lines=400): score \u2212").contains("worse by more than 5.0%")
                .contains("culprit "));
        assertThat(out.files).containsOnlyKeys("report.md", "suite.json", "index.html",
                PKG + "checksum-Throughput-lines-400.svg", PKG + "parse-Throughput-lines-400.svg",
                PKG + "sort-Throughput-lines-400.svg");
        assertThat(out.text(PKG + "parse-Throughput-lines-400.svg")).startsWith("<?xml").contains("splitWithRegex");
        Goldens.check("report.md", out.files.get("report.md"));
        Goldens.check("suite.json", out.files.get("suite.json"));
    }

    @Test
    void theReportNamesWhatChangedAndHowItWasMeasured() throws Exception {
        MemoryOutput out = new MemoryOutput();
        run(SuiteOptions.DEFAULT.withScoreGate(0.05).withLinkBase("https://ci.example/run 7/"), out);
        String md = out.text("report.md");
        assertThat(md.lines().findFirst().orElseThrow()).isEqualTo(
                "**flamediff suite** \u00b7 **2 of 3 benchmarks changed: 1 slower, 1 faster** \u00b7 1 inconclusive"
                        + " (moved, not significant) \u00b7 gate: **failed**");
        // Not in a collapsed block: the reviewer sees the moved score and the noise that hides it.
        assertThat(md).contains("\n**1 benchmark inconclusive:** the score moved by more than 5.0%")
                .doesNotContain("<summary>1 benchmark unchanged")
                .contains("| `RecordBenchmarks.sort` `lines=400` | 3.29 \u2192 2.96 `ops/ms` | \u221210.1%<br>")
                .contains("[graph](https://ci.example/run%207/" + PKG + "parse-Throughput-lines-400.svg)")
                .contains("2[1 \u2212 \u03a6(threshold / CV)]");
        JsonNode json = new ObjectMapper().readTree(out.files.get("suite.json"));
        assertThat(json.get("schemaVersion").asInt()).isEqualTo(SuiteJsonWriter.SCHEMA_VERSION);
        assertThat(json.get("gate").get("failed").asBoolean()).isTrue();
        JsonNode first = json.get("benchmarks").get(0);
        assertThat(first.get("verdict").asText()).isEqualTo("faster");
        JsonNode noise = first.get("score").get("noise");
        assertThat(noise.get("threshold").asDouble()).isEqualTo(0.05);
        double cv = noise.get("cv").asDouble();
        assertThat(noise.get("falseAlert").asDouble()).isEqualTo(ScoreMath.falseAlert(0.05, cv));
        assertThat(out.text("index.html")).contains("<a href=\"https://ci.example/run%207/" + PKG);
    }

    @Test
    void allThreadsKeepsTheJitAndGcThreadsToo() throws Exception {
        MemoryOutput filtered = new MemoryOutput();
        MemoryOutput all = new MemoryOutput();
        run(SuiteOptions.DEFAULT, filtered);
        SuiteReport report = run(SuiteOptions.DEFAULT.withThreadFilter(null), all);
        assertThat(benchmark(report, "parse").profile().threads()).isEqualTo("all");
        String svg = PKG + "sort-Throughput-lines-400.svg";
        assertThat(all.text(svg)).contains("C2Compiler::compile_method");
        assertThat(filtered.text(svg)).doesNotContain("C2Compiler::compile_method");
    }
}
