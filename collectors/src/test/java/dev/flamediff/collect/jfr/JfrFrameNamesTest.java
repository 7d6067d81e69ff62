package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.NodeStatus;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Frame names and kinds as each writer records them: the lambda and hidden-class names differ
 * between JDK 17, JDK 25 and async-profiler, and from run to run, and must come out the same.
 */
class JfrFrameNamesTest {

    private static final String RUNNABLE_LAMBDA = "fixture.FixtureApp$$Lambda.run";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk17", "jdk25", "ap17", "ap25"})
    void rawLambdaNamesDifferBetweenRunsAndNormalizedOnesMatch(String writer) throws Exception {
        ReadOptions raw = ReadOptions.DEFAULT.withNormalizeNames(false);
        Set<String> rawBase = lambdaNames(JfrFixtures.read(writer + "-base", raw));
        Set<String> rawHead = lambdaNames(JfrFixtures.read(writer + "-head", raw));
        // Each writer's raw form carries an address (and before JDK 21 a counter and a hash).
        assertThat(rawBase).isNotEmpty().allMatch(n -> n.contains("0x"));
        List<String> runnable = rawBase.stream()
                .filter(n -> n.startsWith("fixture.FixtureApp$$Lambda") && n.endsWith(".run")).toList();
        assertThat(runnable).hasSize(1);
        if (writer.endsWith("17")) {
            // On JDK 25 the lambda is named by its address alone, which two runs can share (the
            // shipped jdk25 pair does); on JDK 17 a per-run counter comes with it.
            assertThat(runnable).doesNotContainAnyElementsOf(rawHead);
        }

        Profile base = JfrFixtures.read(writer + "-base", ReadOptions.DEFAULT);
        Profile head = JfrFixtures.read(writer + "-head", ReadOptions.DEFAULT);
        assertThat(lambdaNames(base)).contains(RUNNABLE_LAMBDA)
                .allMatch(n -> n.matches("[\\w.$]+\\$\\$Lambda\\.[\\w<>]+"), "no counter, address or hash");
        DiffTree diff = Diffs.diff(base, head, DiffOptions.DEFAULT);
        for (int n = 1; n < diff.size(); n++) {
            if (diff.frame(n).name().equals(RUNNABLE_LAMBDA)) {
                assertThat(diff.status(n)).as("the worker lambda at " + n).isEqualTo(NodeStatus.COMMON);
            }
        }
    }

    @Test
    void aMethodWhoseNameIsMissingIsUnknownNotEmpty() throws Exception {
        JfrFrameNamer namer = new JfrFrameNamer(ReadOptions.DEFAULT);
        // A symbol id the pool does not hold reads as null (async parser) or "" (a damaged entry).
        assertThat(namer.frame(null, null, null, 0, "Native").name()).isEqualTo("[unknown]");
        assertThat(namer.frame("", "", null, 0, "C++").name()).isEqualTo("[unknown]");
        assertThat(namer.frame("java/lang/Thread", null, "()V", 0, "Interpreted").name())
                .isEqualTo("java.lang.Thread.[unknown]");
    }

    @Test
    void everyWriterNamesTheSameLambdaTheSameWay() throws Exception {
        for (String name : JfrFixtures.ALL) {
            assertThat(lambdaNames(JfrFixtures.read(name, ReadOptions.DEFAULT))).as(name).contains(RUNNABLE_LAMBDA);
        }
    }

    @Test
    void jdkRecordingsHaveJavaFrameKinds() throws Exception {
        Set<FrameKind> kinds = kinds(JfrFixtures.read("jdk17-head", ReadOptions.DEFAULT));
        assertThat(kinds).contains(FrameKind.INTERPRETED, FrameKind.JIT, FrameKind.INLINED)
                .doesNotContain(FrameKind.CPP, FrameKind.KERNEL, FrameKind.C1);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ap17-head", "ap25-head"})
    void asyncProfilerRecordingsHaveNativeCppKernelAndC1Frames(String name) throws Exception {
        Profile p = JfrFixtures.read(name, ReadOptions.DEFAULT.withEvent("cpu"));
        assertThat(kinds(p)).contains(FrameKind.INTERPRETED, FrameKind.JIT, FrameKind.INLINED, FrameKind.C1,
                FrameKind.NATIVE, FrameKind.CPP, FrameKind.KERNEL);
        // Native functions have no class: no library name glued in front.
        assertThat(p.tree().frames().frames()).filteredOn(f -> f.kind() == FrameKind.NATIVE)
                .extracting(Frame::name).contains("start_thread").noneMatch(n -> n.contains(".so."));
        assertThat(p.tree().frames().frames()).filteredOn(f -> f.kind() == FrameKind.CPP)
                .extracting(Frame::name).anyMatch(n -> n.contains("::"));
    }

    @Test
    void javaFramesAreDottedPackageClassMethod() throws Exception {
        Profile p = JfrFixtures.read("ap17-head", ReadOptions.DEFAULT);
        assertThat(p.tree().frames().frames()).filteredOn(f -> f.kind().isJava()).extracting(Frame::name)
                .contains("fixture.FixtureApp.work", "java.lang.Thread.run").noneMatch(n -> n.contains("/"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdk17-base", "ap25-base"})
    void lineNumbersAndSimpleNames(String name) throws Exception {
        Profile lines = JfrFixtures.read(name, ReadOptions.DEFAULT.withLineNumbers(true));
        assertThat(lines.tree().frames().frames()).filteredOn(f -> f.kind().isJava()).extracting(Frame::name)
                .anyMatch(n -> n.matches("fixture\\.FixtureApp\\.work:\\d+"))
                .allMatch(n -> n.matches(".*:\\d+") || n.contains("$$Lambda") || !n.startsWith("fixture."),
                        "a line on every frame of the fixture but its lambda classes, which have none");
        Profile simple = JfrFixtures.read(name, ReadOptions.DEFAULT.withSimpleNames(true));
        assertThat(simple.tree().frames().frames()).filteredOn(f -> f.kind().isJava()).extracting(Frame::name)
                .contains("FixtureApp.work", "Thread.run", "FixtureApp$$Lambda.run")
                .noneMatch(n -> n.startsWith("fixture.") || n.startsWith("java."));
        assertThat(simple.tree().grandTotal(0)).isEqualTo(lines.tree().grandTotal(0));
    }

    private static Set<String> lambdaNames(Profile p) {
        return p.tree().frames().frames().stream().map(Frame::name).filter(n -> n.contains("$$Lambda"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<FrameKind> kinds(Profile p) {
        return p.tree().frames().frames().stream().map(Frame::kind).collect(Collectors.toSet());
    }
}
