package dev.flamediff.model;

import java.util.List;

/**
 * An immutable call tree. Nodes are dense ints laid out in depth-first pre-order with each node's
 * children sorted by {@link Frame} order; node 0 is the root ({@link Frame#ROOT}). The subtree of
 * node {@code n} is the range {@code [n, end(n))}, so the first child of {@code n} is {@code n + 1}
 * (when {@code end(n) > n + 1}) and the next sibling of a child {@code c} is {@code end(c)}.
 *
 * <p>Every node has a self value per {@link ValueType}; totals (self plus the totals of all
 * children) are derived once when the tree is built. Safe to share between threads.
 */
public final class CallTree extends PreOrderTree {

    private final FrameTable frames;
    private final List<ValueType> valueTypes;
    private final int[] frame;
    private final long[][] self;
    private final long[][] total;

    CallTree(FrameTable frames, List<ValueType> valueTypes, int[] parent, int[] frame, int[] end,
             int[] depth, long[][] self) {
        super(parent, end, depth);
        this.frames = frames;
        this.valueTypes = List.copyOf(valueTypes);
        this.frame = frame;
        this.self = self;
        this.total = new long[self.length][];
        for (int v = 0; v < self.length; v++) {
            // Summed into a zeroed array in one pass, not a clone then a pass: a clone of tens of
            // megabytes (its pages touched for the first time) ran over 100 ms of CPU with no
            // interrupt check, and read the values twice.
            long[] own = self[v];
            long[] t = InterruptibleCopies.zeroedLongs(own.length);
            for (int n = t.length - 1; n > 0; n--) {
                // Built once per read, this loop may still run interpreted: tens of milliseconds
                // on a tree of millions of nodes.
                if ((n & (CallTreeBuilder.CHECK_EVERY - 1)) == 0) {
                    InterruptibleCopies.checkInterrupt();
                }
                long sum = t[n] + own[n];
                t[n] = sum;
                t[parent[n]] += sum;
            }
            if (t.length > 0) {
                t[0] += own[0];
            }
            total[v] = t;
        }
    }

    /** Returns the table the node frame ids refer to. */
    public FrameTable frames() {
        return frames;
    }

    /** Returns the value types, in the order of the value indexes used by {@link #self}. */
    public List<ValueType> valueTypes() {
        return valueTypes;
    }

    /** Returns the index of the value type, or -1 if the tree has none of it. */
    public int valueIndex(ValueType type) {
        return valueTypes.indexOf(type);
    }

    /** Returns the frame id of the node in {@link #frames()}. */
    public int frameId(int node) {
        return frame[node];
    }

    /** Returns the frame of the node. */
    public Frame frame(int node) {
        return frames.frame(frame[node]);
    }

    /** Returns the node's self value of the given value index. */
    public long self(int valueIndex, int node) {
        return self[valueIndex][node];
    }

    /** Returns the node's total value (self plus descendants) of the given value index. */
    public long total(int valueIndex, int node) {
        return total[valueIndex][node];
    }

    /** Returns the sum of all values of the given value index (the root's total). */
    public long grandTotal(int valueIndex) {
        return total[valueIndex][0];
    }

    /**
     * Returns the frames from just below the root down to the node, root-side first (the root
     * itself is not included).
     */
    public Frame[] path(int node) {
        Frame[] out = new Frame[depth(node)];
        for (int n = node; n > 0; n = parent(n)) {
            out[depth(n) - 1] = frame(n);
        }
        return out;
    }
}
