package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import org.junit.jupiter.api.Test;

/** Which frames of a JVM profile are the machine's work and which the program's. */
class FrameClassTest {

    /**
     * A C program's perf profile whose kernel has GCC's clones ({@code finish_task_switch.isra.0})
     * and whose libc has a split function ({@code msort_with_tmp.part.0}) is not a JVM profile:
     * its own functions are the program's, only the kernel's frames system work. Before, a
     * dot in one name made the profile a JVM one and every C function the JVM's system work, so a
     * 3.7x regression and a ninefold improvement were judged with the system's run-to-run
     * variation and read as noise.
     */
    @Test
    void aNativeProfileWithGccClonesIsNotAJvmProfile() {
        Frame[] frames = {
            Frame.ROOT,
            new Frame("main", FrameKind.UNKNOWN),
            new Frame("checksum", FrameKind.UNKNOWN),
            new Frame("render_row", FrameKind.UNKNOWN),
            new Frame("msort_with_tmp.part.0", FrameKind.UNKNOWN),
            new Frame("finish_task_switch.isra.0", FrameKind.UNKNOWN),
            new Frame("libc.so.6", FrameKind.UNKNOWN),
            new Frame("asm_sysvec_apic_timer_interrupt", FrameKind.KERNEL),
        };

        assertThat(FrameClass.systemMask(frames, frames.length))
                .containsExactly(false, false, false, false, false, false, false, true);
        assertThat(FrameClass.isProgram(frames[2], false)).isTrue();
        assertThat(FrameClass.isJava(frames[4])).isFalse();
        assertThat(FrameClass.isJava(new Frame("java.lang.String.format", FrameKind.UNKNOWN))).isTrue();
    }

    /**
     * perf's stack collapsers mark inlined and JIT frames with the suffixes async-profiler uses
     * ({@code _[i]}, {@code _[j]}), so a C program's {@code __libc_start_main_impl} can arrive as
     * an inlined frame: the kind alone does not make it Java, nor the profile a JVM one. A Java
     * method keeps its kind's word, with its line number too.
     */
    @Test
    void anInlinedCFunctionIsNotJavaButAJitMethodWithItsLineIs() {
        Frame[] frames = {
            Frame.ROOT,
            new Frame("_start", FrameKind.UNKNOWN),
            new Frame("__libc_start_main_impl", FrameKind.INLINED),
            new Frame("main", FrameKind.UNKNOWN),
            new Frame("render_row", FrameKind.UNKNOWN),
            new Frame("asm_exc_page_fault", FrameKind.KERNEL),
        };

        assertThat(FrameClass.isJava(frames[2])).isFalse();
        assertThat(FrameClass.systemMask(frames, frames.length)).containsExactly(false, false, false, false, false, true);
        assertThat(FrameClass.isJava(new Frame("app.Keys.format:42", FrameKind.JIT))).isTrue();
        assertThat(FrameClass.isJava(new Frame("app.Keys.format", FrameKind.INLINED))).isTrue();
        assertThat(FrameClass.isJava(new Frame("LazyCompile:*render /app/x.js:3", FrameKind.JIT))).isFalse();
    }

    /**
     * A Node profile recorded by perf: its JavaScript functions are the program, V8's builtins,
     * its C++ runtime, Node's and the C library's the runtime beneath it, and only the kernel's
     * frames system work, as in a native profile.
     */
    @Test
    void inANodeProfileOnlyJavaScriptFunctionsAreTheProgram() {
        Frame[] frames = {
            Frame.ROOT,
            new Frame("node", FrameKind.UNKNOWN),
            new Frame("node::Start", FrameKind.CPP),
            new Frame("JS:route /srv/app.js:103:15", FrameKind.UNKNOWN),
            new Frame("JS:formatKey /srv/app.js:4:19", FrameKind.UNKNOWN),
            new Frame("Builtins_StringPrototypeReplace", FrameKind.UNKNOWN),
            new Frame("v8::internal::Runtime_StringSplit", FrameKind.CPP),
            new Frame("asm_exc_page_fault", FrameKind.KERNEL),
        };

        assertThat(FrameClass.runtimeMask(frames)).containsExactly(true, true, true, false, false, true, true, true);
        assertThat(FrameClass.systemMaskOfDistinct(frames))
                .containsExactly(false, false, false, false, false, false, false, true);
        assertThat(FrameClass.isJavaScript(new Frame("LazyCompile:*render /srv/x.js:3", FrameKind.UNKNOWN))).isTrue();
        assertThat(FrameClass.isJavaScript(new Frame("render", FrameKind.UNKNOWN))).isFalse();
    }

    /**
     * A Java method's allocation through the JVM (the C1 stub, the runtime call, the memory it
     * clears) is the program's; a page fault beneath it, the collector's threads and the
     * compiler's stay the machine's.
     */
    @Test
    void theRuntimesAllocationForTheProgramIsTheProgramsWorkButItsPageFaultsAreNot() {
        Frame[] frames = {
            Frame.ROOT,
            new Frame("fixture.shop.InvoiceHandler.renderLine", FrameKind.JIT),
            new Frame("new_type_array Runtime1 stub", FrameKind.UNKNOWN),
            new Frame("Runtime1::new_type_array", FrameKind.CPP),
            new Frame("TypeArrayKlass::allocate_common", FrameKind.CPP),
            new Frame("__memset_avx2_unaligned_erms", FrameKind.NATIVE),
            new Frame("asm_exc_page_fault", FrameKind.KERNEL),
            new Frame("GCTaskThread::run", FrameKind.CPP),
            new Frame("PSPromotionManager::drain_stacks", FrameKind.CPP),
            new Frame("C2Compiler::compile_method", FrameKind.CPP),
        };
        int[] parent = {0, 0, 1, 2, 3, 4, 5, 0, 7, 0};

        boolean[] system = FrameClass.systemMask(frames, parent, frames.length);

        assertThat(system).containsExactly(false, false, false, false, false, false, true, true, true, true);
        // Without the tree's context every native frame is the machine's.
        assertThat(FrameClass.systemMask(frames, frames.length))
                .containsExactly(false, false, true, true, true, true, true, true, true, true);
    }

    @Test
    void theAllocationEntriesOfTheCompilersTheInterpreterAndCloneAreKnown() {
        for (String name : new String[] {"new_type_array Runtime1 stub", "fast_new_instance Runtime1 stub",
            "Runtime1::new_instance", "OptoRuntime::new_array_C", "_new_array_nozero_Java", "_new_instance_Java",
            "InterpreterRuntime::_new", "InterpreterRuntime::newarray", "InterpreterRuntime::anewarray", "JVM_Clone"}) {
            assertThat(FrameClass.isAllocationEntry(name)).as(name).isTrue();
        }
        for (String name : new String[] {"Runtime1::counter_overflow", "counter_overflow Runtime1 stub",
            "InterpreterRuntime::resolve_from_cache", "MemAllocator::allocate", "clear_page_erms", "G1ParScanThreadState::trim_queue"}) {
            assertThat(FrameClass.isAllocationEntry(name)).as(name).isFalse();
        }
    }
}
