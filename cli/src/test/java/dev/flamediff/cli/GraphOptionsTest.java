package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The graph flags reach the SVG, bad values are usage errors, and frame matching follows the output. */
class GraphOptionsTest {

    @TempDir
    Path dir;

    private static String base() {
        return FixtureFiles.path("collapsed/base.collapsed").toString();
    }

    private static String head() {
        return FixtureFiles.path("collapsed/head.collapsed").toString();
    }

    @Test
    void widthModeColorModePaletteAndIcicleReachTheSvg() throws IOException {
        Path out = dir.resolve("diff.svg");
        CliRun run = CliRun.run(base(), head(), "-o", out.toString(), "--width-mode", "changes",
                "--color-by", "self", "--palette", "color-blind", "--inverted", "--max-frames", "500");

        assertThat(run.exitCode()).as(run.err()).isZero();
        String svg = Files.readString(out);
        assertThat(svg).contains("data-width-mode=\"changes\"", "data-color-by=\"self\"", "data-inverted=\"true\"")
                .containsPattern("data-palette=\"color[-_]blind\"");
        assertThat(svg.split("<g id=\"f", -1).length - 1).isBetween(2, 500);
    }

    @Test
    void theDefaultsAreUnionWidthsColoredByTotalInRedAndBlue() throws IOException {
        Path out = dir.resolve("diff.svg");
        CliRun run = CliRun.run(base(), head(), "-o", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readString(out)).contains("data-width-mode=\"union\"", "data-color-by=\"total\"")
                .containsPattern("data-palette=\"red[-_]blue\"");
    }

    @Test
    void theIcicleIsTheDefaultAndFlameTurnsTheRootsDown() throws IOException {
        Path icicle = dir.resolve("icicle.svg");
        Path flame = dir.resolve("flame.svg");
        assertThat(CliRun.run(base(), head(), "-o", icicle.toString()).exitCode()).isZero();
        CliRun run = CliRun.run(base(), head(), "-o", flame.toString(), "--flame", "--width-mode", "changed");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readString(icicle)).contains("data-inverted=\"true\"");
        assertThat(Files.readString(flame)).contains("data-inverted=\"false\"", "data-width-mode=\"changes\"");

        CliRun both = CliRun.run(base(), head(), "-o", dir.resolve("x.svg").toString(), "--flame", "--inverted");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.errLines()).containsExactly(
                "flamediff: --flame (roots at the bottom) and --inverted (roots at the top) contradict");
    }

    @Test
    void anUnknownWidthModeIsAUsageError() {
        CliRun run = CliRun.run(base(), head(), "-o", dir.resolve("x.svg").toString(), "--width-mode", "widest");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines().get(0)).contains("--width-mode").contains("widest");
        assertThat(dir.resolve("x.svg")).doesNotExist();
    }

    @Test
    void aNonPositiveFrameCapIsAUsageError() {
        CliRun run = CliRun.run(base(), head(), "-o", dir.resolve("x.svg").toString(), "--max-frames", "0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: --max-frames must be a positive number, not 0");
    }

    @Test
    void collapsedOutputMatchesKindsExactlyAsDifffoldedDoesWhileTheGraphMatchesNames() throws IOException {
        Path b = dir.resolve("b.collapsed");
        Path h = dir.resolve("h.collapsed");
        Files.writeString(b, "main_[0];work_[j] 10\n", StandardCharsets.UTF_8);
        Files.writeString(h, "main_[0];work_[0] 30\n", StandardCharsets.UTF_8);
        Path folded = dir.resolve("diff.collapsed");
        Path json = dir.resolve("diff.json");

        assertThat(CliRun.run(b.toString(), h.toString(), "-o", folded.toString()).exitCode()).isZero();
        assertThat(CliRun.run(b.toString(), h.toString(), "-o", json.toString()).exitCode()).isZero();

        assertThat(Files.readString(folded)).isEqualTo("main_[0];work_[0] 0 30\nmain_[0];work_[j] 10 0\n");
        String tree = Files.readString(json);
        assertThat(tree).contains("{\"name\":\"work\",\"kind\":\"interpreted\",\"status\":\"common\","
                + "\"function\":1,\"partOfSignificantChange\":false,\"baseSelf\":10,\"headSelf\":30,").doesNotContain("\"status\":\"removed\"");
    }

    @Test
    void reverseRootsTheGraphAtTheHotLeaves() throws IOException {
        Path b = dir.resolve("b.collapsed");
        Path h = dir.resolve("h.collapsed");
        Files.writeString(b, "main;a;hot 5\nmain;b;hot 3\n", StandardCharsets.UTF_8);
        Files.writeString(h, "main;a;hot 9\nmain;b;hot 3\n", StandardCharsets.UTF_8);
        Path folded = dir.resolve("diff.collapsed");

        CliRun run = CliRun.run(b.toString(), h.toString(), "-o", folded.toString(), "--reverse");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Files.readString(folded)).isEqualTo("hot;a;main 5 9\nhot;b;main 3 3\n");
    }
}
