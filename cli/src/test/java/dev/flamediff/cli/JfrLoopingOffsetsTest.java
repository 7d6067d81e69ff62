package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
    @ValueSource(strings = {"async", "jdk"})
    void checkpointsLinkedInACircleAreOneLineAndExit2(String parser) throws IOException {
        byte[] real = Files.readAllBytes(FixtureFiles.path("jfr/jdk17-base.jfr"));
        long last = ByteBuffer.wrap(real).getLong(16);
        int[] lastFields = checkpointFields(real, last);
        long previous = last + lastFields[2];
        int[] previousFields = checkpointFields(real, previous);
        byte[] bad = real.clone();
        // The one before the last links forward to the last again; the field keeps its 9 bytes.
        writePadded(bad, previousFields[0], previousFields[1] - previousFields[0], last - previous);
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
        byte[] bad = Arrays.copyOf(real, real.length * 2);
        System.arraycopy(real, 0, bad, real.length, real.length);
        int[] pos = {68};
        for (int i = 0; i < 10; i++) {
            int start = pos[0];
            pos[0] = start + (int) varlong(real, pos);
        }
        int at = pos[0];
        ByteBuffer header = ByteBuffer.wrap(bad, at, 68).slice();
        header.put(ByteBuffer.wrap(real, 0, 68));
        header.putLong(8, 1000).putLong(16, 68).putLong(24, ByteBuffer.wrap(real).getLong(24) - at);
        for (int i = 0; i < 2; i++) {
            int cp = at + 68 + 15 * i;
            bad[cp] = 15;
            bad[cp + 1] = 1;
            bad[cp + 2] = 0;
            bad[cp + 3] = 0;
            writePadded(bad, cp + 4, 9, i == 0 ? 15 : -15);
            bad[cp + 13] = 0;
            bad[cp + 14] = 0;
        }
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

    /** Returns where a checkpoint's delta starts and ends, and the delta. */
    private static int[] checkpointFields(byte[] b, long offset) {
        int[] pos = {(int) offset};
        for (int i = 0; i < 4; i++) {
            varlong(b, pos); // size, type, start time, duration
        }
        int deltaAt = pos[0];
        long delta = varlong(b, pos);
        return new int[] {deltaAt, pos[0], Math.toIntExact(delta)};
    }

    private static long varlong(byte[] b, int[] pos) {
        long result = 0;
        for (int shift = 0; shift < 56; shift += 7) {
            byte x = b[pos[0]++];
            result |= (x & 0x7FL) << shift;
            if (x >= 0) {
                return result;
            }
        }
        return result | (b[pos[0]++] & 0xFFL) << 56;
    }

    /** Writes the value as a varlong of exactly {@code length} bytes (continuation bits pad it). */
    private static void writePadded(byte[] b, int at, int length, long value) {
        long v = value;
        for (int i = 0; i < length - 1; i++) {
            b[at + i] = (byte) (0x80 | (v & 0x7F));
            v >>>= 7;
        }
        b[at + length - 1] = (byte) v;
    }
}
