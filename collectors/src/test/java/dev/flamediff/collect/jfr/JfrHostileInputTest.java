package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Profile;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Recordings that lie: counts that ask async-profiler's parser for gigabytes before it reads an
 * entry (a few header bytes used to commit 1.6 to 3.5 GB), and sample events whose declared size
 * and fields disagree (the parser used to lose its place and read the rest of the chunk as
 * garbage, exit 0). Built from the fixtures by {@link HostileJfr}.
 */
class JfrHostileInputTest {

    /** What a read of a 300 KB recording may allocate in all; the damaged counts asked for 1.6 GB and more. */
    private static final long ALLOCATION_BUDGET = 256L << 20;

    @TempDir
    Path dir;

    static Stream<Arguments> inflatedCounts() {
        return Stream.of(
                Arguments.of("ap25-base", (UnaryOperator<byte[]>) b -> HostileJfr.stackTraceCount(b, 1 << 26),
                        "the stack-trace count 67108864 does not fit in the "),
                Arguments.of("jdk17-base", (UnaryOperator<byte[]>) b -> HostileJfr.stackTraceCount(b, 1 << 26),
                        "the stack-trace count 67108864 does not fit in the "),
                Arguments.of("jdk17-base", (UnaryOperator<byte[]>) b -> HostileJfr.stackDepth(b, 1 << 28),
                        "a stack trace's depth 268435456 does not fit in the "),
                Arguments.of("jdk17-base", (UnaryOperator<byte[]>) b -> HostileJfr.threadCount(b, 1 << 26),
                        "the thread count 67108864 does not fit in the "),
                Arguments.of("jdk17-base", (UnaryOperator<byte[]>) b -> HostileJfr.metadataStringCount(b, 1 << 28),
                        "the metadata's string count 268435456 does not fit in the "));
    }

    @ParameterizedTest
    @MethodSource("inflatedCounts")
    void aCountLargerThanItsBytesIsRejectedBeforeTheParserAllocates(String fixture, UnaryOperator<byte[]> damage,
                                                                    String problem) throws Exception {
        Path bad = Files.write(dir.resolve(fixture + "-damaged.jfr"),
                damage.apply(Files.readAllBytes(JfrFixtures.path(fixture))));
        long before = allocatedBytes();
        assertThatThrownBy(() -> Profiles.read(bad, ReadOptions.DEFAULT))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessageStartingWith(bad + ": jfr, byte ")
                .hasMessageContaining(": chunk 1: " + problem);
        assertThat(allocatedBytes() - before).as("bytes allocated by the read").isLessThan(ALLOCATION_BUDGET);
        // flamediff's parser checks each count against its bytes too, with the same words.
        long beforeOwn = allocatedBytes();
        assertThatThrownBy(() -> Profiles.read(bad, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.FLAMEDIFF)))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessageStartingWith(bad + ": jfr, byte ")
                .hasMessageContaining(": chunk 1: " + problem);
        assertThat(allocatedBytes() - beforeOwn).as("bytes allocated by the read").isLessThan(ALLOCATION_BUDGET);
        // The JDK's parser refuses them too.
        assertThatThrownBy(() -> Profiles.read(bad, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.JDK)))
                .isInstanceOf(MalformedProfileException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"async", "jdk", "flamediff"})
    void anEventLongerThanItsFieldsIsReadAndTheRestSkipped(String parser) throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("ap25-base"));
        Path longer = Files.write(dir.resolve("longer.jfr"), HostileJfr.extraByteInSamples(real, 50));
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow());
        Profile expected = JfrFixtures.read("ap25-base", options);
        Profile read = Profiles.read(longer, options);
        assertThat(JfrFixtures.collapse(read)).isEqualTo(JfrFixtures.collapse(expected));
        assertThat(read.metadata().notes()).noneMatch(n -> n.contains("dropped"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"async", "jdk", "flamediff"})
    void aStackIdWrittenAsANineByteVarintIsRead(String parser) throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("ap25-base"));
        Path wide = Files.write(dir.resolve("wide.jfr"), HostileJfr.nineByteStackIds(real, 6));
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow());
        assertThat(JfrFixtures.collapse(Profiles.read(wide, options)))
                .isEqualTo(JfrFixtures.collapse(JfrFixtures.read("ap25-base", options)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"async", "flamediff"})
    void eventsWhoseFieldsRunPastTheirSizeAreDroppedAndCounted(String parser) throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("ap25-base"));
        Path overlong = Files.write(dir.resolve("overlong.jfr"), HostileJfr.overlongSamples(real, 10));
        Profile read = Profiles.read(overlong, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
        long all = JfrFixtures.read("ap25-base", ReadOptions.DEFAULT).tree().total(0, 0);
        // Every tenth of the 584 samples, from the first: 59 dropped, the others read in step.
        assertThat(read.metadata().event()).isEqualTo("cpu");
        assertThat(read.tree().total(0, 0)).isEqualTo(all - 59);
        assertThat(read.metadata().notes()).contains("59 events were dropped: their fields run past the size the"
                + " event declares (a damaged event, or a layout the parser does not know)");
        // A loss, which the outputs put ahead of the notes that only inform.
        assertThat(read.metadata().losses()).containsExactly("59 events were dropped: their fields run past the size"
                + " the event declares (a damaged event, or a layout the parser does not know)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"async", "jdk", "flamediff"})
    void allocationWeightsThatSumPast64BitsAreAnErrorNotANegativeTotal(String parser) throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("ap25-base"));
        Path heavy = Files.write(dir.resolve("heavy.jfr"), HostileJfr.allocationWeights(real, 1L << 60));
        assertThatThrownBy(() -> Profiles.read(heavy, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()).withEvent("alloc")))
                .isInstanceOf(LimitExceededException.class)
                .hasMessage(heavy + ": jfr: the jdk.ObjectAllocationInNewTLAB+OutsideTLAB events' alloc/bytes values"
                        + " sum past the 64-bit range (9223372036854775807)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"async", "jdk", "flamediff"})
    void negativeWeightsAreDroppedAndCounted(String parser) throws Exception {
        byte[] real = Files.readAllBytes(JfrFixtures.path("ap25-base"));
        Path negative = Files.write(dir.resolve("negative.jfr"), HostileJfr.allocationWeights(real, -1L));
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()).withEvent("alloc");
        Profile read = Profiles.read(negative, options);
        Profile real0 = JfrFixtures.read("ap25-base", options);
        assertThat(read.tree().total(0, 0)).isGreaterThanOrEqualTo(0).isLessThan(real0.tree().total(0, 0));
        assertThat(read.metadata().notes()).anyMatch(n -> n.matches("\\d+ events were dropped: their weight \\(a"
                + " duration or size\\) is negative"));
        assertThat(read.metadata().losses()).singleElement().asString().matches("\\d+ events were dropped: their"
                + " weight \\(a duration or size\\) is negative");
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
