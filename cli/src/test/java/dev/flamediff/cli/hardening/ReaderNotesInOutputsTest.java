package dev.flamediff.cli.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flamediff.cli.hardening.CliLimitsAndOutputsTest.Run;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.Diffs;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.collapsed.CollapsedDiffRenderer;
import dev.flamediff.render.svg.SvgRenderer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every output says what the readers noticed, what was not read first: head is async-profiler's
 * recording with every tenth sample's fields running past its declared size (the fuzz regression
 * input of that finding), base the same recording undamaged. Through the command, per output
 * format; the collapsed output stays pure stacks, its notes on stderr.
 */
class ReaderNotesInOutputsTest {

    private static final Pattern DROPPED = Pattern.compile(
            "(\\d+) events were dropped: their fields run past the size the event declares");
    private static final Pattern NOTES_LINE = Pattern.compile(
            "<text id=\"notes\" class=\"(\\w+)\"[^>]*><title>([^<]*)</title>([^<]*)</text>");

    @TempDir
    Path dir;

    static Path input(String name) {
        return FixtureFiles.root().getParent().resolve("collectors/src/test/resources/dev/flamediff/collect/hardening/"
                + "ReaderFuzzTestInputs/jfrAsyncParser/" + name);
    }

    static Path base() {
        return input("seed-ap25-base");
    }

    static Path damaged() {
        return input("desync-overlong-samples-ap25");
    }

    /** The count the reader reports, read through the library. */
    static long dropped() throws Exception {
        return count(String.join("\n", Profiles.read(damaged(), ReadOptions.DEFAULT).metadata().losses()));
    }

    private static long count(String text) {
        Matcher m = DROPPED.matcher(text);
        assertThat(m.find()).as("a dropped-events note in:\n" + text).isTrue();
        return Long.parseLong(m.group(1));
    }

    private Run diff(String output, String... more) {
        List<String> args = new ArrayList<>(List.of(base().toString(), damaged().toString(), "-o",
                dir.resolve(output).toString()));
        args.addAll(List.of(more));
        return CliLimitsAndOutputsTest.run(args.toArray(String[]::new));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"diff.svg", "diff.md", "diff.json"})
    void theOutputsCarryTheDroppedCount(String output) throws Exception {
        long expected = dropped();
        assertThat(expected).isPositive();
        Run run = diff(output);
        assertThat(run.exitCode()).as(run.err()).isZero();
        String text = Files.readString(dir.resolve(output), StandardCharsets.UTF_8);
        assertThat(count(text)).isEqualTo(expected);
        if (!output.endsWith(".json")) {
            // Named by side, the notes that only inform too: the event each side was read for
            // (in the report each note is code).
            String code = output.endsWith(".md") ? "`" : "";
            assertThat(text).contains("head: " + code + expected + " events were dropped")
                    .contains("base: " + code + "event cpu");
        }
        assertThat(count(run.err())).isEqualTo(expected);
    }

    @Test
    void theSvgLineLeadsWithHeadsLossAndHoldsTheRestInItsTooltip() throws Exception {
        // Long notes of base's that only inform (the filter's) come after head's loss.
        Run run = diff("diff.svg", "--include", "Thread|start_thread|\\[unknown\\]|.*".repeat(3));
        assertThat(run.exitCode()).as(run.err()).isZero();
        Matcher line = NOTES_LINE.matcher(Files.readString(dir.resolve("diff.svg")));
        assertThat(line.find()).isTrue();
        assertThat(line.group(1)).isEqualTo("warn");
        assertThat(line.group(3)).startsWith("notes: head: " + dropped() + " events were dropped");
        assertThat(line.group(2)).startsWith(line.group(3).substring(0, 40)).contains("base: --include ",
                "head: --include ", "base: event cpu");
    }

    @Test
    void lossesOfBothSidesEachKeepTheirCountOnTheCutLine() throws Exception {
        Path copy = Files.copy(damaged(), dir.resolve("base-damaged.jfr"));
        Run run = CliLimitsAndOutputsTest.run(copy.toString(), damaged().toString(), "-o",
                dir.resolve("both.svg").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        Matcher line = NOTES_LINE.matcher(Files.readString(dir.resolve("both.svg")));
        assertThat(line.find()).isTrue();
        long n = dropped();
        assertThat(line.group(3)).startsWith("notes: base: " + n + " events were dropped")
                .contains(" \u00b7 head: " + n + " events were dropped").hasSizeLessThanOrEqualTo(165);
    }

    @Test
    void theJsonNotesAreEachRunsWithItsLosses() throws Exception {
        Run run = diff("diff.json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(dir.resolve("diff.json").toFile());
        JsonNode head = json.path("head").path("runs").get(0);
        List<String> notes = new ArrayList<>();
        head.path("notes").forEach(n -> notes.add(n.asText()));
        assertThat(head.path("losses")).hasSize(1);
        assertThat(count(head.path("losses").get(0).asText())).isEqualTo(dropped());
        assertThat(notes).contains(head.path("losses").get(0).asText());
        // Base lost nothing: no losses field, as in every document of whole inputs.
        assertThat(json.path("base").path("runs").get(0).has("losses")).isFalse();
    }

    @Test
    void theCollapsedOutputIsOnlyStacksAndItsNotesGoToStderr() throws Exception {
        Run run = diff("diff.collapsed");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(count(run.err())).isEqualTo(dropped());
        List<String> lines = Files.readAllLines(dir.resolve("diff.collapsed"));
        assertThat(lines).isNotEmpty().allSatisfy(l -> assertThat(l).matches(".+ \\d+ \\d+"));
        // Byte for byte what the renderer writes from the stacks alone.
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        new CollapsedDiffRenderer().render(Diffs.diff(Profiles.read(base(), ReadOptions.DEFAULT),
                Profiles.read(damaged(), ReadOptions.DEFAULT), DiffOptions.DEFAULT.withExactFrameKinds(true)),
                RenderOptions.DEFAULT, expected);
        assertThat(Files.readAllBytes(dir.resolve("diff.collapsed"))).isEqualTo(expected.toByteArray());
    }

    @Test
    void thePngIsTheStaticGraphWhoseHeaderCarriesTheCount() throws Exception {
        Run run = diff("diff.png");
        assertThat(run.exitCode()).as(run.err()).isZero();
        byte[] png = Files.readAllBytes(dir.resolve("diff.png"));
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        // The picture is the fixed-size SVG rasterized: its visible notes line holds the count.
        ByteArrayOutputStream svg = new ByteArrayOutputStream();
        SvgRenderer.withFixedSize().render(Diffs.diff(Profiles.read(base(), ReadOptions.DEFAULT),
                Profiles.read(damaged(), ReadOptions.DEFAULT), DiffOptions.DEFAULT), RenderOptions.DEFAULT, svg);
        Matcher line = NOTES_LINE.matcher(svg.toString(StandardCharsets.UTF_8));
        assertThat(line.find()).isTrue();
        assertThat(line.group(3)).startsWith("notes: head: " + dropped() + " events were dropped");
        assertThat(count(run.err())).isEqualTo(dropped());
    }
}
