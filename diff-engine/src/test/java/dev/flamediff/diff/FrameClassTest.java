package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import org.junit.jupiter.api.Test;

/** Which frames of a JVM profile are the machine's work and which the program's. */
class FrameClassTest {

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
