package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.NodeStatus;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reads each writer's base and head recording as each event type and diffs them: the fixture
 * program's head makes parseRecords slower (it parses with regular expressions), computeChecksum
 * faster (one pass instead of three), both under their own names, and adds compressBlock, and the
 * diff must say so. The comparison is per method called from {@code FixtureApp.work}, summed over
 * frame kinds (a method can be interpreted in one sample and JIT-compiled in the next).
 */
class JfrEventsDiffTest {

    private static final String APP = "fixture.FixtureApp.";

    static List<Arguments> writersAndParsers() {
        List<Arguments> out = new ArrayList<>();
        for (String w : JfrFixtures.WRITERS) {
            out.add(Arguments.of(w, "jdk"));
            out.add(Arguments.of(w, "async"));
        }
        return out;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("writersAndParsers")
    void cpuShowsTheRegressionTheImprovementAndTheNewMethod(String writer, String parser) throws Exception {
        Map<String, double[]> work = callsFromWork(writer, ReadOptions.DEFAULT.withEvent("cpu").withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
        // compressBlock is new work, and in some runs it grows more than parseRecords does, so
        // the slower method is the top regression among the methods both variants call.
        assertThat(topRegression(calledByBoth(work))).isEqualTo("parseRecords");
        assertThat(topImprovement(work)).isEqualTo("computeChecksum");
        assertAdded(work, "compressBlock");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ap17", "ap25"})
    void wallShowsTheRegressionAndTheNewMethod(String writer) throws Exception {
        Map<String, double[]> work = callsFromWork(writer, ReadOptions.DEFAULT.withEvent("wall"));
        assertThat(topRegression(calledByBoth(work))).isEqualTo("parseRecords");
        assertAdded(work, "compressBlock");
        // With a fixed run time every unchanged method also loses wall time in head (fewer loop
        // iterations), so computeChecksum is among the two largest drops, not always the first.
        assertThat(improvements(work).subList(0, 2)).contains("computeChecksum");
        assertThat(work.get("computeChecksum")[1]).isLessThan(work.get("computeChecksum")[0] / 4);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk17", "jdk25", "ap17", "ap25"})
    void allocShowsTheRegressionInBytes(String writer) throws Exception {
        Profile base = JfrFixtures.read(writer + "-base", ReadOptions.DEFAULT.withEvent("alloc"));
        assertThat(base.valueTypes()).containsExactly(ValueType.ALLOC_BYTES, ValueType.SAMPLES);
        Map<String, double[]> work = callsFromWork(writer, ReadOptions.DEFAULT.withEvent("alloc"));
        assertThat(topRegression(work)).isEqualTo("parseRecords");
        // The checksum and compressBlock allocate nothing.
        assertThat(work).doesNotContainKeys("computeChecksum", "compressBlock");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk17-base", "jdk17-head", "jdk25-head", "ap17-head", "ap25-head"})
    void lockShowsTheContendedMonitorInWorkInNanoseconds(String name) throws Exception {
        Profile lock = JfrFixtures.read(name, ReadOptions.DEFAULT.withEvent("lock"));
        assertThat(lock.metadata().event()).isEqualTo("lock");
        assertThat(lock.valueTypes()).containsExactly(ValueType.LOCK_NANOS, ValueType.SAMPLES);
        assertThat(lock.tree().grandTotal(1)).isBetween(1L, 10L);
        // The waits lasted microseconds or more, and one is on the synchronized block in work
        // (the JDK's recorder also parks its own threads).
        assertThat(lock.tree().grandTotal(0)).isGreaterThan(1_000L * lock.tree().grandTotal(1));
        boolean inWork = false;
        for (int node = 1; node < lock.tree().size(); node++) {
            inWork |= lock.tree().self(1, node) > 0 && List.of(lock.tree().path(node)).stream()
                    .anyMatch(f -> f.name().equals(APP + "work"));
        }
        assertThat(inWork).isTrue();
    }

    @Test
    void nativeReadsJdkNativeMethodSamples() throws Exception {
        Profile p = JfrFixtures.read("jdk17-depth8", ReadOptions.DEFAULT.withEvent("native"));
        assertThat(p.metadata().event()).isEqualTo("native");
        assertThat(p.tree().grandTotal(0)).isEqualTo(1);
        Profile none = JfrFixtures.read("jdk25-head", ReadOptions.DEFAULT.withEvent("native"));
        assertThat(none.tree().grandTotal(0)).isZero();
        assertThat(none.metadata().notes()).contains("the recording has no native events");
    }

    @Test
    void cpuPrefersCpuTimeSamplesWhenTheRecordingHasThem() throws Exception {
        Profile p = JfrFixtures.read("jdk25-head", ReadOptions.DEFAULT);
        assertThat(p.metadata().event()).isEqualTo("cpu");
        assertThat(p.metadata().notes()).first().asString().startsWith("event cpu (the recording's default): 174 jdk.CPUTimeSample events");
        assertThat(p.tree().grandTotal(0)).isEqualTo(174);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"async", "jdk", "flamediff"})
    void stacksCutByTheRecordersDepthLimitAreCountedInANote(String parser) throws Exception {
        // Recorded with -XX:FlightRecorderOptions:stackdepth=8: the deeper worker stacks lose their roots.
        Profile cut = JfrFixtures.read("jdk17-depth8", ReadOptions.DEFAULT.withEvent("cpu").withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
        String note = cut.metadata().notes().stream().filter(n -> n.contains("depth limit")).findFirst().orElseThrow();
        long cutEvents = Long.parseLong(note.substring(0, note.indexOf(' ')));
        assertThat(cutEvents).isPositive().isLessThan(cut.tree().grandTotal(0));
        // The depth the recorder was told, not its default.
        assertThat(note).contains(" of the " + cut.tree().grandTotal(0) + " events (")
                .contains(") have stacks cut at 8 frames, the recorder's depth limit (-XX:FlightRecorderOptions:stackdepth,"
                        + " 64 by default): their root-side frames are missing");
        assertThat(cut.tree().maxDepth()).isEqualTo(8);
        // More than a tenth of the events cut: a loss, warned of where losses are.
        assertThat(cutEvents).isGreaterThan(cut.tree().grandTotal(0) / 10);
        assertThat(cut.metadata().losses()).containsExactly(note);
        assertThat(JfrFixtures.read("jdk17-base", ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow())).metadata().notes())
                .noneMatch(n -> n.contains("depth limit"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk17", "ap17"})
    void baseAgainstBaseAddsNoMethod(String writer) throws Exception {
        Profile a = JfrFixtures.read(writer + "-base", ReadOptions.DEFAULT);
        Profile b = JfrFixtures.read(writer + "-base2", ReadOptions.DEFAULT);
        DiffTree d = Diffs.diff(a, b, DiffOptions.DEFAULT);
        for (int n = 1; n < d.size(); n++) {
            assertThat(d.frame(n).name()).isNotIn(APP + "compressBlock", APP + "splitWithRegex");
        }
    }

    /** Per method called from work: base total, head total, and whether head has it but base not. */
    private static Map<String, double[]> callsFromWork(String writer, ReadOptions options) throws Exception {
        Profile base = JfrFixtures.read(writer + "-base", options);
        Profile head = JfrFixtures.read(writer + "-head", options);
        assertThat(base.metadata().event()).isEqualTo(head.metadata().event()).isEqualTo(options.event().get());
        DiffTree diff = Diffs.diff(base, head, DiffOptions.DEFAULT);
        Map<String, double[]> out = new TreeMap<>();
        for (int n = 1; n < diff.size(); n++) {
            if (diff.parent(n) > 0 && diff.frame(diff.parent(n)).name().equals(APP + "work")
                    && diff.frame(n).name().startsWith(APP)) {
                double[] v = out.computeIfAbsent(diff.frame(n).name().substring(APP.length()), k -> new double[3]);
                v[0] += diff.baseTotal(n);
                v[1] += diff.headTotal(n);
                v[2] += diff.status(n) == NodeStatus.ADDED ? 1 : 0;
            }
        }
        return out;
    }

    /** The methods that both base and head spent something in. */
    private static Map<String, double[]> calledByBoth(Map<String, double[]> work) {
        Map<String, double[]> out = new TreeMap<>(work);
        out.values().removeIf(v -> v[0] == 0 || v[1] == 0);
        return out;
    }

    private static String topRegression(Map<String, double[]> work) {
        return work.entrySet().stream().max(Comparator.comparingDouble(e -> e.getValue()[1] - e.getValue()[0]))
                .orElseThrow().getKey();
    }

    private static String topImprovement(Map<String, double[]> work) {
        return improvements(work).get(0);
    }

    private static List<String> improvements(Map<String, double[]> work) {
        return work.entrySet().stream().sorted(Comparator.comparingDouble(e -> e.getValue()[1] - e.getValue()[0]))
                .map(Map.Entry::getKey).toList();
    }

    private static void assertAdded(Map<String, double[]> work, String method) {
        assertThat(work).containsKey(method);
        assertThat(work.get(method)[0]).as(method + " in base").isZero();
        assertThat(work.get(method)[1]).as(method + " in head").isPositive();
        assertThat(work.get(method)[2]).as(method + " has ADDED nodes").isPositive();
    }
}
