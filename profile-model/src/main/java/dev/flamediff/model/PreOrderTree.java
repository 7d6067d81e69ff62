package dev.flamediff.model;

/**
 * A tree whose nodes are dense ints laid out in depth-first pre-order: node 0 is the root and the
 * subtree of node {@code n} is the range {@code [n, end(n))}, so the first child of {@code n} is
 * {@code n + 1} (when {@code end(n) > n + 1}) and the next sibling of a child {@code c} is
 * {@code end(c)}. {@link CallTree} and the diff's union tree share this layout, and with it
 * the way to walk them.
 */
public interface PreOrderTree {

    /** Returns the number of nodes, the root included. */
    int size();

    /** Returns the node's parent, or -1 for the root. */
    int parent(int node);

    /** Returns the exclusive end of the node's subtree in pre-order. */
    int end(int node);

    /** Returns the node's depth; the root is at depth 0. */
    int depth(int node);

    /** Returns the first child of the node, or -1 when it is a leaf. */
    default int firstChild(int node) {
        return end(node) > node + 1 ? node + 1 : -1;
    }

    /** Returns the next sibling of the node, or -1 when it is the last child (or the root). */
    default int nextSibling(int node) {
        if (node == 0) {
            return -1;
        }
        int next = end(node);
        return next < end(parent(node)) ? next : -1;
    }
}
