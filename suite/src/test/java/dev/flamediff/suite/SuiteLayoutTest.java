package dev.flamediff.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.fixtures.FixtureFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteLayoutTest {

    private static final String PARSE = "dev.flamediff.example.RecordBenchmarks.parse-Throughput-lines-400";

    @TempDir
    Path dir;

    private final SuiteLayout layout = new SuiteLayout(InputLimits.DEFAULT);

    @Test
    void findsWhatJmhsAsyncProfilerIntegrationWrote() throws Exception {
        SideContents base = layout.scan(FixtureFiles.path("jmh/base"), List.of());
        assertThat(base.results()).hasSize(3).containsKey(PARSE);
        assertThat(base.jmhProfiles()).hasSize(3);
        assertThat(base.jmhProfiles().get(PARSE)).singleElement()
                .satisfies(p -> assertThat(p.toString()).endsWith(PARSE + "/jfr-cpu.jfr"));
        assertThat(base.files()).isEmpty();
        assertThat(base.notes()).isEmpty();
        SuitePlan plan = SuitePlan.pair(base, layout.scan(FixtureFiles.path("jmh/head"), List.of()));
        assertThat(plan.pairs()).extracting(BenchmarkPair::key).containsExactly(
                "dev.flamediff.example.RecordBenchmarks.checksum-Throughput-lines-400", PARSE,
                "dev.flamediff.example.RecordBenchmarks.sort-Throughput-lines-400");
        assertThat(plan.pairs()).allSatisfy(p -> {
            assertThat(p.jmh()).isTrue();
            assertThat(p.base()).isPresent();
            assertThat(p.head()).isPresent();
            assertThat(p.hasProfiles()).isTrue();
        });
        assertThat(plan.warnings()).isEmpty();
    }

    @Test
    void severalJmhRunsOfOneForkEachMergeTheirForksAndKeepEveryRecording() throws Exception {
        Path side = dir.resolve("base");
        for (String run : List.of("run-1", "run-2")) {
            Path folder = Files.createDirectories(side.resolve(run).resolve("profiles").resolve(PARSE));
            Files.copy(FixtureFiles.path("jmh/base/profiles/" + PARSE + "/jfr-cpu.jfr"), folder.resolve("jfr-cpu.jfr"));
            Files.copy(FixtureFiles.path("jmh/base/results.json"), side.resolve(run).resolve("results.json"));
            Files.writeString(folder.resolve("summary-cpu.txt"), "JMH's text output");
            Files.writeString(folder.resolve("flame-cpu-forward.html"), "<html>");
        }
        Files.copy(FixtureFiles.path("collapsed/base.collapsed"), side.resolve("run-1").resolve("profiles")
                .resolve(PARSE).resolve("collapsed-cpu.csv"));
        SideContents contents = layout.scan(side, List.of());
        assertThat(contents.results().get(PARSE).forks()).isEqualTo(6);
        assertThat(contents.jmhProfiles().get(PARSE)).hasSize(2)
                .allSatisfy(p -> assertThat(p.getFileName().toString()).isEqualTo("jfr-cpu.jfr"));
        assertThat(contents.notes()).anySatisfy(n -> assertThat(n).startsWith(
                "4 of JMH's own renderings (summary-*.txt, flame-*.html, tree-*.html) not read"))
                .anySatisfy(n -> assertThat(n).isEqualTo(
                        "run-1/profiles/" + PARSE + "/collapsed-cpu.csv: not compared (jfr-cpu.jfr is)"));
    }

    @Test
    void otherTreesPairByRelativePathAndNameWhatIsLeftOver() throws Exception {
        Path base = Files.createDirectories(dir.resolve("b").resolve("svc"));
        Path head = Files.createDirectories(dir.resolve("h").resolve("svc"));
        Files.copy(FixtureFiles.path("collapsed/base.collapsed"), base.resolve("cpu.collapsed"));
        Files.copy(FixtureFiles.path("collapsed/head.collapsed"), head.resolve("cpu.collapsed"));
        Files.copy(FixtureFiles.path("jfr/ap17-base.jfr"), base.resolve("old.jfr"));
        Files.copy(FixtureFiles.path("jfr/ap17-head.jfr"), head.resolve("new.jfr"));
        Files.writeString(head.resolve("build.log"), "BUILD SUCCESS\n\u0000");
        Files.writeString(head.resolve(".hidden.collapsed"), "a;b 1\n");
        SuitePlan plan = SuitePlan.pair(layout.scan(dir.resolve("b"), List.of()), layout.scan(dir.resolve("h"), List.of()));
        assertThat(plan.pairs()).singleElement().satisfies(p -> {
            assertThat(p.key()).isEqualTo("svc/cpu.collapsed");
            assertThat(p.jmh()).isFalse();
        });
        assertThat(plan.warnings()).containsExactly(
                "head only, not compared: svc/new.jfr (no file at the same path in " + dir.resolve("b") + ")",
                "base only, not compared: svc/old.jfr (no file at the same path in " + dir.resolve("h") + ")",
                "head: not a profile or JMH results, not used: svc/build.log");
    }

    @Test
    void benchmarksOnOneSideAreAddedOrRemoved() throws Exception {
        Path base = Files.createDirectories(dir.resolve("b"));
        Path head = Files.createDirectories(dir.resolve("h"));
        Files.writeString(base.resolve("results.json"), result("a.B.old"));
        Files.writeString(head.resolve("results.json"), result("a.B.fresh"));
        SuitePlan plan = SuitePlan.pair(layout.scan(base, List.of()), layout.scan(head, List.of()));
        assertThat(plan.pairs()).extracting(BenchmarkPair::key).containsExactly("a.B.fresh-Throughput", "a.B.old-Throughput");
        assertThat(plan.pairs().get(0).inBase()).isFalse();
        assertThat(plan.pairs().get(1).inHead()).isFalse();
    }

    @Test
    void missingFoldersAndResultFilesAreBadInput() throws Exception {
        assertThatThrownBy(() -> layout.scan(dir.resolve("nope"), List.of())).isInstanceOf(SuiteInputException.class)
                .hasMessage(dir.resolve("nope") + ": no such directory");
        Path file = Files.writeString(dir.resolve("f"), "x");
        assertThatThrownBy(() -> layout.scan(file, List.of())).hasMessage(file + ": not a directory");
        assertThatThrownBy(() -> layout.scan(dir, List.of(dir.resolve("r.json"))))
                .hasMessage(dir.resolve("r.json") + ": no such file");
    }

    static String result(String benchmark) {
        return "[{\"jmhVersion\":\"1.37\",\"benchmark\":\"" + benchmark + "\",\"mode\":\"thrpt\",\"forks\":2,"
                + "\"primaryMetric\":{\"score\":10,\"scoreError\":1,\"scoreUnit\":\"ops/s\","
                + "\"rawData\":[[10,11],[9,10]]}}]";
    }
}
