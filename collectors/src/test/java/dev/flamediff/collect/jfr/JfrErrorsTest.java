package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.Detection;
import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.TreeLimits;
import dev.flamediff.model.UnrecognizedFormatException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Detection and the one-line errors for input that is not JFR, or not readable JFR. */
class JfrErrorsTest {

    @TempDir
    Path dir;

    private final JfrProfileReader reader = new JfrProfileReader();

    @Test
    void detectsByMagicVersionAndHeaderLength() throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("jdk17-base"));
        assertThat(reader.detect(real, 4096, false)).isEqualTo(Detection.YES);
        assertThat(reader.detect(real, 68, true)).isEqualTo(Detection.YES);
        assertThat(reader.detect(real, 40, false)).isEqualTo(Detection.NEED_MORE);
        assertThat(reader.detect(real, 40, true)).isEqualTo(Detection.NO);
        assertThat(reader.detect(real, 2, false)).isEqualTo(Detection.NEED_MORE);
        byte[] v1 = real.clone();
        v1[5] = 1;
        assertThat(reader.detect(v1, 68, true)).isEqualTo(Detection.YES);
        byte[] v3 = real.clone();
        v3[5] = 3;
        assertThat(reader.detect(v3, 68, true)).isEqualTo(Detection.NO);
        byte[] text = "FLRx some text that is long enough to be a header, but is not one at all".getBytes(StandardCharsets.US_ASCII);
        assertThat(reader.detect(text, text.length, true)).isEqualTo(Detection.NO);
    }

    @Test
    void textIsNotJfr() throws Exception {
        Path text = dir.resolve("stacks.txt");
        Files.writeString(text, "main;work 10\n".repeat(20));
        assertThatThrownBy(() -> readDirectly(text, ReadOptions.DEFAULT))
                .isInstanceOf(UnrecognizedFormatException.class)
                .hasMessage(text + ": jfr, byte 0: not a JFR recording (no FLR\\0 magic)");
    }

    @Test
    void versionOneIsReportedAsUnsupported() throws Exception {
        byte[] bytes = Files.readAllBytes(JfrFixtures.path("jdk17-base"));
        bytes[5] = 1;
        bytes[7] = 0;
        Path old = dir.resolve("old.jfr");
        Files.write(old, bytes);
        assertThatThrownBy(() -> Profiles.read(old, ReadOptions.DEFAULT))
                .isInstanceOf(UnrecognizedFormatException.class)
                .hasMessage(old + ": jfr, byte 4: unsupported JFR version 1.0 (flamediff reads version 2,"
                        + " written by JDK 11 and later and async-profiler)");
    }

    @Test
    void bytesAfterTheLastChunkThatAreNoChunkAreMalformed() throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("ap25-base"));
        byte[] bytes = Arrays.copyOf(real, real.length + 100);
        Arrays.fill(bytes, real.length, bytes.length, (byte) 'x');
        Path junk = dir.resolve("junk.jfr");
        Files.write(junk, bytes);
        assertThatThrownBy(() -> Profiles.read(junk, ReadOptions.DEFAULT))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage(junk + ": jfr, byte " + real.length + ": no chunk header where chunk 2 should start (expected FLR\\0)");
    }

    @Test
    void unknownEventsAreNamed() {
        assertThatThrownBy(() -> JfrFixtures.read("jdk17-base", ReadOptions.DEFAULT.withEvent("Ir")))
                .isInstanceOf(UnrecognizedFormatException.class)
                .hasMessageEndingWith("jdk17-base.jfr: jfr: no event \"Ir\" in JFR recordings (expected cpu, wall, alloc, lock or native)");
    }

    @Test
    void parsersAreNamedByTheirLabelsInAnyCase() {
        for (JfrParserChoice parser : JfrParserChoice.values()) {
            assertThat(JfrParserChoice.byLabel(parser.label())).contains(parser);
        }
        assertThat(JfrParserChoice.values()).extracting(JfrParserChoice::label).containsExactly("jdk", "async", "flamediff");
        assertThat(JfrParserChoice.byLabel("fast")).isEmpty();
        assertThat(JfrParserChoice.byLabel("JDK")).contains(JfrParserChoice.JDK);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(JfrParserChoice.class)
    void eachParserSaysItsLabelInTheNotes(JfrParserChoice parser) throws Exception {
        assertThat(JfrFixtures.read("jdk17-base", ReadOptions.DEFAULT.withJfrParser(parser)).metadata().notes())
                .anyMatch(note -> note.endsWith("read by the " + parser.label() + " parser"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void wallOfAJdkRecordingSaysWhatIsAvailable(String parser) {
        assertThatThrownBy(() -> JfrFixtures.read("jdk25-head", ReadOptions.DEFAULT.withEvent("wall").withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow())))
                .isInstanceOf(UnrecognizedFormatException.class)
                .hasMessageEndingWith("jdk25-head.jfr: jfr: the recording has no wall-clock samples (profiler.WallClockSample);"
                        + " the JDK's recorder has none: read it with --event cpu, alloc, lock or native, or record with"
                        + " async-profiler's wall event");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void treeLimitsApply(String parser) {
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow())
                .withLimits(InputLimits.DEFAULT.withTree(TreeLimits.DEFAULT.withMaxNodes(50)));
        assertThatThrownBy(() -> JfrFixtures.read("ap17-head", options))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageEndingWith("ap17-head.jfr: jfr: more than the limit of 50 call-tree nodes");
    }

    @Test
    void theByteLimitApplies() {
        ReadOptions options = ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withMaxBytes(100_000));
        assertThatThrownBy(() -> JfrFixtures.read("ap17-head", options))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageEndingWith("ap17-head.jfr: jfr: input is larger than the limit of 100000 bytes");
    }

    /** Seeded random damage inside the chunk: a profile or a ProfileException, never anything else. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void damagedChunksGiveProfileExceptionsNotCrashes(String parser) throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("ap17-base"));
        Random random = new Random(20261129L);
        int failures = 0;
        for (int round = 0; round < 30; round++) {
            byte[] bytes = real.clone();
            int at = 68 + random.nextInt(bytes.length - 68 - 64);
            for (int i = 0; i < 1 + random.nextInt(32); i++) {
                bytes[at + i] = (byte) random.nextInt(256);
            }
            Path damaged = dir.resolve("damaged-" + round + ".jfr");
            Files.write(damaged, bytes);
            try {
                Profile p = Profiles.read(damaged, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
                assertThat(p.metadata().format()).isEqualTo("jfr");
            } catch (ProfileException e) {
                failures++;
                assertThat(e.getMessage()).startsWith(damaged + ": jfr, byte ").doesNotContain("\n");
            }
        }
        assertThat(failures).as("some damage is detected").isPositive();
    }

    private Profile readDirectly(Path path, ReadOptions options) throws Exception {
        try (ProfileInput input = ProfileInput.of(path, InputLimits.DEFAULT)) {
            return reader.read(input, options);
        }
    }
}
