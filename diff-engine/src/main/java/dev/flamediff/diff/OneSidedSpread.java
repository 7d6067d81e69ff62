package dev.flamediff.diff;

import java.util.Arrays;

/**
 * Which functions changed themselves by appearing under (or vanishing from) several callers at
 * once, which {@link CulpritAnchors} lets anchor their own change instead of handing it to their
 * callers as new code. Stateless.
 */
final class OneSidedSpread {

    private OneSidedSpread() {
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
     * the feature's, and stays new code. Two more tests keep a library's internals that only new
     * calls reach new code: the method's value must be spread as much over its direct callers
     * other than itself (a recursive merge sort under the C library's qsort has one), and no function may lie on the run above every one of its one-sided nodes (the
     * multiplier under printf's several routines is reached only through printf).
     *
     * <p>The change must also be the method's, not code moved: the callers' totals moved with it
     * by half its one-sided value, or, where they say nothing because other work under them
     * changed too, the method grew (or shrank) where both profiles call it
     * ({@link #grewWhereCalled}).
     *
     * @param sums the functions' sums and which nodes are their topmost on each path
     * @param frames which distinct frame each node has
     * @param notCaller per distinct frame, whether a caller is looked for above it instead
     */
    static byte[] of(DiffTree diff, FunctionSums sums, int[] function, int functions, boolean[] oneSided,
                     NodeFrames frames, boolean[] notCaller) {
        int size = diff.size();
        // Per one-sided node, the top of the run of one-sided edges it ends (itself when its
        // caller's edge has both sides), -1 for other nodes. In pre-order, a node's parent is
        // settled first. The counted nodes (a caller above the top) are listed with their entry
        // and side; the later passes read the list, not the tree.
        int[] top = new int[size];
        top[0] = -1;
        Counted counted = new Counted();
        for (int n = 1; n < size; n++) {
            DiffInterrupts.checkEvery(n);
            top[n] = -1;
            if (oneSided[n]) {
                int p = diff.parent(n);
                int side = CulpritAnchors.side(diff, n) - 1;
                top[n] = p != 0 && oneSided[p] && !notCaller[frames.of(p)]
                        && CulpritAnchors.side(diff, p) - 1 == side ? top[p] : n;
                int caller = callerAbove(diff, top[n], frames, notCaller);
                if (caller != 0) {
                    counted.add(n, side, top[n] == n ? function[caller] : function[top[n]]);
                }
            }
        }
        byte[] out = new byte[functions];
        int m = counted.size;
        if (m == 0) {
            return out;
        }
        double[] twoSided = twoSidedTotals(diff, sums, function, functions, oneSided);
        // Each counted node's (callee, side, entry) in one long; sorted, the distinct entries of
        // a callee and side are adjacent.
        long[] keys = new long[m];
        for (int c = 0; c < m; c++) {
            keys[c] = key(function[counted.node[c]], counted.side[c], counted.entry[c]);
        }
        keys = distinctSorted(keys, m);
        // Per distinct key, the one-sided value under that entry, and how far the totals above
        // the entries moved the method's way (up for head-only code, down for base-only code):
        // once per top node, however many of the method's nodes lie under it.
        int distinct = keys.length;
        double[] value = new double[distinct];
        double[] moved = new double[distinct];
        int[] lastTop = new int[distinct];
        for (int c = 0; c < m; c++) {
            DiffInterrupts.checkEvery(c);
            int n = counted.node[c];
            int s = counted.side[c];
            int e = Arrays.binarySearch(keys, key(function[n], s, counted.entry[c]));
            value[e] += s == 1 ? diff.headTotal(n) : diff.baseTotal(n);
            // The nodes under one top come one after another (its subtree is contiguous).
            if (lastTop[e] != top[n]) {
                lastTop[e] = top[n];
                int p = diff.parent(top[n]);
                double change = diff.headTotal(p) - diff.baseTotal(p);
                moved[e] += s == 1 ? change : -change;
            }
        }
        for (int start = 0; start < distinct; ) {
            int end = start + 1;
            while (end < distinct && keys[end] >>> 32 == keys[start] >>> 32) {
                end++;
            }
            long calleeAndSide = keys[start] >>> 32;
            int f = (int) (calleeAndSide >>> 1);
            int s = (int) (calleeAndSide & 1);
            double oneSidedValue = sum(value, start, end);
            if (spread(value, start, end) && (sum(moved, start, end) >= CALLERS_MOVED * oneSidedValue
                    || grewWhereCalled(f, s, oneSidedValue, sums, twoSided))) {
                out[f] |= (byte) (1 << s);
            }
            start = end;
        }
        Counted marked = counted.marked(function, out);
        dropFewDirectCallers(diff, function, frames, notCaller, marked, out);
        dropDominated(diff, function, oneSided, top, marked, out);
        return out;
    }

    /**
     * Per function, the base and head totals ({@code 2f}, {@code 2f + 1}) of its topmost nodes
     * whose edge has both sides: where the program called it in both profiles.
     */
    private static double[] twoSidedTotals(DiffTree diff, FunctionSums sums, int[] function, int functions,
                                           boolean[] oneSided) {
        double[] out = new double[2 * functions];
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            if (!oneSided[n] && sums.topmost[n]) {
                out[2 * function[n]] += diff.baseTotal(n);
                out[2 * function[n] + 1] += diff.headTotal(n);
            }
        }
        return out;
    }

    /**
     * The second sign that a spread method changed itself, for when its callers' totals say
     * nothing (a dispatcher reached by a tail call sits in {@code main}, whose other callees
     * changed too): it was sampled where both profiles call it, it grew (or shrank) there by
     * {@value #GREW_WHERE_CALLED} times or more, and its total over all its paths moved the
     * one-sided way by half its one-sided value or more ({@link #CALLERS_MOVED}). Code moved
     * into a new helper, or folded back, has no such paths: a helper is new or gone everywhere.
     */
    private static boolean grewWhereCalled(int f, int side, double oneSidedValue, FunctionSums sums,
                                           double[] twoSided) {
        double base = twoSided[2 * f];
        double head = twoSided[2 * f + 1];
        double moved = sums.headInclusive[f] - sums.baseInclusive[f];
        if (side == 1) {
            return base > 0 && head >= GREW_WHERE_CALLED * base && moved >= CALLERS_MOVED * oneSidedValue;
        }
        return head > 0 && base >= GREW_WHERE_CALLED * head && -moved >= CALLERS_MOVED * oneSidedValue;
    }

    /** The counted one-sided nodes in pre-order, each with its side (0 base, 1 head) and entry. */
    private static final class Counted {
        int[] node = new int[64];
        int[] side = new int[64];
        int[] entry = new int[64];
        int size;

        void add(int n, int s, int e) {
            if (size == node.length) {
                node = Arrays.copyOf(node, 2 * size);
                side = Arrays.copyOf(side, 2 * size);
                entry = Arrays.copyOf(entry, 2 * size);
            }
            node[size] = n;
            side[size] = s;
            entry[size++] = e;
        }

        /** The nodes whose function is marked spread on their side, in the same order. */
        Counted marked(int[] function, byte[] spread) {
            Counted out = new Counted();
            for (int c = 0; c < size; c++) {
                if ((spread[function[node[c]]] & (1 << side[c])) != 0) {
                    out.add(node[c], side[c], entry[c]);
                }
            }
            return out;
        }
    }

    /**
     * Clears the bit of every function and side whose value is not spread over its direct callers
     * (see {@link #spread}), counting neither the function itself (a recursive method's inner
     * calls) nor a node that has no caller above its run.
     */
    private static void dropFewDirectCallers(DiffTree diff, int[] function, NodeFrames frames, boolean[] notCaller,
                                             Counted marked, byte[] spread) {
        long[] direct = new long[marked.size];
        int d = 0;
        for (int c = 0; c < marked.size; c++) {
            int n = marked.node[c];
            int caller = callerAbove(diff, n, frames, notCaller);
            if (caller != 0 && function[caller] != function[n]) {
                direct[d++] = key(function[n], marked.side[c], function[caller]);
            }
        }
        long[] distinct = distinctSorted(direct.clone(), d);
        double[] value = new double[distinct.length];
        for (int c = 0, k = 0; c < marked.size; c++) {
            int n = marked.node[c];
            int caller = callerAbove(diff, n, frames, notCaller);
            if (caller != 0 && function[caller] != function[n]) {
                int s = marked.side[c];
                value[Arrays.binarySearch(distinct, direct[k++])] += s == 1 ? diff.headTotal(n) : diff.baseTotal(n);
            }
        }
        byte[] kept = new byte[spread.length];
        for (int start = 0; start < distinct.length; ) {
            int end = start + 1;
            while (end < distinct.length && distinct[end] >>> 32 == distinct[start] >>> 32) {
                end++;
            }
            if (spread(value, start, end)) {
                long calleeAndSide = distinct[start] >>> 32;
                kept[(int) (calleeAndSide >>> 1)] |= (byte) (1 << (calleeAndSide & 1));
            }
            start = end;
        }
        for (int f = 0; f < spread.length; f++) {
            spread[f] &= kept[f];
        }
    }

    /**
     * Returns whether values[start, end) (one callee and side, a value per caller) are spread:
     * {@value #SPREAD_CALLERS} or more callers, those besides the largest holding
     * {@value #SPREAD_SHARE} of the value (a stack cut short that puts the method right under
     * its thread, one sample, is not a second caller).
     */
    private static boolean spread(double[] values, int start, int end) {
        double total = sum(values, start, end);
        double largest = 0;
        for (int j = start; j < end; j++) {
            largest = Math.max(largest, values[j]);
        }
        return end - start >= SPREAD_CALLERS && total - largest >= SPREAD_SHARE * total;
    }

    private static double sum(double[] values, int start, int end) {
        double total = 0;
        for (int j = start; j < end; j++) {
            total += values[j];
        }
        return total;
    }

    /**
     * Clears the bit of every function and side whose one-sided nodes all lie under one other
     * function on their runs: a library routine with several callers of its own inside the one
     * call new code makes. The runs are walked until the functions common to them run out; a
     * method with a node right under a caller that has both sides has no run above it and keeps
     * its bit. A walk longer than {@value #WALK_BUDGET} steps for one function stops and keeps
     * the function as new code, the reading before runs were counted.
     */
    private static void dropDominated(DiffTree diff, int[] function, boolean[] oneSided, int[] top, Counted marked,
                                      byte[] spread) {
        // The marked nodes grouped by (function, side), each group in pre-order.
        int[] count = new int[2 * spread.length];
        for (int c = 0; c < marked.size; c++) {
            if ((spread[function[marked.node[c]]] & (1 << marked.side[c])) != 0) {
                count[2 * function[marked.node[c]] + marked.side[c]]++;
            }
        }
        int[] start = new int[count.length + 1];
        for (int k = 0; k < count.length; k++) {
            start[k + 1] = start[k] + count[k];
        }
        int[] nodes = new int[start[count.length]];
        int[] fill = Arrays.copyOf(start, count.length);
        for (int c = 0; c < marked.size; c++) {
            if ((spread[function[marked.node[c]]] & (1 << marked.side[c])) != 0) {
                nodes[fill[2 * function[marked.node[c]] + marked.side[c]]++] = marked.node[c];
            }
        }
        for (int k = 0; k < count.length; k++) {
            DiffInterrupts.checkEvery(k);
            if (count[k] > 0 && dominated(diff, function, oneSided, top, nodes, start[k], start[k + 1], k >>> 1)) {
                spread[k >>> 1] &= (byte) ~(1 << (k & 1));
            }
        }
    }

    /** Returns whether some function other than {@code f} lies on the run above every node in nodes[from, to). */
    private static boolean dominated(DiffTree diff, int[] function, boolean[] oneSided, int[] top, int[] nodes,
                                     int from, int to, int f) {
        int[] common = null;
        int commonCount = 0;
        long steps = 0;
        for (int i = from; i < to; i++) {
            int n = nodes[i];
            if (top[n] == n) {
                return false;
            }
            int[] run = new int[8];
            int length = 0;
            for (int a = diff.parent(n); ; a = diff.parent(a)) {
                if (++steps > WALK_BUDGET) {
                    return true;
                }
                if (function[a] != f) {
                    if (length == run.length) {
                        run = Arrays.copyOf(run, 2 * length);
                    }
                    run[length++] = function[a];
                }
                if (a == top[n] || !oneSided[a]) {
                    break;
                }
            }
            if (common == null) {
                common = run;
                commonCount = length;
            } else {
                int kept = 0;
                for (int c = 0; c < commonCount; c++) {
                    for (int r = 0; r < length; r++) {
                        if (run[r] == common[c]) {
                            common[kept++] = common[c];
                            break;
                        }
                    }
                }
                commonCount = kept;
            }
            if (commonCount == 0) {
                return false;
            }
        }
        return commonCount > 0;
    }

    /** The most steps the walk of one function's runs may take. */
    static final int WALK_BUDGET = 1 << 22;

    /** The nearest node above {@code node} whose frame a caller is named after; 0 for none. */
    private static int callerAbove(DiffTree diff, int node, NodeFrames frames, boolean[] notCaller) {
        int c = diff.parent(node);
        while (c != 0 && notCaller[frames.of(c)]) {
            c = diff.parent(c);
        }
        return c;
    }

    /** The distinct values among the first {@code length}, sorted. */
    private static long[] distinctSorted(long[] values, int length) {
        Arrays.sort(values, 0, length);
        int distinct = 0;
        for (int j = 0; j < length; j++) {
            if (j == 0 || values[j] != values[j - 1]) {
                values[distinct++] = values[j];
            }
        }
        return Arrays.copyOf(values, distinct);
    }

    private static long key(int callee, int side, int caller) {
        return (long) callee << 33 | (long) side << 32 | (caller & 0xFFFFFFFFL);
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

    /**
     * How many times larger (head-only code) or smaller (base-only code) a spread method's value
     * must be where both profiles call it, for {@link #grewWhereCalled}: half again. The
     * perf-recorded renderer under forty handlers grew from 10 to 99 samples where base had
     * sampled it; sampling noise on paths that agree moves by far less.
     */
    static final double GREW_WHERE_CALLED = 1.5;
}
