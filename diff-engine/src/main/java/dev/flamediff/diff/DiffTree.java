package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import dev.flamediff.model.ValueType;

/**
 * The union of a base and a head call tree: every call path present in either profile is a node,
 * with base and head self and total values (scaled by the normalization). Nodes are laid out in
 * depth-first pre-order with children sorted by {@link Frame}; node 0 is the root, and the
 * subtree of node {@code n} is {@code [n, end(n))}. Immutable and safe to share between threads.
 *
 * <p>Deltas are head minus base: positive is a regression (more time, bytes or instructions in
 * head), negative an improvement.
 */
public final class DiffTree {

    private final ValueType valueType;
    private final Normalization normalization;
    private final DiffSide base;
    private final DiffSide head;
    private final Frame[] frame;
    private final int[] parent;
    private final int[] end;
    private final int[] depth;
    private final double[] baseSelf;
    private final double[] headSelf;
    private final double[] baseTotal;
    private final double[] headTotal;

    DiffTree(ValueType valueType, Normalization normalization, DiffSide base, DiffSide head,
             Frame[] frame, int[] parent, int[] end, int[] depth,
             double[] baseSelf, double[] headSelf, double[] baseTotal, double[] headTotal) {
        this.valueType = valueType;
        this.normalization = normalization;
        this.base = base;
        this.head = head;
        this.frame = frame;
        this.parent = parent;
        this.end = end;
        this.depth = depth;
        this.baseSelf = baseSelf;
        this.headSelf = headSelf;
        this.baseTotal = baseTotal;
        this.headTotal = headTotal;
    }

    /** Returns the value type compared. */
    public ValueType valueType() {
        return valueType;
    }

    /** Returns the normalization applied. */
    public Normalization normalization() {
        return normalization;
    }

    /** Returns the base side: its profiles, scale and total. */
    public DiffSide base() {
        return base;
    }

    /** Returns the head side: its profiles, scale and total. */
    public DiffSide head() {
        return head;
    }

    /** Returns the number of nodes, the root included. */
    public int size() {
        return frame.length;
    }

    /** Returns the node's frame. */
    public Frame frame(int node) {
        return frame[node];
    }

    /** Returns the node's parent, or -1 for the root. */
    public int parent(int node) {
        return parent[node];
    }

    /** Returns the exclusive end of the node's subtree in pre-order. */
    public int end(int node) {
        return end[node];
    }

    /** Returns the node's depth; the root is at depth 0. */
    public int depth(int node) {
        return depth[node];
    }

    /** Returns the first child of the node, or -1 when it is a leaf. */
    public int firstChild(int node) {
        return end[node] > node + 1 ? node + 1 : -1;
    }

    /** Returns the next sibling of the node, or -1 when it is the last child (or the root). */
    public int nextSibling(int node) {
        if (node == 0) {
            return -1;
        }
        int next = end[node];
        return next < end[parent[node]] ? next : -1;
    }

    /** Returns the node's base self value, scaled. */
    public double baseSelf(int node) {
        return baseSelf[node];
    }

    /** Returns the node's head self value, scaled. */
    public double headSelf(int node) {
        return headSelf[node];
    }

    /** Returns the node's base total value (self plus descendants), scaled. */
    public double baseTotal(int node) {
        return baseTotal[node];
    }

    /** Returns the node's head total value (self plus descendants), scaled. */
    public double headTotal(int node) {
        return headTotal[node];
    }

    /** Returns head self minus base self. */
    public double selfDelta(int node) {
        return headSelf[node] - baseSelf[node];
    }

    /** Returns head total minus base total. */
    public double totalDelta(int node) {
        return headTotal[node] - baseTotal[node];
    }

    /**
     * Returns the total delta relative to the node's own base total (0.25 = 25% slower), or
     * {@link Double#NaN} when the node has no base value (an added frame has no relative change).
     */
    public double totalDeltaRelative(int node) {
        return baseTotal[node] == 0 ? Double.NaN : totalDelta(node) / baseTotal[node];
    }

    /** Returns the self delta relative to the node's base self, or NaN when base self is 0. */
    public double selfDeltaRelative(int node) {
        return baseSelf[node] == 0 ? Double.NaN : selfDelta(node) / baseSelf[node];
    }

    /**
     * Returns the total delta as a share of the whole base profile: the node's impact on the
     * benchmark (0.05 = the whole profile got 5% bigger because of this node). 0 when base is empty.
     */
    public double totalImpact(int node) {
        return base.total() == 0 ? 0 : totalDelta(node) / base.total();
    }

    /** Returns the self delta as a share of the whole base profile. */
    public double selfImpact(int node) {
        return base.total() == 0 ? 0 : selfDelta(node) / base.total();
    }

    /** Returns whether the node's path exists in base, head or both. */
    public NodeStatus status(int node) {
        boolean inBase = baseTotal[node] != 0;
        boolean inHead = headTotal[node] != 0;
        if (inBase == inHead) {
            return NodeStatus.COMMON;
        }
        return inHead ? NodeStatus.ADDED : NodeStatus.REMOVED;
    }

    /**
     * Returns the frames from just below the root down to the node, root-side first (the root
     * itself is not included).
     */
    public Frame[] path(int node) {
        Frame[] out = new Frame[depth[node]];
        for (int n = node; n > 0; n = parent[n]) {
            out[depth[n] - 1] = frame[n];
        }
        return out;
    }
}
