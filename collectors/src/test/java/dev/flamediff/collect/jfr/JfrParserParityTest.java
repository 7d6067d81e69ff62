package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JDK's parser and async-profiler's must give the same tree for every fixture and event,
 * {@code native} included: async-profiler's parser returns jdk.NativeMethodSample as an execution
 * sample, and flamediff tells them apart by the event's type id.
 */
class JfrParserParityTest {

    static List<Arguments> fixturesAndEvents() {
        List<Arguments> out = new ArrayList<>();
        for (String name : JfrFixtures.ALL) {
            List<String> events = new ArrayList<>(List.of("cpu", "alloc", "lock", "native"));
            if (JfrFixtures.isAsyncProfiler(name)) {
                events.add("wall");
            }
            for (String event : events) {
                out.add(Arguments.of(name, event));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("fixturesAndEvents")
    void bothParsersGiveTheSameTree(String name, String event) throws Exception {
        assertSameTree(name, ReadOptions.DEFAULT.withEvent(event));
    }

    @ParameterizedTest(name = "{0} {1} threads+lines")
    @MethodSource("fixturesAndEvents")
    void bothParsersAgreeWithThreadsAndLineNumbers(String name, String event) throws Exception {
        assertSameTree(name, ReadOptions.DEFAULT.withEvent(event).withThreads(true).withLineNumbers(true));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk17-base", "ap17-head", "jdk25-head"})
    void bothParsersAgreeOnFiltersAndWindows(String name) throws Exception {
        assertSameTree(name, ReadOptions.DEFAULT.withThreadFilter(Pattern.compile("worker-1"))
                .withTimeWindow(500_000_000L, 2_000_000_000L).withNormalizeNames(false).withSimpleNames(true));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk17-base", "jdk17-head", "jdk17-base2", "jdk25-base", "jdk25-head"})
    void theDefaultEventIsTheSameForBothParsers(String name) throws Exception {
        Profile jdk = JfrFixtures.read(name, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.JDK));
        Profile async = JfrFixtures.read(name, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.ASYNC));
        assertThat(async.metadata().event()).isEqualTo(jdk.metadata().event()).isEqualTo("cpu");
        assertThat(async.valueTypes()).isEqualTo(jdk.valueTypes());
    }

    @org.junit.jupiter.api.Test
    void theAsyncParserKeepsNativeMethodSamplesOutOfCpu() throws Exception {
        // jdk17-depth8 holds one jdk.NativeMethodSample (which recording gets one varies per recording run).
        Profile nativeSamples = JfrFixtures.read("jdk17-depth8", ReadOptions.DEFAULT.withEvent("native").withJfrParser(JfrParserChoice.ASYNC));
        Profile cpu = JfrFixtures.read("jdk17-depth8", ReadOptions.DEFAULT.withEvent("cpu").withJfrParser(JfrParserChoice.ASYNC));
        Profile jdkCpu = JfrFixtures.read("jdk17-depth8", ReadOptions.DEFAULT.withEvent("cpu").withJfrParser(JfrParserChoice.JDK));
        assertThat(nativeSamples.tree().grandTotal(0)).isEqualTo(1);
        assertThat(cpu.tree().grandTotal(0)).isEqualTo(jdkCpu.tree().grandTotal(0));
        assertThat(JfrFixtures.collapse(nativeSamples)).isEqualTo(JfrFixtures.collapse(
                JfrFixtures.read("jdk17-depth8", ReadOptions.DEFAULT.withEvent("native").withJfrParser(JfrParserChoice.JDK))));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"alloc", "cpu", "lock", "native"})
    void outsideTlabEventsAreNotTakenForAllocationSamples(String event) throws Exception {
        // jdk17-tlab has both TLAB event types on: its jdk.ObjectAllocationOutsideTLAB events decode,
        // field for field, like jdk.ObjectAllocationSample ones, the stream alloc reads.
        assertSameTree("jdk17-tlab", ReadOptions.DEFAULT.withEvent(event));
        assertSameTree("jdk17-tlab", ReadOptions.DEFAULT.withEvent(event).withThreads(true).withLineNumbers(true));
    }

    private static void assertSameTree(String name, ReadOptions options) throws Exception {
        Profile jdk = JfrFixtures.read(name, options.withJfrParser(JfrParserChoice.JDK));
        Profile async = JfrFixtures.read(name, options.withJfrParser(JfrParserChoice.ASYNC));
        Map<String, List<Long>> expected = new TreeMap<>(JfrFixtures.collapse(jdk));
        if (!options.event().orElse("").equals("lock") && !options.event().orElse("").equals("native")) {
            // Lock and native-method events are rare (jdk17-depth8 has no lock event and one native
            // sample); every other stream has samples to compare.
            assertThat(expected).isNotEmpty();
        }
        assertThat(async.valueTypes()).isEqualTo(jdk.valueTypes());
        assertThat(async.metadata().event()).isEqualTo(jdk.metadata().event());
        assertThat(JfrFixtures.collapse(async)).isEqualTo(expected);
        // The note on stacks cut at the recorder's depth limit counts the same events.
        assertThat(async.metadata().notes()).filteredOn(n -> n.contains("depth limit"))
                .isEqualTo(jdk.metadata().notes().stream().filter(n -> n.contains("depth limit")).toList());
    }
}
