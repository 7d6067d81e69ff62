package dev.flamediff.diff;

import dev.flamediff.model.FrameKind;
import java.util.Arrays;

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

    /** Per function, its anchor nodes in pre-order. */
    private final int[][] anchors;
    private final boolean[] newCode;
    /** Per node, whether it anchors its function. */
    private final boolean[] anchor;

    /**
     * @param function per node, its function's index
     * @param functions how many functions there are
     * @param frames which distinct frame each node has
     */
    CulpritAnchors(DiffTree diff, FunctionSums sums, int[] function, int functions, NodeFrames frames) {
        boolean[] oneSided = oneSidedEdges(diff, function, functions);
        newCode = new boolean[diff.size()];
        // Decided once per distinct frame: the name tests would otherwise run on every node.
        boolean[] runtime = FrameClass.runtimeMask(frames.distinct());
        // Per node: whether a frame of the program's lies on its path, the node included.
        boolean[] programAbove = new boolean[diff.size()];
        // Per node whether it anchors its function, then the anchors in one array per function.
        anchor = new boolean[diff.size()];
        int[] count = new int[functions];
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            int p = diff.parent(n);
            boolean nearRoot = p == 0 || (diff.frame(p).kind() == FrameKind.THREAD && diff.parent(p) == 0);
            newCode[n] = !nearRoot && (newCode[p] || oneSided[n]);
            boolean program = !runtime[frames.of(n)] && diff.frame(n).kind() != FrameKind.THREAD;
            programAbove[n] = program || programAbove[p];
            // Runtime code belongs to the program's method that calls it, as new code does; the
            // program's methods it calls back are their own again.
            boolean runtimeCall = !program && programAbove[p];
            if (!newCode[n] && !runtimeCall && sums.topmost[n]) {
                anchor[n] = true;
                count[function[n]]++;
            }
        }
        anchors = new int[functions][];
        for (int f = 0; f < functions; f++) {
            anchors[f] = new int[count[f]];
        }
        int[] filled = new int[functions];
        for (int n = 1; n < diff.size(); n++) {
            if (anchor[n]) {
                anchors[function[n]][filled[function[n]]++] = n;
            }
        }
    }

    /** Returns the anchor nodes of function {@code f}, in pre-order; the caller must not modify them. */
    int[] of(int f) {
        return anchors[f];
    }

    /** Returns whether the node is one of its function's anchors. */
    boolean anchors(int node) {
        return anchor[node];
    }

    /** Returns whether the node is new code (or code no longer called). */
    boolean newCode(int node) {
        return newCode[node];
    }

    /**
     * Returns, per node, whether the call edge into it (its caller's function to its own) has
     * values on one side only, summed over every node of that edge. The nodes are taken callee by
     * callee, the sums of the edges into one callee kept in a slot per caller: a map keyed by the
     * edge spent most of its time in cache misses (a boxed one had collided into tree bins and
     * taken a quarter of a large diff's time). Each edge's values are added in pre-order, as
     * they were through the map, so its sums and what they decide are the same.
     */
    static boolean[] oneSidedEdges(DiffTree diff, int[] function, int functions) {
        int size = diff.size();
        int[] start = new int[functions + 1];
        for (int n = 1; n < size; n++) {
            start[function[n] + 1]++;
        }
        for (int f = 0; f < functions; f++) {
            start[f + 1] += start[f];
        }
        int[] fill = Arrays.copyOf(start, functions);
        int[] nodes = new int[Math.max(0, size - 1)];
        // Beside each node its caller's slot, found in pre-order (where a parent is mostly near
        // its child), so the passes below read it in sequence instead of two scattered loads each.
        int[] callers = new int[nodes.length];
        for (int n = 1; n < size; n++) {
            DiffInterrupts.checkEvery(n);
            int at = fill[function[n]]++;
            nodes[at] = n;
            callers[at] = caller(diff, function, functions, n);
        }
        // Per caller's function (the last slot: the root), the values through its edge into the callee at hand.
        double[] base = new double[functions + 1];
        double[] head = new double[functions + 1];
        boolean[] out = new boolean[size];
        for (int g = 0; g < functions; g++) {
            for (int i = start[g]; i < start[g + 1]; i++) {
                DiffInterrupts.checkEvery(i);
                int n = nodes[i];
                int c = callers[i];
                base[c] += diff.baseTotal(n);
                head[c] += diff.headTotal(n);
            }
            for (int i = start[g]; i < start[g + 1]; i++) {
                int c = callers[i];
                out[nodes[i]] = (base[c] == 0) != (head[c] == 0);
            }
            for (int i = start[g]; i < start[g + 1]; i++) {
                int c = callers[i];
                base[c] = 0;
                head[c] = 0;
            }
        }
        return out;
    }

    /** The slot of the function that calls a node: its parent's function, {@code functions} for the root. */
    private static int caller(DiffTree diff, int[] function, int functions, int node) {
        int p = diff.parent(node);
        return p == 0 ? functions : function[p];
    }
}
