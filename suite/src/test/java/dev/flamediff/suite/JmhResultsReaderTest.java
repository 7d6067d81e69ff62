package dev.flamediff.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.fixtures.FixtureFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhResultsReaderTest {

    @TempDir
    Path dir;

    @Test
    void readsTheRecordedJmhResults() throws Exception {
        Path file = FixtureFiles.path("jmh/base/results.json");
        assertThat(JmhResultsReader.looksLikeResults(file)).isTrue();
        List<JmhResult> results = new JmhResultsReader().read(file);
        assertThat(results).extracting(JmhResult::benchmark).containsExactly(
                "dev.flamediff.example.RecordBenchmarks.checksum", "dev.flamediff.example.RecordBenchmarks.parse",
                "dev.flamediff.example.RecordBenchmarks.sort");
        JmhResult parse = results.get(1);
        assertThat(parse.mode()).isEqualTo("thrpt");
        assertThat(parse.unit()).isEqualTo("ops/ms");
        assertThat(parse.params()).containsExactly(java.util.Map.entry("lines", "400"));
        assertThat(parse.forks()).isEqualTo(3);
        assertThat(parse.iterations()).allSatisfy(fork -> assertThat(fork).hasSize(3));
        // JMH's score is the mean of every iteration.
        double mean = parse.iterations().stream().flatMap(List::stream).mapToDouble(Double::doubleValue)
                .average().orElseThrow();
        assertThat(parse.score()).isCloseTo(mean, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(parse.profileFolderName()).isEqualTo("dev.flamediff.example.RecordBenchmarks.parse-Throughput-lines-400");
        assertThat(parse.higherIsBetter()).isTrue();
    }

    @Test
    void profileFolderNamesFollowJmh() {
        // BenchmarkParams.id(): parameters in name order, each part URL-encoded.
        JmhResult r = new JmhResult("a.B.m", "avgt", new java.util.LinkedHashMap<>(java.util.Map.of("z", "x y", "a", "1/2")),
                1, 0, "ns/op", List.of(), "t");
        assertThat(r.profileFolderName()).isEqualTo("a.B.m-AverageTime-a-1%2F2-z-x+y");
        assertThat(r.higherIsBetter()).isFalse();
    }

    @Test
    void sampleModeIterationsAreTheirHistogramsMeans() throws Exception {
        Path file = Files.writeString(dir.resolve("r.json"), """
                [{"jmhVersion":"1.37","benchmark":"a.B.m","mode":"sample","primaryMetric":{"score":2.0,
                  "scoreError":"NaN","scoreUnit":"ms/op",
                  "rawDataHistogram":[[[[1.0,3],[5.0,1]],[[2.0,2]]],[[[4.0,1]]]]}}]
                """);
        JmhResult r = new JmhResultsReader().read(file).get(0);
        assertThat(r.iterations()).containsExactly(List.of(2.0, 2.0), List.of(4.0));
        assertThat(r.scoreError()).isNaN();
    }

    @Test
    void badFilesAreOneLineNamingFileAndEntry() throws Exception {
        assertBad("{\"benchmark\":1}", "r.json: JMH results: expected a JSON array of benchmarks (-rf json)");
        assertBad("[{\"benchmark\":\"a.B.m\",", "r.json: JMH results: not valid JSON (line 1, column");
        assertBad("[{\"mode\":\"thrpt\"}]", "r.json: JMH results, benchmark 0: no \"benchmark\"");
        assertBad("[{\"benchmark\":\"a.B.m\",\"mode\":\"thrpt\"}]",
                "r.json: JMH results, benchmark 0 (a.B.m): no primaryMetric");
        assertBad("[{\"benchmark\":\"a.B.m\",\"mode\":\"thrpt\",\"primaryMetric\":{\"score\":1,\"rawData\":[[1,\"x\"]]}}]",
                "r.json: JMH results, benchmark 0 (a.B.m): rawData: a measurement is not a finite number");
        assertBad("[" + "[".repeat(100) + "]".repeat(100) + "]", "r.json: JMH results: not valid JSON");
    }

    private void assertBad(String content, String message) throws Exception {
        Path file = Files.writeString(dir.resolve("r.json"), content);
        assertThatThrownBy(() -> new JmhResultsReader().read(file)).isInstanceOf(SuiteInputException.class)
                .hasMessageStartingWith(file.getParent() + "/" + message)
                .hasMessageNotContaining("\n");
    }
}
