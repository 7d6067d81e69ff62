package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.testkit.DamagedOffsets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A recording whose checkpoint (constant-pool) chain loops hung flamediff with either JFR parser,
 * both of which follow the chain with no step limit; so did a chunk header planted among an
 * async-profiler recording's events, which the default parser loaded. Each is now one line and
 * exit 2, and no output is written. The timeout is a hang guard, on a thread of its own because a spinning parser never
 * sees an interrupt.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JfrLoopingOffsetsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"async", "jdk", "flamediff"})
    void checkpointsLinkedInACircleAreOneLineAndExit2(String parser) throws IOException {
        byte[] real = Files.readAllBytes(FixtureFiles.path("jfr/jdk17-base.jfr"));
        // The one before the last links forward to the last again; the field keeps its 9 bytes.
        List<Long> chain = DamagedOffsets.chain(real);
        long last = chain.get(0);
        long previous = chain.get(1);
        byte[] bad = DamagedOffsets.checkpointsInACircle(real);
        Path base = Files.write(dir.resolve("circle.jfr"), bad);
        Path out = dir.resolve("diff.svg");

        CliRun run = CliRun.run(base.toString(), FixtureFiles.path("jfr/jdk17-head.jfr").toString(),
                "--jfr-parser", parser, "-o", out.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString()
                .startsWith("flamediff: " + base + ": jfr, byte ")
                .endsWith(": chunk 1's checkpoint at byte " + previous + " links to offset " + last
                        + " of the chunk (the constant-pool chain must lead back to an earlier checkpoint inside"
                        + " the chunk, or the walk loops or leaves it)");
        assertThat(run.err()).doesNotContain("\tat ", "Exception");
        assertThat(out).doesNotExist();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("circle.jfr");
        }
    }

    @Test
    void aChunkHeaderPlantedAmongTheEventsIsOneLineAndExit2() throws IOException {
        byte[] real = Files.readAllBytes(FixtureFiles.path("jfr/ap25-base.jfr"));
        // Two copies end to end; at the tenth event of the first, a chunk header whose checkpoints
        // link to each other. The async parser once walked events into it and loaded it.
        byte[] bad = DamagedOffsets.chunkHeaderPlantedAmongEvents(real);
        int at = DamagedOffsets.plantedHeaderOffset(real);
        Path base = Files.write(dir.resolve("planted.jfr"), bad);
        Path out = dir.resolve("diff.svg");

        CliRun run = CliRun.run(base.toString(), FixtureFiles.path("jfr/ap25-head.jfr").toString(),
                "-o", out.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: " + base + ": jfr, byte " + at + ": chunk 1 has a"
                + " chunk header among its events, at byte " + at + " (the chunk ends at byte " + real.length + ")");
        assertThat(out).doesNotExist();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("planted.jfr");
        }
    }
}
