package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.testkit.DamagedOffsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Damaged chunk offsets that made both parsers loop forever (a checkpoint chain that links
 * forward, back onto a later checkpoint), a chunk header planted among the events that made the
 * async parser load a looping chain the scanner never saw, and offsets that name the wrong event:
 * each is a one-line error naming the byte offset, with either parser. The timeouts are hang guards: before the offsets
 * were checked, these reads never returned. They run on a thread of their own, because a parser
 * spinning in a loop never sees an interrupt.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JfrOffsetLoopTest {

    private static final String CHAIN_RULE = " of the chunk (the constant-pool chain must lead back to an earlier"
            + " checkpoint inside the chunk, or the walk loops or leaves it)";

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"async", "jdk", "flamediff"})
    void checkpointsLinkedInACircle(String parser) throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("jdk17-base"));
        List<Long> chain = DamagedOffsets.chain(real);
        Path bad = write("circle.jfr", DamagedOffsets.checkpointsInACircle(real));
        assertThatThrownBy(() -> read(bad, parser))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessageStartingWith(bad + ": jfr, byte ")
                .hasMessageEndingWith(": chunk 1's checkpoint at byte " + chain.get(1) + " links to offset "
                        + chain.get(0) + CHAIN_RULE)
                .satisfies(e -> assertThat(((MalformedProfileException) e).position().value())
                        .isBetween(chain.get(1), chain.get(1) + 40));
    }

    @ParameterizedTest
    @ValueSource(strings = {"async", "jdk", "flamediff"})
    void checkpointLinkedToOnePlantedInTheNextChunk(String parser) throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("ap25-base"));
        long last = DamagedOffsets.chain(real).get(0);
        Path bad = write("planted.jfr", DamagedOffsets.checkpointLinkedToAPlantedOne(real));
        assertThatThrownBy(() -> read(bad, parser))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessageEndingWith(": chunk 1's checkpoint at byte " + last + " links to offset "
                        + (real.length + 4000) + CHAIN_RULE);
    }

    @Test
    void aChunkHeaderPlantedAmongTheEventsIsNotLoaded() throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("ap25-base"));
        int planted = DamagedOffsets.plantedHeaderOffset(real);
        Path bad = write("planted-header.jfr", DamagedOffsets.chunkHeaderPlantedAmongEvents(real));
        // The async parser's events are walked by size, which leads to the planted header.
        assertThatThrownBy(() -> read(bad, "async"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage(bad + ": jfr, byte " + planted + ": chunk 1 has a chunk header among its events, at byte "
                        + planted + " (the chunk ends at byte " + real.length + ")");
        // flamediff's parser walks events by size too.
        assertThatThrownBy(() -> read(bad, "flamediff"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage(bad + ": jfr, byte " + planted + ": chunk 1 has a chunk header among its events, at byte "
                        + planted + " (the chunk ends at byte " + real.length + ")");
        // The JDK parser reads each chunk on its own: the planted header is just a damaged event.
        assertThatThrownBy(() -> read(bad, "jdk"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessageStartingWith(bad + ": jfr, byte 0: cannot decode chunk 1 (");
    }

    @Test
    void aCircleInALaterChunkNamesThatChunkAndItsByteInTheFile() throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("jdk17-base"));
        byte[] circle = DamagedOffsets.checkpointsInACircle(real);
        byte[] two = new byte[real.length * 2];
        System.arraycopy(real, 0, two, 0, real.length);
        System.arraycopy(circle, 0, two, real.length, real.length);
        List<Long> chain = DamagedOffsets.chain(real);
        Path bad = write("second.jfr", two);
        assertThatThrownBy(() -> read(bad, "async"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessageEndingWith(": chunk 2's checkpoint at byte " + (real.length + chain.get(1))
                        + " links to offset " + chain.get(0) + CHAIN_RULE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk17-base", "ap25-base"})
    void metadataOffsetOnACheckpoint(String fixture) throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path(fixture));
        long cp = DamagedOffsets.chain(real).get(0);
        Path bad = write("meta.jfr", DamagedOffsets.metadataOffsetOnACheckpoint(real));
        assertThatThrownBy(() -> read(bad, "async"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage(bad + ": jfr, byte 24: chunk 1's metadata offset " + cp
                        + " points to an event of type 1, not to the metadata event");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk17-base", "ap25-base"})
    void constantPoolOffsetOnTheMetadata(String fixture) throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path(fixture));
        byte[] damaged = DamagedOffsets.constantPoolOffsetOnTheMetadata(real);
        long meta = java.nio.ByteBuffer.wrap(real).getLong(24);
        Path bad = write("cp.jfr", damaged);
        assertThatThrownBy(() -> read(bad, "jdk"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage(bad + ": jfr, byte 16: chunk 1's constant-pool offset " + meta
                        + " points to an event of type 0, not to a checkpoint event");
    }

    @Test
    void anEventSizeRunningPastTheChunkIsRejected() throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("ap25-base"));
        byte[] damaged = real.clone();
        long cp = DamagedOffsets.chain(real).get(0);
        // The checkpoint's size varint (3 bytes) now says 2^21 - 1 bytes, past the chunk's end.
        damaged[(int) cp] = (byte) 0xFF;
        damaged[(int) cp + 1] = (byte) 0xFF;
        damaged[(int) cp + 2] = (byte) 0x7F;
        Path bad = write("size.jfr", damaged);
        assertThatThrownBy(() -> read(bad, "async"))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage(bad + ": jfr, byte " + cp + ": chunk 1's constant-pool offset " + cp
                        + " points to no whole event (its size, 2097151, does not fit in the chunk)");
    }

    private Path write(String name, byte[] bytes) throws Exception {
        return Files.write(dir.resolve(name), bytes);
    }

    private static void read(Path file, String parser) throws Exception {
        Profiles.read(file, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
    }
}
