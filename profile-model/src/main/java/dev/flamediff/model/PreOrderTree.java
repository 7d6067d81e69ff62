package dev.flamediff.model;

/**
 * A tree whose nodes are dense ints laid out in depth-first pre-order: node 0 is the root and the
 * subtree of node {@code n} is the range {@code [n, end(n))}, so the first child of {@code n} is
 * {@code n + 1} (when {@code end(n) > n + 1}) and the next sibling of a child {@code c} is
 * {@code end(c)}. {@link CallTree} and the diff's union tree share this layout, and with it the
 * way to walk them. Immutable: the arrays are never written after construction.
 */
public abstract class PreOrderTree {

    private final int[] parent;
    private final int[] end;
    private final int[] depth;

    /**
     * @param parent each node's parent, -1 for the root
     * @param end each node's subtree end (exclusive)
     * @param depth each node's depth, 0 for the root
     */
    protected PreOrderTree(int[] parent, int[] end, int[] depth) {
        this.parent = parent;
        this.end = end;
        this.depth = depth;
    }

    /** Shares another tree's layout. */
    protected PreOrderTree(PreOrderTree layout) {
        this(layout.parent, layout.end, layout.depth);
    }

    /** Returns the number of nodes, the root included. */
    public final int size() {
        return parent.length;
    }

    /** Returns the node's parent, or -1 for the root. */
    public final int parent(int node) {
        return parent[node];
    }

    /** Returns the exclusive end of the node's subtree in pre-order. */
    public final int end(int node) {
        return end[node];
    }

    /** Returns the node's depth; the root is at depth 0. */
    public final int depth(int node) {
        return depth[node];
    }

    /** Returns the first child of the node, or -1 when it is a leaf. */
    public final int firstChild(int node) {
        return end[node] > node + 1 ? node + 1 : -1;
    }

    /** Returns the next sibling of the node, or -1 when it is the last child (or the root). */
    public final int nextSibling(int node) {
        if (node == 0) {
            return -1;
        }
        int next = end[node];
        return next < end[parent[node]] ? next : -1;
    }

    /** Returns the largest depth of any node. */
    public final int maxDepth() {
        int max = 0;
        for (int d : depth) {
            max = Math.max(max, d);
        }
        return max;
    }
}
