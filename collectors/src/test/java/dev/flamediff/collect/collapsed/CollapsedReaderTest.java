package dev.flamediff.collect.collapsed;

import static dev.flamediff.collect.collapsed.CollapsedText.read;
import static dev.flamediff.collect.collapsed.CollapsedText.stacks;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import org.junit.jupiter.api.Test;

class CollapsedReaderTest {

    @Test
    void readsStacksRootFirstWithSamplesValues() throws Exception {
        Profile p = read("main;work;parse 5\nmain;work 2\nmain;idle 1\n");
        assertThat(p.valueTypes()).containsExactly(ValueType.SAMPLES);
        assertThat(stacks(p.tree())).containsExactly("main;idle 1", "main;work 2", "main;work;parse 5");
        assertThat(p.tree().grandTotal(0)).isEqualTo(8);
        assertThat(p.metadata().format()).isEqualTo("collapsed");
        assertThat(p.metadata().source()).isEqualTo("t.collapsed");
        assertThat(p.metadata().event()).isEqualTo("samples");
        assertThat(p.metadata().truncated()).isFalse();
    }

    @Test
    void eventComesFromTheOptionsWhenGiven() throws Exception {
        assertThat(read("a 1\n", ReadOptions.DEFAULT.withEvent("cpu")).metadata().event()).isEqualTo("cpu");
    }

    @Test
    void countIsAfterTheLastSpaceSoNamesKeepTheirSpaces() throws Exception {
        Profile p = read("(below main);do work 12 times;x y 7\n");
        assertThat(stacks(p.tree())).containsExactly("(below main);do work 12 times;x y 7");
    }

    @Test
    void duplicateStacksAreSummed() throws Exception {
        Profile p = read("a;b 3\na;c 1\na;b 4\n");
        assertThat(stacks(p.tree())).containsExactly("a;b 7", "a;c 1");
    }

    @Test
    void blankLinesCrlfTrailingBlanksAndAMissingFinalNewlineAreAccepted() throws Exception {
        Profile p = read("\r\n  \na;b 3\r\n\r\na;c 2 \t\r\na;b 1");
        assertThat(stacks(p.tree())).containsExactly("a;b 4", "a;c 2");
    }

    @Test
    void aByteOrderMarkIsSkipped() throws Exception {
        assertThat(stacks(read("\uFEFFa;b 3\n").tree())).containsExactly("a;b 3");
    }

    @Test
    void zeroCountsKeepTheirPath() throws Exception {
        Profile p = read("a;b 0\na;c 2\n");
        assertThat(stacks(p.tree())).containsExactly("a;b 0", "a;c 2");
    }

    @Test
    void tabSeparatesTheCountToo() throws Exception {
        assertThat(stacks(read("a;b\t3\n").tree())).containsExactly("a;b 3");
    }

    @Test
    void asyncProfilerSuffixesBecomeKindsAndAreTakenOff() throws Exception {
        Profile p = read("java/lang/Thread.run_[j];a/B.c_[i];a/B.d_[0];a/B.e_[1];do_syscall_64_[k] 1\n",
                ReadOptions.DEFAULT);
        assertThat(p.tree().path(p.tree().size() - 1)).containsExactly(
                new Frame("java.lang.Thread.run", FrameKind.JIT),
                new Frame("a.B.c", FrameKind.INLINED),
                new Frame("a.B.d", FrameKind.INTERPRETED),
                new Frame("a.B.e", FrameKind.C1),
                new Frame("do_syscall_64", FrameKind.KERNEL));
    }

    @Test
    void allocationAndLockLeavesKeepTheirSuffixAsPartOfTheType() throws Exception {
        Profile p = read("""
                a/Main.run_[j];a/Main.alloc_[i];byte[]_[i] 3
                a/Main.run_[j];a/Main.alloc_[i];byte[]_[k] 2
                a/Main.run_[j];a/Main.lock_[j];java.lang.Object_[i] 1
                a/Main.run_[j];a/Main.alloc_[i];int[][]_[k] 4
                """);
        assertThat(stacks(p.tree())).containsExactly(
                "a.Main.run<JIT>;a.Main.alloc<INLINED>;byte[]_[i] 3",
                "a.Main.run<JIT>;a.Main.alloc<INLINED>;byte[]_[k] 2",
                "a.Main.run<JIT>;a.Main.alloc<INLINED>;int[][]_[k] 4",
                "a.Main.run<JIT>;a.Main.lock<JIT>;java.lang.Object_[i] 1");
    }

    @Test
    void methodLeavesWithTheSameSuffixesStayInlinedOrKernel() throws Exception {
        Profile p = read("a/Main.run_[j];java/lang/String.substring_[i] 1\n"
                + "a/Main.run_[j];java/util/ArrayList.<init>_[i] 1\n"
                + "a/Main.run_[j];asm_exc_page_fault_[k] 1\n"
                + "a/Main.run_[j];copy_page.constprop.0_[k] 1\n");
        assertThat(stacks(p.tree())).containsExactly(
                "a.Main.run<JIT>;asm_exc_page_fault<KERNEL> 1",
                "a.Main.run<JIT>;copy_page.constprop.0<KERNEL> 1",
                "a.Main.run<JIT>;java.lang.String.substring<INLINED> 1",
                "a.Main.run<JIT>;java.util.ArrayList.<init><INLINED> 1");
    }

    @Test
    void theSameTypeAsAnInnerFrameIsAnInlinedFrame() throws Exception {
        Profile p = read("Foo_[i];bar 1\n");
        assertThat(p.tree().frame(1)).isEqualTo(new Frame("Foo", FrameKind.INLINED));
    }

    @Test
    void unsuffixedNamesAreCppThreadOrUnknown() throws Exception {
        Profile p = read("[worker-0 tid=4242];start_thread;JavaThread::run();-[NSObject init];"
                + "java/lang/Thread.run;Busy.fib;[unknown] 1\n");
        assertThat(p.tree().path(p.tree().size() - 1)).containsExactly(
                new Frame("worker-0", FrameKind.THREAD),
                new Frame("start_thread", FrameKind.UNKNOWN),
                new Frame("JavaThread::run()", FrameKind.CPP),
                new Frame("-[NSObject init]", FrameKind.CPP),
                new Frame("java.lang.Thread.run", FrameKind.UNKNOWN),
                new Frame("Busy.fib", FrameKind.UNKNOWN),
                new Frame("[unknown]", FrameKind.UNKNOWN));
    }

    @Test
    void threadFramesAreNamedByTheThreadAloneSoTheIdsOfTwoRunsDoNotSplitThem() throws Exception {
        // async-profiler's "threads" option: the ids differ in every run, and between the threads
        // of one pool; the JFR readers name a thread frame by the thread's name alone.
        Profile p = read("[pool-worker tid=10218];Worker.run_[j] 3\n[pool-worker tid=11274];Worker.run_[j] 4\n"
                + "[C2 CompilerThre tid=7];Compile::Compile 2\n[odd tid=x1] 1\n");
        assertThat(stacks(p.tree())).containsExactlyInAnyOrder("C2 CompilerThre<THREAD>;Compile::Compile<CPP> 2",
                "[odd tid=x1]<THREAD> 1", "pool-worker<THREAD>;Worker.run<JIT> 7");
        assertThat(p.tree().frames().frames()).contains(new Frame("pool-worker", FrameKind.THREAD),
                new Frame("C2 CompilerThre", FrameKind.THREAD), new Frame("[odd tid=x1]", FrameKind.THREAD));
    }

    @Test
    void withoutNormalizationThreadFramesKeepTheirIds() throws Exception {
        Profile p = read("[pool-worker tid=10218];a 3\n[pool-worker tid=11274];a 4\n",
                ReadOptions.DEFAULT.withNormalizeNames(false));
        assertThat(stacks(p.tree())).containsExactlyInAnyOrder("[pool-worker tid=10218]<THREAD>;a 3",
                "[pool-worker tid=11274]<THREAD>;a 4");
        assertThat(p.tree().frames().frames()).contains(new Frame("[pool-worker tid=10218]", FrameKind.THREAD));
    }

    @Test
    void slashedAndDottedSpellingsOfAJavaFrameAreTheSameFrame() throws Exception {
        Profile p = read("java/lang/Thread.run;a 1\njava.lang.Thread.run;a 2\n");
        assertThat(stacks(p.tree())).containsExactly("java.lang.Thread.run;a 3");
    }

    @Test
    void lambdaAndHiddenClassNamesAreNormalizedByDefault() throws Exception {
        String text = "fixture/FixtureApp$$Lambda$1.0x00007f3ad1000a08.run;x 1\n"
                + "fixture/FixtureApp$$Lambda$7.0x00007f3ad1000b10.run_[j];y 1\n"
                + "m;fixture.FixtureApp$$Lambda$3_[i] 1\n";
        assertThat(stacks(read(text).tree())).containsExactly(
                "fixture.FixtureApp$$Lambda.run;x 1",
                "fixture.FixtureApp$$Lambda.run<JIT>;y 1",
                "m;fixture.FixtureApp$$Lambda_[i] 1");
        // Without normalization names stay byte for byte as written, slashes included.
        assertThat(stacks(read(text, ReadOptions.DEFAULT.withNormalizeNames(false)).tree())).containsExactly(
                "fixture/FixtureApp$$Lambda$1.0x00007f3ad1000a08.run;x 1",
                "fixture/FixtureApp$$Lambda$7.0x00007f3ad1000b10.run<JIT>;y 1",
                "m;fixture.FixtureApp$$Lambda$3_[i] 1");
    }

    @Test
    void kernelAndCppNamesAreNotRewritten() throws Exception {
        Profile p = read("a/b::c/d;x/y_[k] 1\n");
        assertThat(p.tree().path(p.tree().size() - 1)).containsExactly(
                new Frame("a/b::c/d", FrameKind.CPP), new Frame("x/y", FrameKind.KERNEL));
    }

    @Test
    void aLoneSuffixIsAName() throws Exception {
        assertThat(read("_[j];a_[x] 1\n").tree().path(2)).containsExactly(
                new Frame("_[j]", FrameKind.UNKNOWN), new Frame("a_[x]", FrameKind.UNKNOWN));
    }

    @Test
    void utf8NamesAreDecoded() throws Exception {
        assertThat(stacks(read("größe;λ 2\n").tree())).containsExactly("größe;λ 2");
    }

    @Test
    void theSameInputGivesTheSameFramesEveryTime() throws Exception {
        String text = "a/B.c_[j];byte[]_[i] 1\nT;x::y 2\n";
        assertThat(read(text).tree().frames().frames()).isEqualTo(read(text).tree().frames().frames());
    }

    @Test
    void consecutiveLinesSharingPartOfAFrameAreStillSplitRight() throws Exception {
        Profile p = read("ab;cd;e 1\nab;cd;e 2\nab;c;e 3\nab;cd 4\nab;cd;e;f 5\nabc;d 6\nab 7\nab;cd;e_[j] 8\nab;cd;e_[i];x 9\n");
        assertThat(stacks(p.tree())).containsExactly(
                "ab 7", "ab;c;e 3", "ab;cd 4", "ab;cd;e 3", "ab;cd;e;f 5", "ab;cd;e<JIT> 8", "ab;cd;e<INLINED>;x 9",
                "abc;d 6");
    }

    @Test
    void readsLongLinesThatSpanTheReadBuffer() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            sb.append(i == 0 ? "" : ";").append("frame number ").append(i);
        }
        String deep = sb.toString();
        Profile p = read("a 1\n" + deep + " 9\n" + deep + " 1\n");
        assertThat(p.tree().maxDepth()).isEqualTo(3000);
        assertThat(p.tree().grandTotal(0)).isEqualTo(11);
    }
}
