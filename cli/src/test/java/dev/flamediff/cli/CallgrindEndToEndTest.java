package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole command on the callgrind recordings of fixtures/callgrind/prog.c: instruction counts
 * are exact, so the expected numbers are those callgrind itself wrote (totals: lines) and that
 * callgrind_annotate printed (fixtures/callgrind/expected).
 */
class CallgrindEndToEndTest {

    @TempDir
    Path dir;

    private static String fixture(String name) {
        return FixtureFiles.path("callgrind/callgrind.out." + name).toString();
    }

    /** Returns the value of the file's totals: line, the check callgrind writes at the end. */
    private static long totalsLine(String name) throws IOException {
        return Files.readAllLines(Path.of(fixture(name))).stream().filter(l -> l.startsWith("totals: "))
                .mapToLong(l -> Long.parseLong(l.substring("totals: ".length()).strip())).sum();
    }

    private ThreeColumn collapsed(String base, String head) throws IOException {
        Path out = dir.resolve(base + "-" + head + ".collapsed");
        CliRun run = CliRun.run(fixture(base), fixture(head), "-o", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        return new ThreeColumn(Files.readString(out));
    }

    private static Map.Entry<String, ThreeColumn.Values> topSelfRegression(ThreeColumn diff) {
        return diff.stacks().entrySet().stream()
                .max(Map.Entry.comparingByValue(java.util.Comparator.comparingDouble(ThreeColumn.Values::delta)))
                .orElseThrow();
    }

    @Test
    void theFunctionMadeSlowerIsExactlyTheTopRegression() throws IOException {
        for (String[] pair : new String[][] {{"base", "head"}, {"base-sep", "head-sep"}}) {
            ThreeColumn diff = collapsed(pair[0], pair[1]);
            Map.Entry<String, ThreeColumn.Values> top = topSelfRegression(diff);
            assertThat(top.getKey()).endsWith(";main;parse_records");
            // callgrind_annotate: parse_records 98,328 Ir in base, 196,650 Ir in head.
            assertThat(top.getValue().base()).isEqualTo(98_328);
            assertThat(top.getValue().head()).isEqualTo(196_650);
            assertThat(diff.stacks().entrySet()).filteredOn(e -> e.getKey().endsWith(";compress_block"))
                    .singleElement().satisfies(e -> {
                        assertThat(e.getValue().base()).isZero();
                        assertThat(e.getValue().head()).isEqualTo(20_478);
                    });
            assertThat(diff.baseTotal()).isEqualTo(totalsLine(pair[0]));
            assertThat(diff.headTotal()).isEqualTo(totalsLine(pair[1]));
        }
    }

    @Test
    void noStackTheProgramNeverRanAppearsOnTheSeparateCallersPair() throws IOException {
        ThreeColumn diff = collapsed("base-sep", "head-sep");
        assertThat(diff.stacks().keySet()).anyMatch(s -> s.endsWith(";main;start;backup;rd"))
                .anyMatch(s -> s.endsWith(";main;end;backup;wr"))
                .noneMatch(s -> s.endsWith(";start;backup;wr") || s.endsWith(";end;backup;rd"));
    }

    @Test
    void twoRunsOfTheSameBinaryDiffToExactlyZero() throws IOException {
        ThreeColumn diff = collapsed("base", "base-again");
        assertThat(diff.stacks()).hasSizeGreaterThan(100);
        assertThat(diff.stacks().values()).allSatisfy(v -> assertThat(v.delta()).isZero());
    }

    @Test
    void theSvgTooltipsCarryTheInstructionCountsAndTheGraphSaysItIsApproximate() throws IOException {
        Path out = dir.resolve("diff.svg");
        CliRun run = CliRun.run(fixture("base"), fixture("head"), "-o", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        String svg = Files.readString(out);
        assertThat(svg).contains("98,328 instructions → 196,650 instructions")
                .contains("approximate");
        assertThat(run.err()).contains("callgrind: approximate stacks");
    }

    @Test
    void theJsonTotalsEqualTheTotalsLinesAndTheExactnessIsRecorded() throws IOException {
        Path plain = dir.resolve("plain.json");
        Path exact = dir.resolve("exact.json");
        assertThat(CliRun.run(fixture("base"), fixture("head"), "-o", plain.toString()).exitCode()).isZero();
        assertThat(CliRun.run(fixture("base-sep"), fixture("head-sep"), "-o", exact.toString()).exitCode()).isZero();
        JsonNode json = new ObjectMapper().readTree(plain.toFile());
        assertThat(json.at("/valueType/kind").asText()).isEqualTo("Ir");
        assertThat(json.at("/valueType/unit").asText()).isEqualTo("instructions");
        assertThat(json.at("/normalization/mode").asText()).isEqualTo("none");
        assertThat(json.at("/base/total").asLong()).isEqualTo(totalsLine("base"));
        assertThat(json.at("/head/total").asLong()).isEqualTo(totalsLine("head"));
        assertThat(json.at("/base/runs/0/approximate").asBoolean()).isTrue();
        assertThat(new ObjectMapper().readTree(exact.toFile()).at("/head/runs/0/approximate").asBoolean()).isFalse();
    }

    @Test
    void anotherEventIsSelectedWithEvent() throws IOException {
        Path out = dir.resolve("cache.json");
        CliRun run = CliRun.run(fixture("base-cache"), fixture("base-cache"), "--event", "Dr", "-o", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        assertThat(json.at("/valueType/kind").asText()).isEqualTo("Dr");
        long dr = Long.parseLong(Files.readAllLines(Path.of(fixture("base-cache"))).stream()
                .filter(l -> l.startsWith("totals: ")).findFirst().orElseThrow().split(" ")[2]);
        assertThat(json.at("/base/total").asLong()).isEqualTo(dr);
    }
}
