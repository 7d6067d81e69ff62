package dev.flamediff.diff;

import dev.flamediff.model.FrameKind;
import dev.flamediff.model.LongIntMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Per function, the topmost nodes that can carry a change of their own (its anchors), and which
 * nodes are new code. A node is new code when its caller's function did not call its function
 * anywhere in base (or, for removed code, anywhere in head): then it and everything under it
 * belongs to the nearest caller that is not new code. Every other topmost node is an anchor,
 * also one that happens to have no samples on one side on its own path (a method reached through
 * 65 paths has a few samples per path, some of them none). New code right under the root or a
 * thread (a new thread's work) has no caller to be attributed to and anchors itself. Runtime code
 * that the program calls (see {@link FrameClass#runtimeMask}) anchors nowhere either: its change
 * is in the inclusive change of the program's method above it, and that method is the candidate.
 * Runtime code with no program frame above it (a compiler thread, the JDK's own thread pools
 * around the program) anchors as any code does. Immutable once built.
 */
final class CulpritAnchors {

    private final List<List<Integer>> anchors;
    private final boolean[] newCode;

    /**
     * @param function per node, its function's index
     * @param functions how many functions there are
     * @param frames which distinct frame each node has
     */
    CulpritAnchors(DiffTree diff, FunctionSums sums, int[] function, int functions, NodeFrames frames) {
        // Per node its edge's index, and per edge the values through it: a boxed map keyed by
        // the edge took a quarter of a large diff's time (Long's hash of caller ^ callee collides).
        LongIntMap edgeIndex = new LongIntMap(1024);
        int[] edgeOf = new int[diff.size()];
        double[] edgeBase = new double[1024];
        double[] edgeHead = new double[1024];
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            long key = edge(diff, function, n);
            int e = edgeIndex.get(key);
            if (e < 0) {
                e = edgeIndex.size();
                edgeIndex.put(key, e);
                if (e == edgeBase.length) {
                    edgeBase = Arrays.copyOf(edgeBase, e * 2);
                    edgeHead = Arrays.copyOf(edgeHead, e * 2);
                }
            }
            edgeOf[n] = e;
            edgeBase[e] += diff.baseTotal(n);
            edgeHead[e] += diff.headTotal(n);
        }
        newCode = new boolean[diff.size()];
        // Decided once per distinct frame: the name tests would otherwise run on every node.
        boolean[] runtime = FrameClass.runtimeMask(frames.distinct());
        // Per node: whether a frame of the program's lies on its path, the node included.
        boolean[] programAbove = new boolean[diff.size()];
        List<List<Integer>> out = new ArrayList<>(functions);
        for (int f = 0; f < functions; f++) {
            out.add(new ArrayList<>());
        }
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            int p = diff.parent(n);
            boolean nearRoot = p == 0 || (diff.frame(p).kind() == FrameKind.THREAD && diff.parent(p) == 0);
            int e = edgeOf[n];
            boolean oneSidedEdge = (edgeBase[e] == 0) != (edgeHead[e] == 0);
            newCode[n] = !nearRoot && (newCode[p] || oneSidedEdge);
            boolean program = !runtime[frames.of(n)] && diff.frame(n).kind() != FrameKind.THREAD;
            programAbove[n] = program || programAbove[p];
            // Runtime code belongs to the program's method that calls it, as new code does; the
            // program's methods it calls back are their own again.
            boolean runtimeCall = !program && programAbove[p];
            if (!newCode[n] && !runtimeCall && sums.topmost[n]) {
                out.get(function[n]).add(n);
            }
        }
        anchors = out;
    }

    /** Returns the anchor nodes of function {@code f}, in pre-order. */
    List<Integer> of(int f) {
        return anchors.get(f);
    }

    /** Returns whether the node is new code (or code no longer called). */
    boolean newCode(int node) {
        return newCode[node];
    }

    /** The call edge into a node: its caller's function and its own, -1 for the root. */
    private static long edge(DiffTree diff, int[] function, int node) {
        int p = diff.parent(node);
        long caller = p == 0 ? -1 : function[p];
        return (caller << 32) ^ (function[node] & 0xFFFFFFFFL);
    }
}
