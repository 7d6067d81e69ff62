package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.UnrecognizedFormatException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.List;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Multi-chunk, cut, unfinished and compressed recordings, made from copies of the fixtures. Two
 * recordings laid end to end are a valid two-chunk recording (that is how the JDK writes long ones).
 */
class JfrTruncationTest {

    @TempDir
    Path dir;

    // Read as one file, RecordingFile names frames of the second run with classes of the first
    // (it keeps constant pools across chunks): this test caught "MethodHandles$Lookup.computeChecksum".
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void twoChunksAreResolvedChunkByChunk(String parser) throws Exception {
        Path both = concat("jdk17-base", "jdk17-base2");
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()).withEvent("alloc");
        Profile read = Profiles.read(both, options);
        Map<String, List<Long>> expected = new TreeMap<>(JfrFixtures.collapse(JfrFixtures.read("jdk17-base", options)));
        JfrFixtures.mergeInto(expected, JfrFixtures.collapse(JfrFixtures.read("jdk17-base2", options)));
        assertThat(JfrFixtures.collapse(read)).isEqualTo(expected);
        assertThat(read.metadata().truncated()).isFalse();
    }

    // Constant-pool ids only hold within a chunk: in recordings of different runs or writers laid end
    // to end, one id names different methods in each, while frames are named once per recording.
    @ParameterizedTest(name = "{0} + {1}")
    @CsvSource({"ap17-base, ap17-base2", "ap17-head, ap25-head", "jdk17-head, jdk17-base2", "jdk17-head, ap17-head",
            "ap17-base, jdk17-base"})
    void chunksOfDifferentRunsKeepTheirOwnNames(String first, String second) throws Exception {
        Path both = concat(first, second);
        for (ReadOptions options : List.of(ReadOptions.DEFAULT.withEvent("cpu"),
                ReadOptions.DEFAULT.withEvent("cpu").withThreads(true).withLineNumbers(true),
                ReadOptions.DEFAULT.withEvent("lock").withNormalizeNames(false))) {
            // The JDK parser reads each recording on its own, the reference.
            ReadOptions jdk = options.withJfrParser(JfrParserChoice.JDK);
            Map<String, List<Long>> expected = new TreeMap<>(JfrFixtures.collapse(JfrFixtures.read(first, jdk)));
            JfrFixtures.mergeInto(expected, JfrFixtures.collapse(JfrFixtures.read(second, jdk)));
            assertThat(JfrFixtures.collapse(Profiles.read(both, options))).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void aCutInTheSecondChunkKeepsTheFirst(String parser) throws Exception {
        Path both = concat("jdk17-base", "jdk17-base2");
        long first = Files.size(JfrFixtures.path("jdk17-base"));
        long total = Files.size(both);
        Path cut = cut(both, first + (total - first) / 2);
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow());
        Profile read = Profiles.read(cut, options);
        assertThat(JfrFixtures.collapse(read)).isEqualTo(JfrFixtures.collapse(JfrFixtures.read("jdk17-base", options)));
        assertThat(read.metadata().truncated()).isTrue();
        assertThat(read.metadata().notes()).first().isEqualTo("read 1 of 2 chunks; the recording was cut at byte "
                + Files.size(cut) + ", inside chunk 2 (bytes " + first + " to " + total + ")");
        // The cut is what was not read; the event note only informs.
        assertThat(read.metadata().losses()).containsExactly(read.metadata().notes().get(0));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void aSecondChunkSizeThatOverflowsIsACutNotACrash(String parser) throws Exception {
        Path both = concat("jdk17-base", "jdk17-base2");
        long first = Files.size(JfrFixtures.path("jdk17-base"));
        byte[] bytes = Files.readAllBytes(both);
        // offset + size wraps to a negative number, which once passed the "inside the file" check.
        ByteBuffer.wrap(bytes).putLong((int) first + 8, Long.MAX_VALUE - 10);
        Path bad = Files.write(dir.resolve("overflowing-size.jfr"), bytes);
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow());
        Profile read = Profiles.read(bad, options);
        assertThat(JfrFixtures.collapse(read)).isEqualTo(JfrFixtures.collapse(JfrFixtures.read("jdk17-base", options)));
        assertThat(read.metadata().notes()).first().isEqualTo("read 1 of 2 chunks; the recording was cut at byte "
                + bytes.length + ", inside chunk 2 (bytes " + first + " to past 2^63)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void chunksWithoutCpuTimeSamplesGiveTheirExecutionSamples(String parser) throws Exception {
        // jdk25-base has jdk.CPUTimeSample events (preferred), jdk17-base only jdk.ExecutionSample.
        Path both = concat("jdk25-base", "jdk17-base");
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow());
        Profile first = JfrFixtures.read("jdk25-base", options);
        Profile second = JfrFixtures.read("jdk17-base", options);
        assertThat(first.metadata().notes().get(0)).contains(" jdk.CPUTimeSample events");
        Map<String, List<Long>> expected = new TreeMap<>(JfrFixtures.collapse(first));
        JfrFixtures.mergeInto(expected, JfrFixtures.collapse(second));
        Profile read = Profiles.read(both, options);
        assertThat(JfrFixtures.collapse(read)).isEqualTo(expected);
        long secondEvents = second.tree().grandTotal(0);
        assertThat(read.metadata().notes()).contains(secondEvents + " of these are jdk.ExecutionSample events, read"
                + " in the place of CPU-time samples in the chunks that have none (recordings made with and without"
                + " CPU-time sampling, joined)");
        // Every chunk was read: nothing lost.
        assertThat(read.metadata().losses()).isEmpty();
    }

    @Test
    void aCutInsideTheSecondChunkHeaderKeepsTheFirst() throws Exception {
        Path both = concat("ap17-base", "ap17-base2");
        long first = Files.size(JfrFixtures.path("ap17-base"));
        Profile read = Profiles.read(cut(both, first + 30), ReadOptions.DEFAULT);
        assertThat(read.tree().grandTotal(0)).isEqualTo(JfrFixtures.read("ap17-base", ReadOptions.DEFAULT).tree().grandTotal(0));
        assertThat(read.metadata().truncated()).isTrue();
        assertThat(read.metadata().notes()).first().isEqualTo("read 1 of 2 chunks; the file ends inside the header of chunk 2 at byte "
                + (first + 30));
        assertThat(read.metadata().losses()).containsExactly(read.metadata().notes().get(0));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void aSingleChunkCutInHalfHasNothingToRead(String parser) throws Exception {
        long size = Files.size(JfrFixtures.path("jdk17-head"));
        Path cut = cut(JfrFixtures.path("jdk17-head"), size / 2);
        assertThatThrownBy(() -> Profiles.read(cut, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow())))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage(cut + ": jfr, byte " + size / 2 + ": no complete chunk to read: the recording was cut at byte "
                        + size / 2 + ", inside chunk 1 (bytes 0 to " + size + ")");
    }

    @Test
    void aCutInsideTheFirstHeaderIsNotRecognizedAsJfr() throws Exception {
        Path cut = cut(JfrFixtures.path("ap25-head"), 40);
        // Detection wants a whole 68-byte header; the reader itself says where the file ends.
        assertThatThrownBy(() -> Profiles.read(cut, ReadOptions.DEFAULT))
                .isInstanceOf(UnrecognizedFormatException.class);
        assertThatThrownBy(() -> readDirectly(cut))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage(cut + ": jfr, byte 40: no complete chunk to read: the file ends inside the header of chunk 1 at byte 40");
    }

    @Test
    void aChunkWhoseWriterWasKilledIsReportedWithItsOffset() throws Exception {
        // A writer killed before its first flush leaves zero metadata and constant-pool offsets.
        byte[] bytes = Files.readAllBytes(JfrFixtures.path("ap17-head"));
        Arrays.fill(bytes, 16, 32, (byte) 0);
        Path killed = dir.resolve("killed.jfr");
        Files.write(killed, bytes);
        assertThatThrownBy(() -> Profiles.read(killed, ReadOptions.DEFAULT))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage(killed + ": jfr, byte 0: no complete chunk to read: chunk 1 at byte 0 was never finished"
                        + " (its header has no metadata or constant-pool offset; the writer was probably killed)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void aChunkStillBeingWrittenIsReadAndMarkedTruncated(String parser) throws Exception {
        byte[] bytes = Files.readAllBytes(JfrFixtures.path("jdk17-base"));
        bytes[64] = 2;
        Path inProgress = dir.resolve("in-progress.jfr");
        Files.write(inProgress, bytes);
        Profile read = Profiles.read(inProgress, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
        assertThat(read.metadata().truncated()).isTrue();
        assertThat(read.metadata().notes()).first().isEqualTo("chunk 1 was still being written; read up to its last flush");
        assertThat(read.tree().grandTotal(0)).isEqualTo(
                JfrFixtures.read("jdk17-base", ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow())).tree().grandTotal(0));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void gzipCompressedRecordingsReadLikePlainOnes(String parser) throws Exception {
        Path gz = dir.resolve("ap25-head.jfr.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(JfrFixtures.path("ap25-head"), out);
        }
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()).withEvent("wall");
        Profile read = Profiles.read(gz, options);
        assertThat(JfrFixtures.collapse(read)).isEqualTo(JfrFixtures.collapse(JfrFixtures.read("ap25-head", options)));
        assertThat(read.metadata().format()).isEqualTo("jfr");
    }

    private Profile readDirectly(Path path) throws Exception {
        try (ProfileInput input = ProfileInput.of(path, InputLimits.DEFAULT)) {
            return new JfrProfileReader().read(input, ReadOptions.DEFAULT);
        }
    }

    private Path concat(String first, String second) throws Exception {
        Path out = dir.resolve(first + "+" + second + ".jfr");
        try (OutputStream os = Files.newOutputStream(out)) {
            Files.copy(JfrFixtures.path(first), os);
            Files.copy(JfrFixtures.path(second), os);
        }
        return out;
    }

    private Path cut(Path file, long length) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        Path out = dir.resolve("cut-" + length + "-" + file.getFileName());
        Files.write(out, Arrays.copyOf(bytes, (int) length));
        return out;
    }
}
