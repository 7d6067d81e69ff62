package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An allocation diff reads the same bytes in the same unit in the report and in the graph: the
 * Markdown report used binary mebibytes (2^20) and the SVG decimal megabytes (10^6), so the lead
 * culprit of the async-profiler fixture pair read 2,833 → 9,665 MiB in one and about
 * 2,971 → 10,134 MB in the other.
 */
class ByteUnitsEndToEndTest {

    @TempDir
    Path dir;

    @Test
    void theReportAndTheGraphShowBytesInOneUnit() throws Exception {
        Path base = FixtureFiles.path("jfr/ap17-base.jfr");
        Path head = FixtureFiles.path("jfr/ap17-head.jfr");
        Path md = dir.resolve("report.md");
        Path svg = dir.resolve("diff.svg");

        CliRun report = CliRun.run(base.toString(), head.toString(), "--event", "alloc", "-o", md.toString());
        CliRun graph = CliRun.run(base.toString(), head.toString(), "--event", "alloc", "-o", svg.toString());

        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(graph.exitCode()).as(graph.err()).isZero();
        String text = Files.readString(md);
        assertThat(text).contains("Base \u2192 head (MB)").doesNotContain("MiB");
        // The lead culprit's base and head, as the report's first table and the graph's hover write them.
        String lead = text.lines().filter(l -> l.startsWith("| \u25b2 ")).findFirst().orElseThrow();
        String baseToHead = lead.substring(lead.lastIndexOf("| ", lead.length() - 3) + 2, lead.length() - 2).trim();
        String[] sides = baseToHead.split(" \u2192 ");
        assertThat(Files.readString(svg)).contains(sides[0] + " MB \u2192 " + sides[1] + " MB");
    }
}
