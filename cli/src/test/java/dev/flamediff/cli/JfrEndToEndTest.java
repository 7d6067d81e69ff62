package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code flamediff base.jfr head.jfr -o diff} on each writer's recordings of the fixture program
 * (JDK recorder and async-profiler, on JDK 17 and 25).
 */
class JfrEndToEndTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk17", "jdk25", "ap17", "ap25"})
    void theSlowedMethodIsTheTopRegressionTheNewOneIsAddedAndLambdasMatch(String writer) throws IOException {
        Path out = dir.resolve("diff.collapsed");
        CliRun run = CliRun.run(jfr(writer + "-base"), jfr(writer + "-head"), "-o", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        ThreeColumn diff = new ThreeColumn(Files.readString(out));
        FixtureChanges.assertShownBy(diff);
        assertThat(diff.stacks().entrySet().stream().filter(e -> e.getKey().contains("compressBlock")))
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.getValue().base()).isZero());
        // The worker's lambda has a run-specific name in each recording; both land on one frame.
        assertThat(diff.stacks().entrySet().stream().filter(e -> e.getKey().contains("fixture.FixtureApp$$Lambda.run"))
                .map(Map.Entry::getValue).reduce((a, b) -> new ThreeColumn.Values(a.base() + b.base(), a.head() + b.head())))
                .hasValueSatisfying(v -> {
                    assertThat(v.base()).isPositive();
                    assertThat(v.head()).isPositive();
                });
        assertThat(run.err()).contains("event cpu (the recording's default)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void bothParsersGiveTheSameSvg(String parser) throws IOException {
        Path chosen = dir.resolve(parser + ".svg");
        Path reference = dir.resolve("reference.svg");
        CliRun run = CliRun.run(jfr("ap17-base"), jfr("ap17-head"), "-o", chosen.toString(), "--jfr-parser", parser,
                "--event", "wall");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(CliRun.run(jfr("ap17-base"), jfr("ap17-head"), "-o", reference.toString(), "--jfr-parser", "jdk",
                "--event", "wall").exitCode()).isZero();
        String svg = Files.readString(chosen);
        assertThat(svg).contains("parseRecords", "splitWithRegex", "compressBlock", "wall");
        // The parser is named in the notes, which the SVG repeats; everything else is identical.
        assertThat(svg.replace("the " + parser + " parser", "the jdk parser")).isEqualTo(Files.readString(reference));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lock", "alloc"})
    void otherEventsAreNamedOnStderr(String event) throws IOException {
        Path out = dir.resolve("diff.json");
        CliRun run = CliRun.run(jfr("jdk17-base"), jfr("jdk17-head"), "-o", out.toString(), "--event", event);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("event " + event + ":");
    }

    @org.junit.jupiter.api.Test
    void aTruncatedRecordingIsReadAndSaidSoOnStderr() throws IOException {
        Path both = dir.resolve("two-chunks.jfr");
        try (OutputStream os = Files.newOutputStream(both)) {
            Files.copy(Path.of(jfr("jdk17-base")), os);
            Files.copy(Path.of(jfr("jdk17-base2")), os);
        }
        byte[] bytes = Files.readAllBytes(both);
        Path cut = dir.resolve("cut.jfr");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 1000));
        CliRun run = CliRun.run(cut.toString(), jfr("jdk17-head"), "-o", dir.resolve("d.svg").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains(cut + ": read 1 of 2 chunks; the recording was cut at byte " + (bytes.length - 1000));
    }

    @org.junit.jupiter.api.Test
    void aJdkRecordingHasNoWallClockSamples() {
        CliRun run = CliRun.run(jfr("jdk17-base"), jfr("jdk17-head"), "-o", dir.resolve("d.svg").toString(),
                "--event", "wall");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        // Base and head are read in parallel: either may be the one reported.
        assertThat(run.err()).containsPattern("jdk17-(base|head)\\.jfr: jfr: the recording has no wall-clock samples");
    }

    private static String jfr(String name) {
        return FixtureFiles.path("jfr/" + name + ".jfr").toString();
    }

    /**
     * A recording whose stacks the recorder cut at its depth limit (stackdepth=8, 58% of the
     * events): the PR comment warns of it above the tables, in the reader's words, as it warns of
     * a recording cut short; a recording with whole stacks gets no warning.
     */
    @org.junit.jupiter.api.Test
    void stacksCutAtTheRecordersDepthAreWarnedOfAboveTheTables() throws IOException {
        Path md = dir.resolve("cut.md");
        Path json = dir.resolve("cut.json");
        CliRun run = CliRun.run(jfr("jdk17-base"), jfr("jdk17-depth8"), "-o", md.toString());
        CliRun asJson = CliRun.run(jfr("jdk17-base"), jfr("jdk17-depth8"), "-o", json.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(asJson.exitCode()).as(asJson.err()).isZero();
        String text = Files.readString(md);
        String warning = text.substring(text.indexOf("**Warning:**"), text.indexOf("<details>"));
        assertThat(warning).startsWith("**Warning:** a part of the inputs was not read or not recorded:")
                .contains("- `head: 204 of the 350 events (58%) have stacks cut at 8 frames, the recorder's depth limit")
                .doesNotContain("base:");
        assertThat(Files.readString(json)).contains("\"losses\"").contains("have stacks cut at 8 frames");

        Path whole = dir.resolve("whole.md");
        assertThat(CliRun.run(jfr("jdk17-base"), jfr("jdk17-base2"), "-o", whole.toString()).exitCode()).isZero();
        assertThat(Files.readString(whole)).doesNotContain("**Warning:**");
    }

}
