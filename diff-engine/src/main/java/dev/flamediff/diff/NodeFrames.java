package dev.flamediff.diff;

import dev.flamediff.model.Frame;

/**
 * Which of a union tree's distinct frames each node has: lets what depends on the frame alone
 * (is it the runtime's?) be decided once per frame rather than once per node, on trees of
 * millions of nodes and tens of thousands of frames. Built by {@link FunctionTable}; not copied,
 * not shared beyond one diff's construction.
 *
 * @param frameOfNode per node, the index of its frame in {@code distinct} (0 for the root)
 * @param distinct the distinct frames of the nodes below the root, in order of first appearance
 */
record NodeFrames(int[] frameOfNode, Frame[] distinct) {

    /** Returns the index in {@link #distinct()} of the node's frame. */
    int of(int node) {
        return frameOfNode[node];
    }
}
