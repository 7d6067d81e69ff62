package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Profile;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * flamediff's own JFR parser against both oracles, async-profiler's parser and the JDK's: the same
 * tree (every stack, kind and value), value types, event and notes (but for the parser's name) on
 * every fixture and every event, with and without threads and line numbers, with filters and time
 * windows, on the router recordings and on recordings of different runs and writers joined.
 */
class FlamediffParserParityTest {

    private static final List<String> ORACLES = List.of("async", "jdk");

    @TempDir
    Path dir;

    static List<Arguments> fixturesAndEvents() {
        List<Arguments> out = new ArrayList<>();
        for (String name : JfrFixtures.ALL) {
            List<String> events = new ArrayList<>(List.of("default", "cpu", "alloc", "lock", "native"));
            if (JfrFixtures.isAsyncProfiler(name)) {
                events.add("wall");
            }
            for (String event : events) {
                out.add(Arguments.of(name, event));
            }
        }
        out.add(Arguments.of("jdk17-tlab", "alloc"));
        out.add(Arguments.of("jdk17-tlab", "default"));
        return out;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("fixturesAndEvents")
    void sameTreeAsBothOracles(String name, String event) throws Exception {
        assertSame(JfrFixtures.path(name), options(event));
    }

    @ParameterizedTest(name = "{0} {1} threads+lines")
    @MethodSource("fixturesAndEvents")
    void sameTreeWithThreadsAndLineNumbers(String name, String event) throws Exception {
        assertSame(JfrFixtures.path(name), options(event).withThreads(true).withLineNumbers(true));
    }

    @ParameterizedTest(name = "{0} {1} raw simple names")
    @MethodSource("fixturesAndEvents")
    void sameTreeWithRawSimpleNames(String name, String event) throws Exception {
        assertSame(JfrFixtures.path(name), options(event).withNormalizeNames(false).withSimpleNames(true));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk17-base", "ap17-head", "jdk25-head", "ap25-base"})
    void sameTreeWithFiltersAndWindows(String name) throws Exception {
        assertSame(JfrFixtures.path(name), ReadOptions.DEFAULT.withThreadFilter(Pattern.compile("worker-1"))
                .withTimeWindow(500_000_000L, 2_000_000_000L).withNormalizeNames(false).withSimpleNames(true));
        assertSame(JfrFixtures.path(name), ReadOptions.DEFAULT.withEvent("alloc").withThreads(true)
                .withTimeWindow(1_000_000_000L, 2_500_000_000L));
        assertSame(JfrFixtures.path(name), ReadOptions.DEFAULT.withThreadFilter(Pattern.compile("main")));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ap-base", "ap-head", "ap-base2", "ap-head2", "jdk17-base", "jdk17-head",
        "jdk17-base2", "jdk17-head2"})
    void sameTreeOnTheRouterRecordings(String name) throws Exception {
        Path file = FixtureFiles.path("router/" + name + ".jfr.gz");
        assertSame(file, ReadOptions.DEFAULT);
        assertSame(file, ReadOptions.DEFAULT.withThreads(true).withLineNumbers(true));
        assertSame(file, ReadOptions.DEFAULT.withEvent("alloc"));
    }

    // Constant-pool ids only hold within a chunk; the JDK's parser keeps pools across chunks, so it
    // is the oracle only as a sum of the recordings read one by one.
    @ParameterizedTest(name = "{0} + {1}")
    @CsvSource({"ap17-base, ap17-base2", "ap17-head, ap25-head", "jdk17-head, jdk17-base2", "jdk17-head, ap17-head",
        "ap17-base, jdk17-base", "jdk25-base, jdk17-base", "jdk17-base, jdk25-head"})
    void sameTreeOnJoinedRecordings(String first, String second) throws Exception {
        Path both = dir.resolve(first + "+" + second + ".jfr");
        try (OutputStream os = Files.newOutputStream(both)) {
            Files.copy(JfrFixtures.path(first), os);
            Files.copy(JfrFixtures.path(second), os);
        }
        for (ReadOptions options : List.of(ReadOptions.DEFAULT, ReadOptions.DEFAULT.withEvent("cpu"),
                ReadOptions.DEFAULT.withEvent("cpu").withThreads(true).withLineNumbers(true),
                ReadOptions.DEFAULT.withEvent("alloc"), ReadOptions.DEFAULT.withEvent("lock").withNormalizeNames(false))) {
            Profile own = Profiles.read(both, options.withJfrParser(JfrParserChoice.FLAMEDIFF));
            Profile async = Profiles.read(both, options.withJfrParser(JfrParserChoice.ASYNC));
            assertThat(JfrFixtures.collapse(own)).isEqualTo(JfrFixtures.collapse(async));
            assertThat(notes(own)).isEqualTo(notes(async));
            ReadOptions jdk = options.withJfrParser(JfrParserChoice.JDK);
            Map<String, List<Long>> expected = new TreeMap<>(JfrFixtures.collapse(Profiles.read(JfrFixtures.path(first), jdk)));
            JfrFixtures.mergeInto(expected, JfrFixtures.collapse(Profiles.read(JfrFixtures.path(second), jdk)));
            // Joined recordings of both writers hold allocation samples in one and TLAB events in the
            // other, and a profile reads one stream of them.
            boolean sameWriter = first.substring(0, 2).equals(second.substring(0, 2));
            if (sameWriter || options.event().orElse("").equals("cpu") || options.event().orElse("").equals("lock")) {
                assertThat(JfrFixtures.collapse(own)).isEqualTo(expected);
            }
        }
    }

    private static ReadOptions options(String event) {
        return event.equals("default") ? ReadOptions.DEFAULT : ReadOptions.DEFAULT.withEvent(event);
    }

    private static void assertSame(Path file, ReadOptions options) throws Exception {
        Profile own = Profiles.read(file, options.withJfrParser(JfrParserChoice.FLAMEDIFF));
        for (String oracle : ORACLES) {
            Profile other = Profiles.read(file, options.withJfrParser(JfrParserChoice.byLabel(oracle).orElseThrow()));
            assertThat(own.valueTypes()).as(oracle).isEqualTo(other.valueTypes());
            assertThat(own.metadata().event()).as(oracle).isEqualTo(other.metadata().event());
            assertThat(JfrFixtures.collapse(own)).as("tree against " + oracle).isEqualTo(JfrFixtures.collapse(other));
            assertThat(notes(own)).as("notes against " + oracle).isEqualTo(notes(other));
            assertThat(own.metadata().truncated()).isEqualTo(other.metadata().truncated());
            assertThat(own.metadata().durationNanos()).isEqualTo(other.metadata().durationNanos());
        }
    }

    private static List<String> notes(Profile p) {
        return p.metadata().notes().stream().map(n -> n.replaceAll("read by the \\w+ parser", "read by the parser"))
                .toList();
    }
}
