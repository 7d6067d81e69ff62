package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording whose metadata declares 2^28 strings in a 100 KB event: the default JFR parser used
 * to allocate the string table (1.1 GB of RSS) before finding out. Now one line and exit 2 (in
 * about 64 MB of RSS for the whole run).
 */
class JfrHostileCountsTest {

    @TempDir
    Path dir;

    @Test
    void aMetadataStringCountLargerThanTheEventIsOneLineAndExit2() throws Exception {
        byte[] b = Files.readAllBytes(FixtureFiles.path("jfr/jdk17-base.jfr"));
        int at = (int) ByteBuffer.wrap(b).getLong(24);
        for (int i = 0; i < 5; i++) {
            // size, type, start time, duration, metadata id
            while (b[at++] < 0) {
                // continuation bytes
            }
        }
        int count = 1 << 28;
        for (int i = 0; i < 4; i++) {
            b[at + i] = (byte) (0x80 | (count >>> (7 * i)) & 0x7F);
        }
        b[at + 4] = (byte) (count >>> 28);
        Path bad = Files.write(dir.resolve("strings.jfr"), b);
        Path out = dir.resolve("diff.json");

        CliRun run = CliRun.run(FixtureFiles.path("jfr/jdk17-head.jfr").toString(), bad.toString(), "-o", out.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString()
                .startsWith("flamediff: " + bad + ": jfr, byte " + at + ": chunk 1: the metadata's string count"
                        + " 268435456 does not fit in the ")
                .endsWith(" bytes left");
        assertThat(out).doesNotExist();
    }
}
