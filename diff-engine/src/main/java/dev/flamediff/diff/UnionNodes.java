package dev.flamediff.diff;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import java.util.Arrays;

/**
 * The union nodes of one walk, growing as the walk hands them over: per node its frame's slot
 * ({@link UnionFrames}), parent,
 * depth and values per run (and, when the sides are not read from the run values, per side).
 * The whole union in one walk, with room to spare past {@link #size}; or, when the union is
 * walked in parts ({@link UnionParts}), one part of it written in place into the whole union's
 * arrays ({@link #part}), which then do not grow. The fields are the arrays themselves, read and
 * let go of by the merger. Mutable, single-threaded (parts of one union on several threads each
 * write their own range of the shared arrays).
 */
final class UnionNodes {

    private final CallTree[] trees;
    /** Per tree, the slot of its frame 0 ({@link UnionFrames#offsets}). */
    private final int[] frameOffsets;
    private final int[] valueIndex;
    /** Per tree, the index of the sample counts behind weighted values, or null when not tested on them. */
    private final int[] countValueIndex;
    private final int baseRuns;
    /** Whether the sides' values are read from the run values (see {@link UnionTreeMerger#merge}). */
    private final boolean exact;
    private final double baseWeight;
    private final double headWeight;
    /** The most nodes this walk can give: one per node of every tree it walks. */
    private final long nodeBound;
    /** The trees' nodes this walk takes, and how many of them the nodes so far took. */
    private final long treeNodes;
    private long treeNodesTaken;
    /** Where this walk's node 0 is in the arrays: 0, or a part's first union id. */
    private final int first;
    /** Whether the arrays are shared with other parts: they then hold exactly the nodes this walk adds. */
    private final boolean inPlace;
    /** The union id a node added with parent -1 gets as its parent (a part's subtree hangs from the top). */
    int rootParent = -1;

    long[] runSelf;
    long[] runCount;
    int[] frameSlot;
    int[] parent;
    int[] depth;
    double[] baseSelf;
    double[] headSelf;
    int size;
    /** With {@link #exact}, per side the sum of the values' magnitudes, and the sum of the values. */
    final double[] absSum = new double[2];
    final long[] sideSum = new long[2];

    /**
     * @param capacity the nodes the arrays first have room for
     * @param treeNodes the trees' nodes the walk takes, all trees together
     */
    UnionNodes(CallTree[] trees, int[] frameOffsets, int[] valueIndex, int[] countValueIndex, int baseRuns, boolean exact,
               double baseWeight, double headWeight, int capacity, long treeNodes) {
        this.trees = trees;
        this.frameOffsets = frameOffsets;
        this.valueIndex = valueIndex;
        this.countValueIndex = countValueIndex;
        this.baseRuns = baseRuns;
        this.exact = exact;
        this.baseWeight = baseWeight;
        this.headWeight = headWeight;
        this.treeNodes = treeNodes;
        this.nodeBound = Math.max(capacity, treeNodes);
        this.first = 0;
        this.inPlace = false;
        runSelf = new long[capacity * trees.length];
        frameSlot = new int[capacity];
        parent = new int[capacity];
        depth = new int[capacity];
        if (!exact) {
            baseSelf = new double[capacity];
            headSelf = new double[capacity];
        }
    }

    /** A part of {@code whole}'s nodes: its {@code count} nodes from union id {@code first}, in its arrays. */
    private UnionNodes(UnionNodes whole, int first, int count) {
        this.trees = whole.trees;
        this.frameOffsets = whole.frameOffsets;
        this.valueIndex = whole.valueIndex;
        this.countValueIndex = whole.countValueIndex;
        this.baseRuns = whole.baseRuns;
        this.exact = whole.exact;
        this.baseWeight = whole.baseWeight;
        this.headWeight = whole.headWeight;
        this.treeNodes = 0;
        this.nodeBound = count;
        this.first = first;
        this.inPlace = true;
        runSelf = whole.runSelf;
        runCount = whole.runCount;
        frameSlot = whole.frameSlot;
        parent = whole.parent;
        depth = whole.depth;
        baseSelf = whole.baseSelf;
        headSelf = whole.headSelf;
    }

    /**
     * Returns a walk that writes {@code count} nodes into this one's arrays from union id {@code
     * first} on, ids counted from 0 in it, parents turned into union ids; its sums are its own.
     * The arrays must have room for them, and runCount must exist where it is needed.
     */
    UnionNodes part(int first, int count) {
        return new UnionNodes(this, first, count);
    }

    /**
     * The capacity the arrays grow to when full: the union's size extrapolated from the share of
     * the trees' nodes walked so far (the walk takes them in pre-order, so that share is how far
     * it has come), with a tenth to spare, and between an eighth more and twice the size. Doubling
     * alone copied the arrays once or twice and left up to half of them unused (on a union of
     * 14.7 M nodes, a sixth of the merge's time was these copies).
     */
    private long grownCapacity() {
        long doubled = size * 2L;
        if (treeNodesTaken == 0) {
            return doubled;
        }
        double extrapolated = (double) size * treeNodes / treeNodesTaken * 1.1;
        return (long) Math.min(doubled, Math.max(size + size / 8 + 1, extrapolated));
    }

    /**
     * Adds the union node that merges the given nodes of the trees and returns its id, counted
     * from 0 in this walk.
     *
     * @param par the parent's id in this walk, -1 for the union's root or the first node of a part
     * @param depth the node's depth in the union, 0 only for its root
     */
    int add(int par, int depth, int[] nodes, int[] from, int[] to) {
        if (inPlace) {
            if (size == nodeBound) {
                throw new IllegalStateException("a part walked to more nodes than it counted: " + nodeBound);
            }
        } else if (size == frameSlot.length) {
            // Every union node but the root takes a node of some tree: no more than all of them.
            int cap = (int) Math.max(size + 1L, Math.min(grownCapacity(), nodeBound));
            frameSlot = Arrays.copyOf(frameSlot, cap);
            parent = Arrays.copyOf(parent, cap);
            this.depth = Arrays.copyOf(this.depth, cap);
            if (!exact) {
                baseSelf = Arrays.copyOf(baseSelf, cap);
                headSelf = Arrays.copyOf(headSelf, cap);
            }
        }
        int k = trees.length;
        if (!inPlace && (size + 1) * k > runSelf.length) {
            runSelf = Arrays.copyOf(runSelf, Math.max(frameSlot.length * k, (size + 1) * k));
        }
        if (!inPlace && countValueIndex != null && (runCount == null || (size + 1) * k > runCount.length)) {
            runCount = runCount == null ? new long[runSelf.length] : Arrays.copyOf(runCount, runSelf.length);
        }
        int local = size++;
        int id = first + local;
        for (int t = 0; t < k; t++) {
            treeNodesTaken += to[t] - from[t];
        }
        double b = 0;
        double h = 0;
        Frame f = Frame.ROOT;
        int fSlot = 0;
        long fWeight = -1;
        for (int t = 0; t < k; t++) {
            for (int i = from[t]; i < to[t]; i++) {
                int node = nodes[i];
                // The frame shown is the kind that carried the most of this path's value.
                Frame candidate = trees[t].frame(node);
                long weight = trees[t].total(valueIndex[t], node);
                if (weight > fWeight || (weight == fWeight && candidate.compareTo(f) < 0)) {
                    f = candidate;
                    fSlot = frameOffsets[t] + trees[t].frameId(node);
                    fWeight = weight;
                }
                long v = trees[t].self(valueIndex[t], node);
                runSelf[id * k + t] += v;
                if (exact) {
                    absSum[t] += Math.abs((double) v);
                    sideSum[t] += v;
                }
                if (countValueIndex != null) {
                    runCount[id * k + t] += trees[t].self(countValueIndex[t], node);
                }
                if (t < baseRuns) {
                    b += v;
                } else {
                    h += v;
                }
            }
        }
        frameSlot[id] = depth == 0 ? 0 : fSlot;
        parent[id] = par < 0 ? rootParent : first + par;
        this.depth[id] = depth;
        if (!exact) {
            baseSelf[id] = b * baseWeight;
            headSelf[id] = h * headWeight;
        }
        return local;
    }

    /** Returns the depth of node {@code id} of this walk. */
    int depth(int id) {
        return depth[first + id];
    }
}
