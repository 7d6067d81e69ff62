package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.NodeStatus;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions.Palette;
import dev.flamediff.testkit.FoldedProfiles;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Colors, number formats and label fitting. */
class SvgHelpersTest {

    private final DiffColors colors = DiffColors.of(Palette.RED_BLUE);

    @Test
    void intensityGrowsWithTheRelativeChangeAndIsCapped() {
        int small = colors.scale(100, 105, true);
        int big = colors.scale(100, 200, true);
        int huge = colors.scale(100, 100000, true);
        assertThat(colors.scale(100, 100, true)).isEqualTo(DiffColors.NEUTRAL);
        assertThat(distance(small, DiffColors.NEUTRAL)).isLessThan(distance(big, DiffColors.NEUTRAL));
        assertThat(distance(huge, colors.regression())).isLessThan(distance(big, colors.regression()));
        assertThat(colors.scale(0, 5, true)).isEqualTo(colors.regression());
        assertThat(colors.scale(200, 100, true)).isEqualTo(DiffColors.mix(DiffColors.NEUTRAL, colors.improvement(), Math.sqrt(0.5)));
        // New and gone frames: on the regression and improvement sides, by their share of the profile.
        assertThat(colors.fill(NodeStatus.ADDED, 0, 10, true, 1, 200)).isEqualTo(colors.regression());
        assertThat(colors.fill(NodeStatus.REMOVED, 10, 0, true, 1, 200)).isEqualTo(colors.improvement());
        assertThat(colors.fill(NodeStatus.ADDED, 0, 1, true, 1, 200))
                .isEqualTo(DiffColors.mix(DiffColors.NEUTRAL, colors.regression(), Math.sqrt(1 / 10.0)));
        assertThat(colors.fill(NodeStatus.ADDED, 0, 1, true, 1, 1e6))
                .isEqualTo(DiffColors.mix(DiffColors.NEUTRAL, colors.regression(), DiffColors.NEW_MIN));
        // A change carried by a callee is drawn at its strength.
        assertThat(colors.fill(NodeStatus.COMMON, 0.001, 10, true, 0.35, 200))
                .isEqualTo(DiffColors.mix(DiffColors.NEUTRAL, colors.regression(), 0.35));
    }

    @Test
    void changesWithinTheNoiseAreDimmedButKeepTheirDirection() {
        int loud = colors.scale(100, 200, true);
        int quiet = colors.scale(100, 200, false);
        assertThat(distance(quiet, DiffColors.NEUTRAL)).isLessThan(distance(loud, DiffColors.NEUTRAL) / 2);
        assertThat((quiet >> 16 & 255)).isGreaterThan(quiet & 255);
        assertThat(colors.fill(NodeStatus.ADDED, 0, 10, false, 1, 200)).isNotEqualTo(colors.regression());
    }

    @Test
    void palettesUseDistinctColorsForEveryCategory() {
        for (Palette p : Palette.values()) {
            DiffColors c = DiffColors.of(p);
            assertThat(java.util.Set.of(c.regression(), c.improvement(), DiffColors.NEUTRAL)).as(p.name()).hasSize(3);
        }
    }

    @Test
    void labelColorFollowsLuminance() {
        assertThat(DiffColors.needsWhiteText(0x000000)).isTrue();
        assertThat(DiffColors.needsWhiteText(0xffffff)).isFalse();
        assertThat(DiffColors.needsWhiteText(DiffColors.NEUTRAL)).isFalse();
        assertThat(DiffColors.needsWhiteText(colors.regression())).isTrue();
        assertThat(DiffColors.hex(0x0a0b0c)).isEqualTo("#0a0b0c");
    }

    @Test
    void numbersAreLocaleIndependent() {
        assertThat(ValueFormat.compact(12)).isEqualTo("12");
        assertThat(ValueFormat.compact(1.0 / 3)).isEqualTo("0.333333");
        assertThat(ValueFormat.compact(123456.789)).isEqualTo("123457");
        assertThat(ValueFormat.px(12345)).isEqualTo("123.45");
        assertThat(ValueFormat.px(12340)).isEqualTo("123.4");
        assertThat(ValueFormat.px(12305)).isEqualTo("123.05");
        assertThat(ValueFormat.px(1000)).isEqualTo("10");
        assertThat(ValueFormat.number(1234567)).isEqualTo("1,234,567");
        assertThat(ValueFormat.number(2.5)).isEqualTo("2.5");
        assertThat(ValueFormat.signedPercent(0.1234)).isEqualTo("+12.34%");
        assertThat(ValueFormat.signedPercent(-0.5)).isEqualTo("\u221250.00%");
        assertThat(ValueFormat.of(ValueType.WALL_NANOS).signed(-1_500_000)).isEqualTo("\u22121.5 ms");
        assertThat(ValueFormat.of(new ValueType("x", "widgets")).format(3)).isEqualTo("3 widgets");
    }

    @Test
    void labelsAreCutFromTheLeftSoTheMethodSurvives() {
        assertThat(SafeText.fit("java.lang.Thread.run", 500)).isEqualTo("java.lang.Thread.run");
        assertThat(SafeText.fit("java.lang.Thread.run", 6 + 7.08 * 6)).isEqualTo("\u2026d.run");
        assertThat(SafeText.fit("fixture.FixtureApp.computeChecksum", 6 + 7.08 * 27))
                .isEqualTo("\u2026FixtureApp.computeChecksum");
        assertThat(SafeText.fit("java.lang.Thread.run", 20)).isEmpty();
        assertThat(SafeText.clean("plain")).isSameAs("plain");
    }

    private static double distance(int a, int b) {
        int dr = ((a >> 16) & 255) - ((b >> 16) & 255);
        int dg = ((a >> 8) & 255) - ((b >> 8) & 255);
        int db = (a & 255) - (b & 255);
        return Math.sqrt(dr * dr + dg * dg + db * db);
    }

    @Test
    void aTrunkThatOnlyCarriesItsCalleesChangeIsDrawnWeakerThanTheFrameWhereItStarts() {
        DiffTree d = SvgTestSupport.diff(new String[] {"main;work;parse 1000", "main;work;sort 1000"},
                new String[] {"main;work;parse 4000", "main;work;sort 1000"});
        FrameStrength strength = FrameStrength.of(d);
        int main = node(d, "main");
        int work = node(d, "work");
        int parse = node(d, "parse");
        assertThat(strength.of(parse)).isEqualTo(1.0);
        assertThat(strength.of(work)).isEqualTo(FrameStrength.CARRIED_FLOOR);
        assertThat(strength.of(main)).isEqualTo(FrameStrength.CARRIED_FLOOR);
        assertThat(strength.of(node(d, "sort"))).isEqualTo(1.0);
        // A change split between callees is carried only in part.
        DiffTree split = SvgTestSupport.diff(new String[] {"work;a 100", "work;b 100"}, new String[] {"work;a 200", "work;b 200"});
        assertThat(strength.of(-1)).isEqualTo(1.0);
        assertThat(FrameStrength.of(split).of(node(split, "work"))).isCloseTo(1 - 0.65 * 0.5, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void theJvmsOwnFramesAreThoseWithNoJavaBelowOrAbove() {
        DiffTree d = SvgTestSupport.diff(new String[] {
            "clone3;start_thread;JavaThread::run@CPP;java.lang.Thread.run;app.Main.work 50",
            "clone3;start_thread;GCTaskThread::run@CPP;G1ParTask::work@CPP 20",
            "clone3;start_thread;CompileBroker::compile@CPP 30"}, new String[] {"app.Main.work 1"});
        SystemFrames sys = SystemFrames.of(d);
        assertThat(sys.any()).isTrue();
        assertThat(sys.isSystem(node(d, "GCTaskThread::run"))).isTrue();
        assertThat(sys.isSystem(node(d, "G1ParTask::work"))).isTrue();
        assertThat(sys.isSystem(node(d, "CompileBroker::compile"))).isTrue();
        assertThat(sys.isSystem(node(d, "JavaThread::run"))).as("leads to Java").isFalse();
        assertThat(sys.isSystem(node(d, "start_thread"))).isFalse();
        assertThat(sys.isSystem(node(d, "app.Main.work"))).isFalse();
        assertThat(sys.isSystem(-1)).isFalse();
        DiffTree c = SvgTestSupport.diff(new String[] {"main;parse_records 10", "_dl_start;_dl_main 3"},
                new String[] {"main;parse_records 12"});
        assertThat(SystemFrames.of(c).any()).as("nothing to tell a C program's frames from").isFalse();
        // A C library's name with dots, and Node's frames, are not Java: no toggle for JVM internals.
        DiffTree lib = SvgTestSupport.diff(new String[] {"prog;libc.so.6;main;parse_records 10", "prog;_start;main 3"},
                new String[] {"prog;libc.so.6;main;parse_records 12"});
        assertThat(SystemFrames.of(lib).any()).as("libc.so.6 is no Java frame").isFalse();
        DiffTree node = SvgTestSupport.diff(new String[] {"node;node::Start;JS:route /srv/app.js:3:1;JS:formatKey /srv/app.js:4:19 10",
            "node;start_thread;v8::internal::Heap::Scavenge@CPP 4"}, new String[] {"node;node::Start;JS:route /srv/app.js:3:1 9"});
        assertThat(SystemFrames.of(node).any()).as("a Node profile").isFalse();
    }

    @Test
    void theJvmsOwnFramesFoundOnAnotherThreadAreTheSameAndTheCallersInterruptStopsThem() throws Exception {
        DiffTree d = SvgTestSupport.diff(new String[] {
            "clone3;start_thread;JavaThread::run@CPP;java.lang.Thread.run;app.Main.work 50",
            "clone3;start_thread;GCTaskThread::run@CPP;G1ParTask::work@CPP 20",
            "clone3;start_thread;CompileBroker::compile@CPP 30"}, new String[] {"app.Main.work 1"});
        SystemFrames here = SystemFrames.of(d);
        SystemFrames there = CompletableFuture.supplyAsync(() -> SystemFrames.of(d, Thread.currentThread())).get();
        assertThat(there.any()).isEqualTo(here.any()).isTrue();
        for (int n = 0; n < d.size(); n++) {
            assertThat(there.isSystem(n)).as("node %d", n).isEqualTo(here.isSystem(n));
        }
        // The thread a render runs for, interrupted while this one finds its system frames.
        AtomicBoolean done = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            while (!done.get()) {
                Thread.onSpinWait();
            }
        });
        caller.start();
        try {
            caller.interrupt();
            assertThatThrownBy(() -> SystemFrames.of(d, caller))
                    .isInstanceOf(CancellationException.class).hasMessage("the rendering was interrupted");
            assertThat(caller.isInterrupted()).isTrue();
        } finally {
            done.set(true);
            caller.join();
        }
    }

    private static int node(DiffTree d, String name) {
        for (int n = 0; n < d.size(); n++) {
            if (d.frame(n).name().equals(name)) {
                return n;
            }
        }
        throw new AssertionError(name);
    }

    /**
     * The culprit line names the one caller a shared helper's change came from, as the Markdown
     * headline does, and none when the helper is slower under every caller.
     */
    @Test
    void theCulpritLineNamesTheCallerItsChangeCameFrom() throws Exception {
        List<String> base = new ArrayList<>();
        List<String> one = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (String c : new String[] {"Reports.daily", "Reports.weekly", "Reports.monthly", "Reports.yearly"}) {
            for (List<String> side : List.of(base, one, all)) {
                side.add("main;" + c + " 3000");
            }
            base.add("main;" + c + ";Stats.sortedMedian;java.util.Arrays.sort 200");
            one.add("main;" + c + ";Stats.sortedMedian;java.util.Arrays.sort " + (c.equals("Reports.weekly") ? 900 : 200));
            all.add("main;" + c + ";Stats.sortedMedian;java.util.Arrays.sort 400");
        }
        DiffOptions options = DiffOptions.DEFAULT.withRunVariation(0.1);
        DiffTree toOne = Diffs.diff(
                FoldedProfiles.profile("base", ValueType.SAMPLES, base.toArray(new String[0])),
                FoldedProfiles.profile("head", ValueType.SAMPLES, one.toArray(new String[0])),
                options);
        DiffTree toAll = Diffs.diff(
                FoldedProfiles.profile("base", ValueType.SAMPLES, base.toArray(new String[0])),
                FoldedProfiles.profile("head", ValueType.SAMPLES, all.toArray(new String[0])),
                options);

        assertThat(HeaderText.culprit(toOne, toOne.functions().leadingCulprit().orElseThrow(), 4))
                .startsWith("Slower here: Stats.sortedMedian +")
                .contains(", on its calls from Reports.weekly (1 of 4 callers)");
        assertThat(HeaderText.culprit(toAll, toAll.functions().leadingCulprit().orElseThrow(), 4))
                .startsWith("Slower here: Stats.sortedMedian +").doesNotContain("on its calls from");
    }
}
