package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -o diff.png}: the graph's static view as a PNG, for pull-request comments. */
class PngEndToEndTest {

    private static final String BASE = FixtureFiles.path("collapsed/base.collapsed").toString();
    private static final String HEAD = FixtureFiles.path("collapsed/head.collapsed").toString();
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    Path dir;

    @Test
    void theExtensionPicksPngAndTheFileIsAValidImage() throws IOException {
        Path out = dir.resolve("diff.png");
        int code = FlamediffCommand.commandLine(new FlamediffCommand()).execute(BASE, HEAD, "-o", out.toString());

        assertThat(code).isZero();
        byte[] png = Files.readAllBytes(out);
        assertThat(Arrays.copyOf(png, 8)).isEqualTo(SIGNATURE);
        BufferedImage img = ImageIO.read(out.toFile());
        assertThat(img.getWidth()).isEqualTo(1200);
        assertThat(img.getHeight()).isGreaterThan(200);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("no temporary file left").containsExactly(out);
        }
    }

    @Test
    void theImageShowsTheAddedMethodsOnTheRegressionSide() throws IOException {
        Path out = dir.resolve("diff.png");
        CliRun run = CliRun.run(BASE, HEAD, "-o", out.toString(), "--minwidth", "0.5");
        assertThat(run.exitCode()).as(run.err()).isZero();
        BufferedImage img = ImageIO.read(out.toFile());
        // splitWithRegex, parseRecords' new callee, is new in head and takes 39% of its samples: a wide
        // red band (drawn weaker where one callee carries most of it): new code is a cost like any other.
        long green = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                if (((rgb >> 16) & 0xff) >= 190 && ((rgb >> 8) & 0xff) < 150 && (rgb & 0xff) < 150) {
                    green++;
                }
            }
        }
        assertThat(green).isGreaterThan(5_000);
    }

    @Test
    void aDeepGraphsPictureStopsAt200LevelsWhileItsSvgKeepsThemAll() throws IOException {
        // Two chains of 700 frames: a picture of every level would be 11,200 pixels of frames.
        StringBuilder text = new StringBuilder();
        for (int c = 0; c < 2; c++) {
            StringBuilder stack = new StringBuilder("main");
            for (int d = 1; d < 700; d++) {
                stack.append(";pkg.Chain").append(c).append(".f").append(d);
            }
            text.append(stack).append(' ').append(10 + c).append('\n');
        }
        Path deep = Files.writeString(dir.resolve("deep.collapsed"), text);
        Path png = dir.resolve("deep.png");
        Path svg = dir.resolve("deep.svg");
        CliRun run = CliRun.run(deep.toString(), deep.toString(), "-o", png.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(ImageIO.read(png.toFile()).getHeight()).isBetween(200 * 16, 200 * 16 + 400);
        assertThat(CliRun.run(deep.toString(), deep.toString(), "-o", svg.toString()).exitCode()).isZero();
        assertThat(Files.readString(svg)).contains("data-d=\"700\"").doesNotContain("the picture shows");
    }

    @Test
    void formatOptionWritesPngToStdout() throws IOException {
        CliRun run = CliRun.run(BASE, HEAD, "-o", "-", "--format", "png");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Arrays.copyOf(run.stdout(), 8)).isEqualTo(SIGNATURE);
        assertThat(ImageIO.read(new ByteArrayInputStream(run.stdout())).getWidth()).isEqualTo(1200);
    }

    @Test
    void inputOptionsReachTheImage() throws IOException {
        Path flame = dir.resolve("flame.png");
        Path filteredOut = dir.resolve("filtered.png");
        assertThat(CliRun.run(BASE, HEAD, "-o", flame.toString()).exitCode()).isZero();
        assertThat(CliRun.run(BASE, HEAD, "-o", filteredOut.toString(), "--include", "compressBlock").exitCode()).isZero();
        BufferedImage all = ImageIO.read(flame.toFile());
        BufferedImage filtered = ImageIO.read(filteredOut.toFile());
        assertThat(filtered.getHeight()).as("only compressBlock stacks: a shallower graph")
                .isLessThan(all.getHeight());
    }
}
