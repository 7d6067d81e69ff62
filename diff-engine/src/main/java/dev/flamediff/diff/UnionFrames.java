package dev.flamediff.diff;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The frames of a union tree's nodes: per node a slot in a table that holds every merged tree's
 * frame table one after another, slot 0 the union root's. Immutable once built (the arrays are
 * not handed out for writing).
 *
 * <p>Slots, not a frame reference per node: the parallel collector's full collections move a large
 * array of references by updating its references one by one on a single thread, and on the
 * async-profiler benchmark pair (8.6 M union nodes) that serial update took about 1.3 s of a
 * 14 s run, every other thread stopped. An int array is copied as a block. It also lets what
 * depends on the frame alone (function ids, system work) be worked out once per slot.
 */
final class UnionFrames {

    private final Frame[] table;
    private final int[] slot;

    private UnionFrames(Frame[] table, int[] slot) {
        this.table = table;
        this.slot = slot;
    }

    /** The frames of nodes that have the given slots in {@code table}; neither array is copied. */
    static UnionFrames of(Frame[] table, int[] slot) {
        return new UnionFrames(table, slot);
    }

    /** The frames of nodes given one by one, a slot per distinct frame instance (for tests and small trees). */
    static UnionFrames ofNodes(Frame[] frameOfNode) {
        Map<Frame, Integer> slots = new IdentityHashMap<>();
        int[] slot = new int[frameOfNode.length];
        for (int n = 0; n < frameOfNode.length; n++) {
            slot[n] = slots.computeIfAbsent(frameOfNode[n], f -> slots.size());
        }
        Frame[] table = new Frame[slots.size()];
        slots.forEach((f, s) -> table[s] = f);
        return new UnionFrames(table, slot);
    }

    /**
     * Returns the table of the merged trees' frames: {@link Frame#ROOT} first, then each tree's
     * frame table at its {@link #offsets offset}.
     */
    static Frame[] table(CallTree[] trees) {
        int[] offsets = offsets(trees);
        Frame[] table = new Frame[offsets[trees.length]];
        table[0] = Frame.ROOT;
        for (int t = 0; t < trees.length; t++) {
            for (int id = 0, n = trees[t].frames().size(); id < n; id++) {
                table[offsets[t] + id] = trees[t].frames().frame(id);
            }
        }
        return table;
    }

    /** Returns, per tree, the slot of its frame 0 in {@link #table}; the last entry is the table's size. */
    static int[] offsets(CallTree[] trees) {
        int[] offsets = new int[trees.length + 1];
        offsets[0] = 1;
        for (int t = 0; t < trees.length; t++) {
            offsets[t + 1] = Math.addExact(offsets[t], trees[t].frames().size());
        }
        return offsets;
    }

    /** Returns the number of nodes. */
    int size() {
        return slot.length;
    }

    /** Returns the frame of a node. */
    Frame frame(int node) {
        return table[slot[node]];
    }

    /** Returns the slot of a node's frame. */
    int slot(int node) {
        return slot[node];
    }

    /** Returns the number of slots. */
    int slots() {
        return table.length;
    }

    /** Returns the frame in a slot. */
    Frame frameInSlot(int slot) {
        return table[slot];
    }
}
