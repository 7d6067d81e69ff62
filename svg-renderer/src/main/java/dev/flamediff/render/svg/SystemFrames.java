package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.JavaNames;
import dev.flamediff.render.RenderInterrupts;
import java.util.BitSet;

/**
 * Which frames belong to the JVM's own work and the system's rather than to the program: in a
 * Java profile, the frames whose whole subtree holds no Java frame and that are not called from
 * one (the JIT compiler's and the garbage collector's threads, VM operations, kernel work of
 * those threads). The graph can hide them, so the program's frames get the width. A frame that
 * leads to Java code (the native start of a Java thread) is the program's. Profiles without Java
 * frames (callgrind, a C program) have none: there is nothing to tell the program from.
 */
final class SystemFrames {

    private final BitSet system;
    private final boolean any;

    private SystemFrames(BitSet system, boolean any) {
        this.system = system;
        this.any = any;
    }

    /** Classifies every node of the diff, a bit a node (trees have millions of nodes). */
    static SystemFrames of(DiffTree diff) {
        return of(diff, Thread.currentThread());
    }

    /**
     * Classifies every node as {@link #of(DiffTree)} does, on any thread, stopping when {@code
     * caller}, the thread the render runs for, is interrupted.
     *
     * @throws java.util.concurrent.CancellationException if {@code caller} was interrupted
     */
    static SystemFrames of(DiffTree diff, Thread caller) {
        int n = diff.size();
        // The name test once per function, not per node: two chains of 16,384 nodes whose five
        // functions have 65,000-character names took 115 s of regular expressions.
        byte[] javaNames = new byte[diff.functions().size()];
        BitSet hasJava = new BitSet(n);
        for (int i = n - 1; i >= 0; i--) {
            RenderInterrupts.check(caller);
            if (hasJava.get(i) || isJava(diff, i, javaNames)) {
                hasJava.set(i);
                if (i > 0) {
                    hasJava.set(diff.parent(i));
                }
            }
        }
        BitSet system = new BitSet(n);
        BitSet underJava = new BitSet(n);
        boolean any = false;
        if (n > 0 && hasJava.get(0)) {
            for (int i = 1; i < n; i++) {
                RenderInterrupts.check(caller);
                int p = diff.parent(i);
                boolean under = underJava.get(p) || isJava(diff, p, javaNames);
                if (under) {
                    underJava.set(i);
                } else if (!hasJava.get(i)) {
                    system.set(i);
                    any = true;
                }
            }
        }
        return new SystemFrames(system, any);
    }

    /** Returns whether the node is the JVM's or the system's work; false for an elided frame (-1). */
    boolean isSystem(int node) {
        return node >= 0 && system.get(node);
    }

    /** Returns whether the profile has Java frames and some frames that are not the program's. */
    boolean any() {
        return any;
    }

    /**
     * {@link #isJava(Frame)} of the node's frame, the name's answer kept per function (the
     * functions of a diff are merged by name): 0 not asked yet, 1 a Java name, 2 not.
     */
    private static boolean isJava(DiffTree diff, int node, byte[] javaNames) {
        Frame frame = diff.frame(node);
        int f = diff.functions().indexOf(node);
        if (f < 0) {
            return isJava(frame);
        }
        if (javaNames[f] == 0) {
            javaNames[f] = (byte) (isJava(frame) ? 1 : 2);
        }
        return javaNames[f] == 1;
    }

    /**
     * Java code as the diff's frame classes judge it ({@link JavaNames#isJavaFrame}): a method's
     * name, of a Java kind or of none. A C library ({@code libc.so.6}) or a C function marked
     * inlined is not, so a C or Node profile gets no toggle for JVM internals.
     */
    static boolean isJava(Frame frame) {
        return JavaNames.isJavaFrame(frame);
    }
}
