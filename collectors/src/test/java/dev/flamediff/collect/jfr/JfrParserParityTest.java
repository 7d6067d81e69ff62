package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Profile;
import dev.flamediff.model.UnrecognizedFormatException;
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
 * The JDK's parser and async-profiler's must give the same tree for every fixture and event, with
 * the one documented difference: the async parser cannot tell jdk.NativeMethodSample from
 * jdk.ExecutionSample, so its {@code cpu} of a JDK recording is the JDK parser's {@code cpu} plus
 * its {@code native}.
 */
class JfrParserParityTest {

    static List<Arguments> fixturesAndEvents() {
        List<Arguments> out = new ArrayList<>();
        for (String name : JfrFixtures.ALL) {
            List<String> events = new ArrayList<>(List.of("cpu", "alloc", "lock"));
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
        Profile jdk = JfrFixtures.read(name, ReadOptions.DEFAULT.withJfrParser("jdk"));
        Profile async = JfrFixtures.read(name, ReadOptions.DEFAULT.withJfrParser("async"));
        assertThat(async.metadata().event()).isEqualTo(jdk.metadata().event()).isEqualTo("cpu");
        assertThat(async.valueTypes()).isEqualTo(jdk.valueTypes());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk17-base", "ap17-base"})
    void onlyTheJdkParserReadsNativeMethodSamples(String name) throws Exception {
        assertThat(JfrFixtures.read(name, ReadOptions.DEFAULT.withJfrParser("jdk").withEvent("native")).metadata().event())
                .isEqualTo("native");
        assertThatThrownBy(() -> JfrFixtures.read(name, ReadOptions.DEFAULT.withJfrParser("async").withEvent("native")))
                .isInstanceOf(UnrecognizedFormatException.class)
                .hasMessageEndingWith("jfr: the async parser cannot tell native-method samples from execution samples;"
                        + " read --event native with the jdk parser");
    }

    @org.junit.jupiter.api.Test
    void theNativeMethodDifferenceIsRealOnAJdk17Fixture() throws Exception {
        // jdk17-depth8 holds one jdk.NativeMethodSample (which recording gets one varies per recording run): the async parser counts it as CPU.
        Profile jdkNative = JfrFixtures.read("jdk17-depth8", ReadOptions.DEFAULT.withEvent("native"));
        Profile jdkCpu = JfrFixtures.read("jdk17-depth8", ReadOptions.DEFAULT.withEvent("cpu"));
        Profile asyncCpu = JfrFixtures.read("jdk17-depth8", ReadOptions.DEFAULT.withEvent("cpu").withJfrParser("async"));
        assertThat(jdkNative.tree().grandTotal(0)).isEqualTo(1);
        assertThat(asyncCpu.tree().grandTotal(0)).isEqualTo(jdkCpu.tree().grandTotal(0) + 1);
    }

    private static void assertSameTree(String name, ReadOptions options) throws Exception {
        Profile jdk = JfrFixtures.read(name, options.withJfrParser("jdk"));
        Profile async = JfrFixtures.read(name, options.withJfrParser("async"));
        Map<String, List<Long>> expected = new TreeMap<>(JfrFixtures.collapse(jdk));
        if (jdk.metadata().event().equals("cpu") && jdk.metadata().notes().stream()
                .anyMatch(n -> n.contains("jdk.ExecutionSample events"))) {
            JfrFixtures.mergeInto(expected, JfrFixtures.collapse(
                    JfrFixtures.read(name, options.withJfrParser("jdk").withEvent("native"))));
        }
        if (!options.event().orElse("").equals("lock")) {
            // Lock events are rare (jdk17-depth8 has none); every other stream has samples to compare.
            assertThat(expected).isNotEmpty();
        }
        assertThat(async.valueTypes()).isEqualTo(jdk.valueTypes());
        assertThat(async.metadata().event()).isEqualTo(jdk.metadata().event());
        assertThat(JfrFixtures.collapse(async)).isEqualTo(expected);
    }
}
