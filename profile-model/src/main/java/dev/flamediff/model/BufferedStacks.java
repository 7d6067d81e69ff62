package dev.flamediff.model;

import java.util.Arrays;
import java.util.List;

/**
 * The distinct stacks added to a {@link CallTreeBuilder}, kept as frame ids with their summed
 * values until the tree is built, and then laid out in pre-order by sorting them: in the order of
 * their frames' ranks, root side first, a stack's nodes are the frames past the prefix it shares
 * with the one before, so every node is written once, in pre-order, with no child look-up and no
 * renumbering. A reader that hands over whole stacks (JFR, pprof) thus builds its tree for a
 * fraction of what inserting each frame into linked nodes and then renumbering them costs (on an
 * async-profiler recording of 9 M nodes a side, that took some 40% of reading it). The tree is the
 * one the builder's nodes would give, node for node. Identical stacks are merged as they come (a
 * recording of many chunks repeats its stacks in each), so the buffer holds each once. Mutable,
 * single-threaded.
 */
final class BufferedStacks {

    /** Marks a free slot of {@link #table}: stack indices are never negative. */
    private static final int FREE = -1;
    /** Ranges this short are sorted by insertion, not partitioned. */
    private static final int INSERTION = 12;
    /**
     * The longest run of occupied slots {@link #add} probes: far past what the mixed hashes give
     * at half load, and reached only by stacks made to collide (an upload is untrusted), which then
     * go to the builder's nodes instead of costing a probe per stack already buffered.
     */
    private static final int MAX_PROBES = 64;

    private final int values;
    private final int maxFrames;
    /** How many times log2 of a range's size the sort splits it at one depth before merge sorting it. */
    private final int slack;
    /** The frame ids of every stack, root side first, one stack after another. */
    private int[] frames = new int[1024];
    private int frameCount;
    /** Where each stack starts in {@link #frames}; stack i ends where stack i + 1 starts. */
    private int[] start = new int[65];
    private int[] hash = new int[64];
    /** The summed values of each stack, {@link #values} a stack. */
    private long[] sums;
    private int stacks;
    /** Open addressing over the stacks by {@link #hash}. */
    private int[] table = free(128);

    /**
     * @param values the number of value types
     * @param maxFrames the most frames the buffer holds: {@link #add} refuses a stack past it
     */
    BufferedStacks(int values, int maxFrames) {
        this(values, maxFrames, 2);
    }

    /** @param slack see {@link #slack}; tests give 0, so every range past insertion size is merge sorted */
    BufferedStacks(int values, int maxFrames, int slack) {
        this.values = values;
        this.maxFrames = maxFrames;
        this.slack = slack;
        this.sums = new long[64 * values];
    }

    private static int[] free(int capacity) {
        int[] slots = new int[capacity];
        Arrays.fill(slots, FREE);
        return slots;
    }

    /**
     * Adds a stack's values, merged into an identical stack's if one was added.
     *
     * @param values one value per value type at most, on the stack's last frame
     * @return false, adding nothing, when a new stack would take the buffer past its frames, or
     *     its hash meets a run of more than {@value #MAX_PROBES} others
     * @throws IllegalArgumentException if more values are given than the tree has value types
     */
    boolean add(int[] ids, int length, long[] values) {
        if (values.length > this.values) {
            throw new IllegalArgumentException(values.length + " values for " + this.values + " value types");
        }
        int h = hashOf(ids, length);
        int mask = table.length - 1;
        int slot = h & mask;
        int probes = 0;
        for (int s; (s = table[slot]) != FREE; slot = (slot + 1) & mask) {
            if (hash[s] == h && same(s, ids, length)) {
                addValues(s, values);
                return true;
            }
            if (++probes > MAX_PROBES) {
                return false;
            }
        }
        if (length > maxFrames - frameCount) {
            return false;
        }
        int s = stacks;
        if (s + 1 == hash.length) {
            hash = Arrays.copyOf(hash, s * 2);
            start = Arrays.copyOf(start, s * 2 + 1);
            sums = Arrays.copyOf(sums, s * 2 * this.values);
        }
        if (frameCount + length > frames.length) {
            frames = Arrays.copyOf(frames, (int) Math.min(Integer.MAX_VALUE - 8,
                    Math.max(frameCount + (long) length, 2L * frames.length)));
        }
        System.arraycopy(ids, 0, frames, frameCount, length);
        frameCount += length;
        start[s + 1] = frameCount;
        hash[s] = h;
        stacks++;
        addValues(s, values);
        table[slot] = s;
        if (2 * stacks > table.length) {
            rehash();
        }
        return true;
    }

    private void addValues(int stack, long[] values) {
        for (int v = 0; v < values.length; v++) {
            sums[stack * this.values + v] += values[v];
        }
    }

    private boolean same(int stack, int[] ids, int length) {
        int from = start[stack];
        return start[stack + 1] - from == length && Arrays.equals(frames, from, from + length, ids, 0, length);
    }

    private void rehash() {
        table = free(table.length * 2);
        int mask = table.length - 1;
        for (int s = 0; s < stacks; s++) {
            int slot = hash[s] & mask;
            while (table[slot] != FREE) {
                slot = (slot + 1) & mask;
            }
            table[slot] = s;
        }
    }

    private static int hashOf(int[] ids, int length) {
        int h = 1;
        for (int i = 0; i < length; i++) {
            h = 31 * h + ids[i];
        }
        // The low bits pick the slot: mix every bit into them.
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        return h;
    }

    /**
     * Adds every stack to a builder's nodes, for a builder that stops buffering; the buffer is
     * of no further use.
     */
    void replayInto(CallTreeBuilder builder) throws LimitExceededException {
        long[] one = new long[values];
        int[] ids = new int[16];
        for (int s = 0; s < stacks; s++) {
            if ((s & (CallTreeBuilder.CHECK_EVERY - 1)) == 0) {
                InterruptibleCopies.checkInterrupt();
            }
            int length = start[s + 1] - start[s];
            if (ids.length < length) {
                ids = new int[Math.max(length, 2 * ids.length)];
            }
            System.arraycopy(frames, start[s], ids, 0, length);
            System.arraycopy(sums, s * values, one, 0, values);
            builder.addStack(ids, length, one);
        }
        frames = null;
        sums = null;
    }

    /**
     * Lays the stacks out as a tree: the one a builder's nodes would give for them, in pre-order,
     * each node's children by frame rank. The buffer is of no further use.
     *
     * @throws java.util.concurrent.CancellationException if the thread is interrupted (checked
     *     every few thousand stacks and nodes); the flag stays set
     */
    CallTree tree(FrameTable table, List<ValueType> valueTypes) {
        for (int i = 0; i < frameCount; i++) {
            if ((i & (CallTreeBuilder.CHECK_EVERY * 16 - 1)) == 0) {
                InterruptibleCopies.checkInterrupt();
            }
            frames[i] = table.rank(frames[i]);
        }
        int[] order = new int[stacks];
        for (int s = 0; s < stacks; s++) {
            order[s] = s;
        }
        sort(order);
        // Each stack's shared prefix with the one before it; its other frames are new nodes.
        int[] shared = new int[stacks];
        long nodes = 1;
        for (int i = 0; i < stacks; i++) {
            if ((i & (CallTreeBuilder.CHECK_EVERY - 1)) == 0) {
                InterruptibleCopies.checkInterrupt();
            }
            int s = order[i];
            int length = start[s + 1] - start[s];
            shared[i] = i == 0 ? 0 : sharedPrefix(order[i - 1], s);
            nodes += length - shared[i];
        }
        // The buffer holds fewer frames than the builder's node limit, so the tree fits it too.
        int n = (int) nodes;
        int[] idOfRank = new int[table.size()];
        for (int id = 0; id < table.size(); id++) {
            idOfRank[table.rank(id)] = id;
        }
        int[] parent = InterruptibleCopies.zeroedInts(n);
        int[] frame = InterruptibleCopies.zeroedInts(n);
        int[] depth = InterruptibleCopies.zeroedInts(n);
        int[] end = InterruptibleCopies.zeroedInts(n);
        long[][] self = new long[values][];
        for (int v = 0; v < values; v++) {
            self[v] = InterruptibleCopies.zeroedLongs(n);
        }
        // path[d]: the node at depth d of the stack last laid out; open[0, top] its nodes whose
        // subtree has not ended yet.
        int[] path = new int[16];
        parent[0] = -1;
        int top = 0;
        int next = 1;
        for (int i = 0; i < stacks; i++) {
            int s = order[i];
            int from = start[s];
            int length = start[s + 1] - from;
            int keep = shared[i];
            for (; top > keep; top--) {
                end[path[top]] = next;
            }
            if (path.length <= length) {
                path = Arrays.copyOf(path, Math.max(length + 1, 2 * path.length));
            }
            for (int d = keep; d < length; d++) {
                if ((next & (CallTreeBuilder.CHECK_EVERY - 1)) == 0) {
                    InterruptibleCopies.checkInterrupt();
                }
                int node = next++;
                parent[node] = path[d];
                frame[node] = idOfRank[frames[from + d]];
                depth[node] = d + 1;
                path[d + 1] = node;
            }
            top = length;
            int last = path[length];
            for (int v = 0; v < values; v++) {
                self[v][last] += sums[s * values + v];
            }
        }
        for (; top >= 0; top--) {
            end[path[top]] = next;
        }
        frames = null;
        sums = null;
        return new CallTree(table, valueTypes, parent, frame, end, depth, self);
    }

    private int sharedPrefix(int a, int b) {
        int fa = start[a];
        int fb = start[b];
        int n = Math.min(start[a + 1] - fa, start[b + 1] - fb);
        int mismatch = Arrays.mismatch(frames, fa, fa + n, frames, fb, fb + n);
        return mismatch < 0 ? n : mismatch;
    }

    /**
     * The ranks at depths d and d + 1 of a stack, each one more than the rank and 0 past the
     * stack's end, in one long: a stack sorts before its extensions, and each partition of the
     * sort settles two depths.
     */
    private long key(int stack, int d) {
        int at = start[stack] + d;
        int end = start[stack + 1];
        if (at >= end) {
            return 0;
        }
        long first = frames[at] + 1L;
        return at + 1 < end ? first << 32 | (frames[at + 1] + 1L) : first << 32;
    }

    /**
     * Sorts stacks by their ranks, root side first (multikey quicksort, Bentley and Sedgewick
     * 1997: each partition on two depths' ranks, the equal part sorted on the next two, so the
     * prefixes stacks share are read once per partition, not once per comparison). Iterative, as
     * stacks may be thousands of frames deep. A range that keeps splitting unevenly at one depth
     * (pivots an upload made bad on purpose) is merge sorted from there, so the sort stays
     * O(n log n) comparisons whatever the stacks.
     */
    private void sort(int[] order) {
        int[] work = new int[128];
        int[] scratch = null;
        int sp = 0;
        work[sp++] = 0;
        work[sp++] = order.length;
        work[sp++] = 0;
        work[sp++] = slack * log2(order.length);
        int partitions = 0;
        while (sp > 0) {
            int budget = work[--sp];
            int d = work[--sp];
            int hi = work[--sp];
            int lo = work[--sp];
            if ((++partitions & (CallTreeBuilder.CHECK_EVERY - 1)) == 0) {
                InterruptibleCopies.checkInterrupt();
            }
            if (hi - lo <= INSERTION) {
                insertionSort(order, lo, hi, d);
                continue;
            }
            if (budget <= 0) {
                if (scratch == null) {
                    scratch = new int[order.length];
                }
                mergeSort(order, scratch, lo, hi, d);
                continue;
            }
            long pivot = median(key(order[lo], d), key(order[(lo + hi) >>> 1], d), key(order[hi - 1], d));
            // order[lo, lt) below the pivot, [lt, i) equal to it, [gt, hi) above it.
            int lt = lo;
            int gt = hi;
            int i = lo;
            while (i < gt) {
                if ((i & (CallTreeBuilder.CHECK_EVERY * 16 - 1)) == 0) {
                    InterruptibleCopies.checkInterrupt();
                }
                long k = key(order[i], d);
                if (k < pivot) {
                    swap(order, lt++, i++);
                } else if (k > pivot) {
                    swap(order, i, --gt);
                } else {
                    i++;
                }
            }
            if (sp + 12 > work.length) {
                work = Arrays.copyOf(work, work.length * 2);
            }
            if (lt - lo > 1) {
                work[sp++] = lo;
                work[sp++] = lt;
                work[sp++] = d;
                work[sp++] = budget - 1;
            }
            if (hi - gt > 1) {
                work[sp++] = gt;
                work[sp++] = hi;
                work[sp++] = d;
                work[sp++] = budget - 1;
            }
            // Stacks that ended at one of the two depths are equal throughout: nothing further to sort.
            if (gt - lt > 1 && (pivot & 0xFFFFFFFFL) != 0) {
                work[sp++] = lt;
                work[sp++] = gt;
                work[sp++] = d + 2;
                work[sp++] = slack * log2(gt - lt);
            }
        }
    }

    private static int log2(int n) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(1, n));
    }

    /**
     * Sorts order[lo, hi) of stacks that share their first d ranks by merging runs bottom-up
     * (no recursion), comparing from depth d.
     */
    private void mergeSort(int[] order, int[] scratch, int lo, int hi, int d) {
        for (int width = 1; width < hi - lo; width *= 2) {
            InterruptibleCopies.checkInterrupt();
            for (int a = lo; a < hi - width; a += 2 * width) {
                int mid = a + width;
                int b = (int) Math.min(hi, (long) mid + width);
                int i = a;
                int j = mid;
                int o = a;
                while (i < mid && j < b) {
                    scratch[o++] = compare(order[j], order[i], d) < 0 ? order[j++] : order[i++];
                }
                while (i < mid) {
                    scratch[o++] = order[i++];
                }
                while (j < b) {
                    scratch[o++] = order[j++];
                }
                System.arraycopy(scratch, a, order, a, b - a);
            }
        }
    }

    private void insertionSort(int[] order, int lo, int hi, int d) {
        for (int i = lo + 1; i < hi; i++) {
            int s = order[i];
            int j = i;
            while (j > lo && compare(order[j - 1], s, d) > 0) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = s;
        }
    }

    /** Compares two stacks that share their first d ranks. */
    private int compare(int a, int b, int d) {
        int fa = start[a] + d;
        int fb = start[b] + d;
        int la = start[a + 1] - fa;
        int lb = start[b + 1] - fb;
        int n = Math.min(la, lb);
        int mismatch = Arrays.mismatch(frames, fa, fa + n, frames, fb, fb + n);
        if (mismatch >= 0) {
            return Integer.compare(frames[fa + mismatch], frames[fb + mismatch]);
        }
        return Integer.compare(la, lb);
    }

    private static long median(long a, long b, long c) {
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
