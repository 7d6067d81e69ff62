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

/** pprof profiles written by async-profiler's converter from the JFR fixtures, through the whole command. */
class PprofEndToEndTest {

    private static final String BASE = FixtureFiles.path("pprof/ap17-base.pb.gz").toString();
    private static final String HEAD = FixtureFiles.path("pprof/ap17-head.pb.gz").toString();

    @TempDir
    Path dir;

    @Test
    void theFixtureChangesShowInADiffOfTwoPprofProfiles() throws IOException {
        Path out = dir.resolve("d.collapsed");
        CliRun run = CliRun.run(BASE, HEAD, "-o", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.errLines()).contains(BASE + ": pprof sample types cpu/count");
        FixtureChanges.assertShownBy(new ThreeColumn(Files.readString(out)));
        // The same diff as of the recordings they came from, read by flamediff's JFR reader.
        Path fromJfr = dir.resolve("j.collapsed");
        CliRun jfr = CliRun.run(FixtureFiles.path("jfr/ap17-base.jfr").toString(),
                FixtureFiles.path("jfr/ap17-head.jfr").toString(), "--event", "cpu", "-o", fromJfr.toString());
        assertThat(jfr.exitCode()).as(jfr.err()).isZero();
        assertThat(run.errLines()).contains(jfr.errLines().get(jfr.errLines().size() - 1).replace("samples", "cpu count"));
        for (String ext : new String[] {"svg", "json", "md"}) {
            CliRun r = CliRun.run(BASE, HEAD, "-o", dir.resolve("d." + ext).toString());
            assertThat(r.exitCode()).as(ext + ": " + r.err()).isZero();
        }
        JsonNode json = new ObjectMapper().readTree(dir.resolve("d.json").toFile());
        assertThat(json.at("/valueType/kind").asText()).isEqualTo("cpu");
        assertThat(json.at("/base/runs/0/format").asText()).isEqualTo("pprof");
    }

    /**
     * Allocated bytes with no count beside them (jfrconv's {@code --alloc --total}): judged as one
     * sample per byte with the run-to-run variation measured on the diff, as the same numbers in a
     * collapsed file are, so two runs of one program name nothing and the head names the parser
     * that allocates more, as the recordings read directly do. Taken for exact values, base against
     * base2 had named its largest swing as a certain change.
     */
    @Test
    void allocatedBytesWithoutCountsAreSampledNotExact() throws IOException {
        String base = FixtureFiles.path("pprof/ap17-base-alloc.pb.gz").toString();
        String base2 = FixtureFiles.path("pprof/ap17-base2-alloc.pb.gz").toString();
        String head = FixtureFiles.path("pprof/ap17-head-alloc.pb.gz").toString();
        Path same = dir.resolve("same.md");
        Path changed = dir.resolve("changed.md");

        CliRun quiet = CliRun.run(base, base2, "--fail-on-frame-regression", "2", "-o", same.toString());
        CliRun loud = CliRun.run(base, head, "--fail-on-frame-regression", "2", "-o", changed.toString());

        assertThat(quiet.exitCode()).as(quiet.err()).isZero();
        String sameText = Files.readString(same);
        assertThat(sameText.lines().findFirst().orElseThrow()).doesNotContain("Allocates more").doesNotContain("exact");
        assertThat(sameText).contains("- Significance: Poisson counts of one sample per unit &#40;the profiles carry no"
                + " sample counts beside allocations/bytes&#41;");
        assertThat(loud.exitCode()).as(loud.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(Files.readString(changed).lines().findFirst().orElseThrow())
                .contains("**Allocates more: `FixtureApp.parseRecords` +").doesNotContain("exact");
    }

    @Test
    void valueTypesAndUncompressedMessagesAndMixingWithOtherFormats() throws IOException {
        String alloc = FixtureFiles.path("pprof/ap17-base-alloc.pb.gz").toString();
        CliRun run = CliRun.run(alloc, alloc, "--value-type", "allocations/bytes", "-o", dir.resolve("a.json").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("allocations bytes (+0.0%)");
        CliRun missing = CliRun.run(alloc, alloc, "--value-type", "cpu/nanoseconds", "-o", dir.resolve("b.json").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.errLines()).hasSize(1);
        String plain = FixtureFiles.path("pprof/jdk17-base.pb").toString();
        CliRun raw = CliRun.run(plain, plain, "-o", dir.resolve("p.svg").toString());
        assertThat(raw.exitCode()).as(raw.err()).isZero();
        // JDK 25's recording against JDK 17's, both converted: the CPU-feature stub names match.
        CliRun upgrade = CliRun.run(BASE, FixtureFiles.path("pprof/ap25-head.pb.gz").toString(),
                "--hide", "Thread\\.runWith", "-o", dir.resolve("u.collapsed").toString());
        assertThat(upgrade.exitCode()).as(upgrade.err()).isZero();
        assertThat(Files.readString(dir.resolve("u.collapsed"))).doesNotContain("_avx3", "runWith");
    }

    @Test
    void aDamagedProfileIsOneLineAndExitTwo() throws IOException {
        byte[] whole = Files.readAllBytes(FixtureFiles.path("pprof/jdk17-base.pb"));
        Path cut = dir.resolve("cut.pb");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2 + 1));
        CliRun run = CliRun.run(cut.toString(), BASE, "-o", dir.resolve("x.svg").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).startsWith("flamediff: " + cut + ": pprof: ");
        assertThat(dir.resolve("x.svg")).doesNotExist();
    }
}
