package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.JavaNames;
import dev.flamediff.model.V8Names;
import java.util.Arrays;
import java.util.List;

/**
 * Tells the machine's own work from the program's. Kernel frames (page faults, scheduling,
 * interrupts), the JVM's C++ internals (compiler, collector) and C library functions run as much
 * as the machine, the heap and the JIT make them run: between two recordings of the same program
 * on a busy machine a page-fault path can grow tenfold while every Java method keeps its share.
 * Such frames get a run-to-run variation of their own, measured on them (see
 * {@link NodeSignificance}), so their noise neither hides the program's changes nor is
 * reported as one.
 *
 * <p>Only a JVM profile (one with Java frames) has a runtime of C and C++ beneath the program;
 * in a native program's profile those are the program, and only kernel frames are the system's.
 */
final class FrameClass {

    private FrameClass() {
    }

    /**
     * Returns, per node of a union tree of {@code size} nodes, whether its frame is system work:
     * in a profile with Java frames as {@link #isSystem} says, otherwise only kernel frames.
     */
    static boolean[] systemMask(Frame[] frames, int size) {
        return mask(frames, 1, size, false);
    }

    /**
     * Returns the system mask of a union tree's nodes ({@link #systemMask(Frame[], int)}) with
     * the runtime's allocation for the program taken out: the JVM's entries that allocate an
     * object or array for the Java code calling them (the compilers' and the interpreter's
     * allocation stubs, {@code Object.clone}) and the C++ frames beneath them, kernel frames
     * excepted. They run as often as the program allocates, not as the machine makes them run:
     * a method that now allocates 26 times as much, its new cost nearly all in
     * {@code Runtime1::new_type_array} and the memory it clears, was judged with the system's
     * run-to-run variation of at least 1 and went unnamed. A page fault beneath them stays the
     * machine's (first touches of the heap vary with the collector).
     *
     * @param parent the union tree's parents (a parent's index below its child's)
     */
    static boolean[] systemMask(UnionFrames frames, int[] parent) {
        int size = frames.size();
        // Worked out once per slot the nodes use: the frame's tests are the costly part.
        int[] used = new int[frames.slots()];
        Arrays.fill(used, -1);
        Frame[] distinct = new Frame[Math.min(frames.slots(), Math.max(size - 1, 0))];
        int count = 0;
        for (int n = 1; n < size; n++) {
            DiffInterrupts.checkEvery(n);
            int slot = frames.slot(n);
            if (used[slot] < 0) {
                used[slot] = count;
                distinct[count++] = frames.frameInSlot(slot);
            }
        }
        boolean[] system = mask(distinct, 0, count, false);
        boolean[] allocationEntry = new boolean[count];
        for (int i = 0; i < count; i++) {
            allocationEntry[i] = system[i] && isAllocationEntry(distinct[i].name());
        }
        boolean[] out = new boolean[size];
        boolean[] allocating = new boolean[size];
        for (int n = 1; n < size; n++) {
            DiffInterrupts.checkEvery(n);
            int i = used[frames.slot(n)];
            if (!system[i]) {
                continue;
            }
            allocating[n] = allocating[parent[n]] || allocationEntry[i];
            out[n] = !allocating[n] || distinct[i].kind() == FrameKind.KERNEL;
        }
        return out;
    }

    /** {@link #systemMask(UnionFrames, int[])} of nodes given one by one, {@code frames[0]} the root's. */
    static boolean[] systemMask(Frame[] frames, int[] parent, int size) {
        return systemMask(UnionFrames.ofNodes(Arrays.copyOf(frames, size)), parent);
    }

    private static final List<String> ALLOCATION_PREFIXES = List.of("Runtime1::new_", "OptoRuntime::new_",
            "OptoRuntime::multianewarray", "InterpreterRuntime::newarray", "InterpreterRuntime::anewarray",
            "InterpreterRuntime::_new", "InterpreterRuntime::multianewarray", "new_type_array Runtime1",
            "new_object_array Runtime1", "new_instance Runtime1", "fast_new_instance", "new_multi_array Runtime1",
            "_new_array_", "_new_instance_", "_multianewarray", "JVM_Clone", "JVM_NewArray", "JVM_NewMultiArray",
            "Unsafe_AllocateInstance");

    /** Returns whether a native frame is one of the JVM's entries that allocate for the Java code calling them. */
    static boolean isAllocationEntry(String name) {
        for (String p : ALLOCATION_PREFIXES) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns, per frame of {@code frames} (the distinct frames of a union tree's nodes, the root
     * left out), whether it is the runtime's rather than the program's: in a profile with Java
     * frames, a method of the JDK's own packages ({@code java.}, {@code javax.}, {@code jdk.},
     * {@code sun.}, {@code com.sun.}) or system work ({@link #isSystem}); in a native program's
     * profile only kernel frames. A pull request changes the program, not the runtime under it:
     * when a method calls {@code String.format} ten times as often, the change starts in that method.
     */
    static boolean[] runtimeMask(Frame[] frames) {
        return mask(frames, 0, frames.length, true);
    }

    /**
     * Returns, per frame of {@code frames} (the distinct frames of a union tree's nodes), whether
     * it is system work as {@link #systemMask} decides it.
     */
    static boolean[] systemMaskOfDistinct(Frame[] frames) {
        return mask(frames, 0, frames.length, false);
    }

    /** The mask of {@code frames[from, size)}, the slots before {@code from} false. */
    private static boolean[] mask(Frame[] frames, int from, int size, boolean jdkToo) {
        boolean jvm = false;
        for (int i = from; i < size && !jvm; i++) {
            jvm = isJava(frames[i]);
        }
        boolean v8 = false;
        for (int i = from; i < size && !jvm && jdkToo && !v8; i++) {
            v8 = isJavaScript(frames[i]);
        }
        boolean[] out = new boolean[size];
        for (int i = from; i < size; i++) {
            DiffInterrupts.checkEvery(i);
            Frame f = frames[i];
            out[i] = jvm ? isSystem(f) || (jdkToo && isJava(f) && isJdkMethod(f.name()))
                    : v8 ? !isJavaScript(f) : f.kind() == FrameKind.KERNEL;
        }
        return out;
    }

    /**
     * Returns whether a frame is a JavaScript function as V8 names it in perf's map files
     * ({@code JS:render /app/x.js:3:10}, Node before 16's {@code LazyCompile:*render}). In a
     * profile with such frames, V8's builtins ({@code Builtins_StringPrototypeReplace}), its C++
     * runtime and Node's are the runtime beneath the program, as the JDK is beneath Java code: a
     * function that newly splits and replaces strings is the change, not the builtin's entry
     * stub ({@code Builtins_CEntry_Return1_ArgvOnStack_NoBuiltinExit}) its new calls pass through.
     * Only the kernel's frames are system work there, as in a native program's profile.
     */
    static boolean isJavaScript(Frame frame) {
        return V8Names.isFunctionName(frame.name());
    }

    private static final List<String> JDK_PACKAGES = List.of("java", "javax", "jdk", "sun", "com.sun", "com/sun");

    /** Returns whether a Java method's name lies in a JDK package, with dots or slashes between the parts. */
    static boolean isJdkMethod(String name) {
        for (String p : JDK_PACKAGES) {
            if (name.length() > p.length() && name.startsWith(p)
                    && (name.charAt(p.length()) == '.' || name.charAt(p.length()) == '/')) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns whether a frame is the program's own code, judged alone: not a thread's frame nor a
     * kernel's and, in a JVM profile, not system work ({@link #isSystem}) nor a method of the
     * JDK's packages.
     */
    static boolean isProgram(Frame frame, boolean jvm) {
        if (frame.kind() == FrameKind.THREAD || frame.kind() == FrameKind.KERNEL || frame.equals(Frame.ROOT)) {
            return false;
        }
        return !jvm || !isSystem(frame) && !(isJava(frame) && isJdkMethod(frame.name()));
    }

    /** Returns whether the frame is a Java method ({@link JavaNames#isJavaFrame}). */
    static boolean isJava(Frame frame) {
        return JavaNames.isJavaFrame(frame);
    }

    /**
     * Returns whether a frame of a JVM profile is system work: a kernel or C++ frame, or a native
     * or unknown-kind frame whose name is not a Java method's (no package or class separator:
     * {@code __libc_free}, {@code clear_page_erms}, {@code [unknown]}).
     */
    static boolean isSystem(Frame frame) {
        FrameKind kind = frame.kind();
        if (kind == FrameKind.KERNEL || kind == FrameKind.CPP) {
            return true;
        }
        if (kind != FrameKind.NATIVE && kind != FrameKind.UNKNOWN) {
            return false;
        }
        String name = frame.name();
        return name.indexOf('.') < 0 && name.indexOf('/') < 0 && !frame.equals(Frame.ROOT);
    }
}
