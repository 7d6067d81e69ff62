package dev.flamediff.diff;

import dev.flamediff.model.FrameKind;
import java.util.Arrays;

/**
 * Per function, the topmost nodes that can carry a change of their own (its anchors), and which
 * nodes are new code. A node is new code when its caller's function did not call its function
 * anywhere in base (or, for removed code, anywhere in head): then it and everything under it
 * belongs to the nearest caller that is not new code, unless its function is the program's and
 * is one-sided that way under several callers (see {@link OneSidedSpread}): then the change is
 * its own. Every other topmost node is an anchor,
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
     * @param parts the parts of the functions the edges are summed in
     */
    CulpritAnchors(DiffTree diff, FunctionSums sums, int[] function, int functions, NodeFrames frames,
                   FunctionParts parts) {
        boolean[] oneSided = oneSidedEdges(diff, function, functions, parts);
        newCode = new boolean[diff.size()];
        // Decided once per distinct frame: the name tests would otherwise run on every node.
        boolean[] runtime = FrameClass.runtimeMask(frames.distinct());
        // The same for threads' frames: no load of each node's frame.
        boolean[] thread = new boolean[frames.distinct().length];
        for (int i = 0; i < thread.length; i++) {
            thread[i] = frames.distinct()[i].kind() == FrameKind.THREAD;
        }
        // Frames no caller is named after: a thread, and system work (an adapter between compiled
        // and interpreted code, a truncated stack's [unknown] or [break_*] root).
        boolean[] notCaller = FrameClass.systemMaskOfDistinct(frames.distinct());
        for (int i = 0; i < notCaller.length; i++) {
            notCaller[i] |= thread[i];
        }
        byte[] spread = OneSidedSpread.of(diff, sums, function, functions, oneSided, frames, notCaller);
        // Per node: whether a frame of the program's lies on its path, the node included.
        boolean[] programAbove = new boolean[diff.size()];
        // Per node whether it anchors its function, then the anchors in one array per function.
        anchor = new boolean[diff.size()];
        int[] count = new int[functions];
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            int p = diff.parent(n);
            boolean nearRoot = p == 0 || (thread[frames.of(p)] && diff.parent(p) == 0);
            int frame = frames.of(n);
            boolean program = !runtime[frame] && !thread[frame];
            // A program function that appeared under (or vanished from) several callers at once
            // changed itself: its callers did not each start or stop calling it.
            boolean ownChange = program && oneSided[n] && (spread[function[n]] & side(diff, n)) != 0;
            // Its own change also under new code: callers too cheap to have been sampled in base
            // are one-sided because of the change beneath them (see OneSidedSpread).
            newCode[n] = !nearRoot && !ownChange && (newCode[p] || oneSided[n]);
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

    /** The bit of the side a node of a one-sided edge has values on: 1 base, 2 head. */
    static int side(DiffTree diff, int node) {
        return diff.baseTotal(node) != 0 ? 1 : 2;
    }

    /** Returns the anchor nodes of function {@code f}, in pre-order; the caller must not modify them. */
    int[] of(int f) {
        return anchors[f];
    }

    /** Returns how many functions there are. */
    int functions() {
        return anchors.length;
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
     * values on one side only, summed over every node of that edge. One pass in pre-order sums
     * each edge's values in an open-addressing table of primitive keys (a boxed map had collided
     * into tree bins and taken a quarter of a large diff's time; a pass per callee, later, read
     * the nodes of each callee scattered over the tree), so each edge's values are added in
     * pre-order and its sums, and what they decide, are those of a map keyed by the edge.
     */
    static boolean[] oneSidedEdges(DiffTree diff, int[] function, int functions) {
        return oneSidedEdges(diff, function, functions, FunctionParts.single(functions));
    }

    /**
     * Returns the one-sided edges as {@link #oneSidedEdges(DiffTree, int[], int)} does, a pass per
     * part of the callee functions (see {@link FunctionParts}): an edge belongs to its callee's
     * part, so each edge's values are still added in pre-order, by one thread, and its sums are
     * the same bits.
     */
    static boolean[] oneSidedEdges(DiffTree diff, int[] function, int functions, FunctionParts parts) {
        int size = diff.size();
        int[] edgeOfNode = new int[size];
        boolean[] out = new boolean[size];
        boolean all = parts.count() == 1;
        parts.forEach((part, caller) -> {
            EdgeSums edges = new EdgeSums(size);
            for (int n = 1; n < size; n++) {
                DiffInterrupts.checkEvery(n, caller);
                if (!all && parts.partOf(function[n]) != part) {
                    continue;
                }
                int e = edges.index(caller(diff, function, functions, n), function[n], n);
                edgeOfNode[n] = e;
                edges.base[e] += diff.baseTotal(n);
                edges.head[e] += diff.headTotal(n);
            }
            for (int n = 1; n < size; n++) {
                DiffInterrupts.checkEvery(n, caller);
                if (!all && parts.partOf(function[n]) != part) {
                    continue;
                }
                int e = edgeOfNode[n];
                out[n] = (edges.base[e] == 0) != (edges.head[e] == 0);
            }
        });
        return out;
    }

    /**
     * The call edges met so far, each with an index and its sides' sums. The tables grow to the
     * edges extrapolated from the share of the nodes walked (pre-order, so that share is how far
     * the pass has come), as the union's arrays do ({@link UnionNodes}): doubling alone left the
     * copies of the way there behind, on a folded pair of 1.3 M nodes about 30 MB of the peak RSS.
     * Single-threaded.
     */
    private static final class EdgeSums {
        private static final long EMPTY = -1;
        /** Per slot, the edge (caller slot, callee function) in one long, or EMPTY. */
        private long[] keys;
        private int[] indexOfSlot;
        double[] base = new double[16];
        double[] head = new double[16];
        private int count;
        /** The nodes the pass walks: no more edges than that. */
        private final int nodes;

        EdgeSums(int nodes) {
            this.nodes = nodes;
            allocate(32);
        }

        /**
         * Returns the edge's index, adding it when new.
         *
         * @param walked the node's position in the pass's pre-order (from 1)
         */
        int index(int caller, int callee, int walked) {
            long key = (long) caller << 32 | (callee & 0xFFFFFFFFL);
            int mask = keys.length - 1;
            for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    return indexOfSlot[i];
                }
                if (keys[i] == EMPTY) {
                    keys[i] = key;
                    indexOfSlot[i] = count;
                    if (count == base.length) {
                        long grown = Math.min(2L * count, Math.max(count + count / 8 + 1, expected(walked)));
                        int capacity = (int) Math.max(count + 1L, Math.min(grown, nodes));
                        base = Arrays.copyOf(base, capacity);
                        head = Arrays.copyOf(head, capacity);
                    }
                    int index = count++;
                    if (2 * count > keys.length) {
                        grow(expected(walked));
                    }
                    return index;
                }
            }
        }

        /** The edges there will be: those met so far, scaled by the share of nodes walked, a tenth to spare. */
        private long expected(int walked) {
            return Math.min(nodes, (long) ((double) count * nodes / Math.max(1, walked) * 1.1));
        }

        /** Grows the table to twice its length, or up to eight times where more edges are expected. */
        private void grow(long expected) {
            long[] oldKeys = keys;
            int[] oldIndex = indexOfSlot;
            int capacity = 2 * oldKeys.length;
            while (capacity < 2 * expected && capacity < 8 * oldKeys.length && capacity < 1 << 30) {
                capacity *= 2;
            }
            allocate(capacity);
            int mask = keys.length - 1;
            for (int s = 0; s < oldKeys.length; s++) {
                if (oldKeys[s] != EMPTY) {
                    int i = hash(oldKeys[s]) & mask;
                    while (keys[i] != EMPTY) {
                        i = (i + 1) & mask;
                    }
                    keys[i] = oldKeys[s];
                    indexOfSlot[i] = oldIndex[s];
                }
            }
        }

        private void allocate(int capacity) {
            keys = new long[capacity];
            Arrays.fill(keys, EMPTY);
            indexOfSlot = new int[capacity];
        }

        private static int hash(long key) {
            long h = key * 0x9E3779B97F4A7C15L;
            return (int) (h ^ (h >>> 29));
        }
    }

    /** The slot of the function that calls a node: its parent's function, {@code functions} for the root. */
    private static int caller(DiffTree diff, int[] function, int functions, int node) {
        int p = diff.parent(node);
        return p == 0 ? functions : function[p];
    }
}
