package dev.flamediff.diff;

import dev.flamediff.model.FrameKind;
import java.util.Arrays;

/**
 * Per function, the topmost nodes that can carry a change of their own (its anchors), and which
 * nodes are new code. A node is new code when its caller's function did not call its function
 * anywhere in base (or, for removed code, anywhere in head): then it and everything under it
 * belongs to the nearest caller that is not new code, unless its function is the program's and
 * is one-sided that way under several callers (see {@link #spreadOneSided}): then the change is
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
        byte[] spread = spreadOneSided(diff, function, functions, oneSided, frames, notCaller);
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
            // are one-sided because of the change beneath them (see spreadOneSided).
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
    private static int side(DiffTree diff, int node) {
        return diff.baseTotal(node) != 0 ? 1 : 2;
    }

    /**
     * Returns, per function, bit 1 when the edges into it from {@value #SPREAD_CALLERS} or more
     * distinct calling functions have values in base only, bit 2 the same for head only. A method
     * that became too cheap to be sampled anywhere (or newly costly everywhere it is called) has
     * one-sided edges from all its callers; taking each edge for a caller that stopped (or
     * started) calling it split one change among the callers, none of them significant alone
     * (a formatter called from seven handlers, 32% of a JDK recording to 0 samples, read as no
     * change). One caller stays that caller's change: a parser that now calls a new splitter.
     *
     * <p>A caller is the nearest frame above the method that is the program's or the JDK's
     * code: a thread or system frame between them ({@code I2C/C2I adapters}) is skipped, and a
     * stack with none above the method is truncated (async-profiler's {@code [unknown]} and
     * {@code [break_*]} roots), not a second caller.
     *
     * <p>Where the method's caller is one-sided too, the caller counted is the call that starts
     * the run of one-sided edges above it (caller and callee function). A formatter reached
     * through forty thin handlers, none of them sampled in base because the formatter was cheap
     * there, is one-sided under forty calls a dispatcher makes in both profiles; counted by its
     * direct callers it had been forty handlers' new code, and the dispatcher the culprit with
     * the whole change. One new feature whose helpers call the formatter hangs from one call,
     * the feature's, and stays new code. Under such a run, only a method that the other side ran
     * somewhere counts: a library's sort that only the new calls reach is new code, not a change
     * of its own. The callers besides the largest must carry
     * {@value #SPREAD_SHARE} of the method's one-sided value: a parser's new splitter with one
     * sample under a second, misattributed caller is still the parser's new code (it had been
     * named instead of the parser in one benchmark-suite run of twelve).
     *
     * <p>So does a method whose callers' own totals did not move with it stay theirs: code of
     * several callers moved into a new method (an extract-method refactor), or a method folded
     * back into them, changes where the time is spent and not how much; as its callers' new code
     * it stays quiet, where as its own change it read as a regression of its whole cost (three
     * handlers' shared code moved into a new helper: "Slower: the helper (new) +44% of the
     * profile" on a profile 4.6% larger). The callers' totals must have moved the method's way by
     * at least {@value #CALLERS_MOVED} of its one-sided value.
     *
     * @param frames which distinct frame each node has
     * @param notCaller per distinct frame, whether a caller is looked for above it instead
     */
    static byte[] spreadOneSided(DiffTree diff, int[] function, int functions, boolean[] oneSided,
                                 NodeFrames frames, boolean[] notCaller) {
        // Per one-sided node, the top of the run of one-sided edges it ends (itself when its
        // caller's edge has both sides), and the node of the caller above that top (0 for none:
        // not counted). In pre-order, a node's parent is settled before it.
        int[] top = new int[diff.size()];
        int[] callerNode = new int[diff.size()];
        // Per function, the sides it has values on anywhere: bit 1 base, bit 2 head.
        byte[] present = new byte[functions];
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            present[function[n]] |= (byte) ((diff.baseTotal(n) != 0 ? 1 : 0) | (diff.headTotal(n) != 0 ? 2 : 0));
        }
        int m = 0;
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            if (oneSided[n]) {
                int p = diff.parent(n);
                int s = side(diff, n);
                top[n] = p != 0 && oneSided[p] && !notCaller[frames.of(p)] && side(diff, p) == s ? top[p] : n;
                // Under a run of one-sided callers, only a method the other side ran too: one that
                // never ran there (a library's internals the new code reaches) is new code.
                if (top[n] != n && (present[function[n]] & (3 - s)) == 0) {
                    continue;
                }
                int c = diff.parent(top[n]);
                while (c != 0 && notCaller[frames.of(c)]) {
                    c = diff.parent(c);
                }
                callerNode[n] = c;
                if (c != 0) {
                    m++;
                }
            }
        }
        byte[] out = new byte[functions];
        if (m == 0) {
            return out;
        }
        // Each counted one-sided node's (callee, side, entry) in one long, the entry being the
        // call edge into the top of its run (caller function, top's function): a dense id per
        // distinct edge. Sorted, the distinct entries of a callee and side are adjacent.
        EdgeSums entries = new EdgeSums();
        int[] entryOf = new int[diff.size()];
        long[] keys = new long[m];
        int i = 0;
        for (int n = 1; n < diff.size(); n++) {
            if (callerNode[n] != 0) {
                entryOf[n] = entries.index(function[callerNode[n]], function[top[n]]);
                keys[i++] = key(function[n], side(diff, n) - 1, entryOf[n]);
            }
        }
        Arrays.sort(keys);
        int distinct = 0;
        for (int j = 0; j < m; j++) {
            if (j == 0 || keys[j] != keys[j - 1]) {
                keys[distinct++] = keys[j];
            }
        }
        keys = Arrays.copyOf(keys, distinct);
        // Per distinct key, the one-sided value under that entry, and how far the totals above
        // the entries moved the method's way (up for head-only code, down for base-only code):
        // once per top node, however many of the method's nodes lie under it.
        double[] value = new double[distinct];
        double[] moved = new double[distinct];
        int[] lastTop = new int[distinct];
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            if (callerNode[n] != 0) {
                int s = side(diff, n) - 1;
                int e = Arrays.binarySearch(keys, key(function[n], s, entryOf[n]));
                value[e] += s == 1 ? diff.headTotal(n) : diff.baseTotal(n);
                // The nodes under one top come one after another (its subtree is contiguous).
                if (lastTop[e] != top[n]) {
                    lastTop[e] = top[n];
                    int p = diff.parent(top[n]);
                    double change = diff.headTotal(p) - diff.baseTotal(p);
                    moved[e] += s == 1 ? change : -change;
                }
            }
        }
        for (int start = 0; start < distinct; ) {
            int end = start + 1;
            while (end < distinct && keys[end] >>> 32 == keys[start] >>> 32) {
                end++;
            }
            double total = 0;
            double largest = 0;
            double movedTotal = 0;
            for (int j = start; j < end; j++) {
                total += value[j];
                largest = Math.max(largest, value[j]);
                movedTotal += moved[j];
            }
            if (end - start >= SPREAD_CALLERS && total - largest >= SPREAD_SHARE * total
                    && movedTotal >= CALLERS_MOVED * total) {
                int callee = (int) (keys[start] >>> 33);
                int s = (int) ((keys[start] >>> 32) & 1);
                out[callee] |= (byte) (1 << s);
            }
            start = end;
        }
        return out;
    }

    private static long key(int callee, int side, int caller) {
        return (long) callee << 33 | (long) side << 32 | caller;
    }

    /** How many distinct callers a function must appear under (or vanish from) at once to have changed itself. */
    static final int SPREAD_CALLERS = 2;

    /**
     * The least share of a spread method's one-sided value its callers besides the largest must
     * carry: a fifth, so a method the program's code newly calls from a second place a quarter as
     * often is its own change, and one caller's with a stray sample elsewhere is that caller's.
     */
    static final double SPREAD_SHARE = 0.2;

    /**
     * The least share of a spread method's one-sided value that its callers' totals must have
     * moved with it for the change to be its own: half, far from both the refactor's 0 and the
     * full share of time that appeared or vanished with the method.
     */
    static final double CALLERS_MOVED = 0.5;

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
            EdgeSums edges = new EdgeSums();
            for (int n = 1; n < size; n++) {
                DiffInterrupts.checkEvery(n, caller);
                if (!all && parts.partOf(function[n]) != part) {
                    continue;
                }
                int e = edges.index(caller(diff, function, functions, n), function[n]);
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

    /** The call edges met so far, each with an index and its sides' sums. Single-threaded. */
    private static final class EdgeSums {
        private static final long EMPTY = -1;
        /** Per slot, the edge (caller slot, callee function) in one long, or EMPTY. */
        private long[] keys;
        private int[] indexOfSlot;
        double[] base = new double[16];
        double[] head = new double[16];
        private int count;

        EdgeSums() {
            allocate(32);
        }

        /** Returns the edge's index, adding it when new. */
        int index(int caller, int callee) {
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
                        base = Arrays.copyOf(base, 2 * count);
                        head = Arrays.copyOf(head, 2 * count);
                    }
                    int index = count++;
                    if (2 * count > keys.length) {
                        grow();
                    }
                    return index;
                }
            }
        }

        private void grow() {
            long[] oldKeys = keys;
            int[] oldIndex = indexOfSlot;
            allocate(2 * oldKeys.length);
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
