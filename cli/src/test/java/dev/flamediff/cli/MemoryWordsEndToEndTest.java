package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An allocation diff speaks of memory, not time: the fixture program's head allocates more in
 * {@code parseRecords}, through its new regex splitter, and every output says it "allocates
 * more", "now allocated in" the splitter, never "slower" or "faster".
 */
class MemoryWordsEndToEndTest {

    @TempDir
    Path dir;

    private static String fixture(String name) {
        return FixtureFiles.path("jfr/" + name).toString();
    }

    @Test
    void anAllocationDiffSaysAllocatesMoreInEveryOutput() throws IOException {
        Path md = dir.resolve("alloc.md");
        Path svg = dir.resolve("alloc.svg");
        CliRun report = CliRun.run("--event", "alloc", fixture("ap17-base.jfr"), fixture("ap17-head.jfr"), "-o", md.toString());
        CliRun graph = CliRun.run("--event", "alloc", fixture("ap17-base.jfr"), fixture("ap17-head.jfr"), "-o", svg.toString());
        CliRun gate = CliRun.run("--event", "alloc", "--fail-on-frame-regression", "2", fixture("ap17-base.jfr"),
                fixture("ap17-head.jfr"), "-o", dir.resolve("gate.svg").toString());

        assertThat(report.exitCode()).as(report.err()).isZero();
        String text = Files.readString(md);
        assertThat(text.lines().findFirst().orElseThrow())
                .contains("**Allocates more: `FixtureApp.parseRecords` +")
                .contains("now allocated in `FixtureApp.splitWithRegex` (new)");
        assertThat(text).contains("allocating more and").contains("#### Allocates more: where each change starts")
                .doesNotContain("Slower").doesNotContain("slower").doesNotContain("Faster").doesNotContain("faster")
                .doesNotContain("spent in");
        assertThat(graph.exitCode()).as(graph.err()).isZero();
        String image = Files.readString(svg);
        assertThat(image).contains("Allocates more here: ").contains(">more (total \u0394)<").contains(">culprit (more) +")
                .doesNotContain("Slower here").doesNotContain(">slower (").doesNotContain("culprit (slower)");
        assertThat(gate.exitCode()).as(gate.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(gate.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: ")).first().asString()
                .contains("FixtureApp.parseRecords grew by +").contains("now allocated in");
    }

    @Test
    void aCpuDiffStillSaysSlower() throws IOException {
        Path md = dir.resolve("cpu.md");
        CliRun report = CliRun.run(fixture("ap17-base.jfr"), fixture("ap17-head.jfr"), "-o", md.toString());

        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(Files.readString(md).lines().findFirst().orElseThrow()).contains("**Slower: `FixtureApp.parseRecords` +")
                .contains("now spent in");
    }
}
