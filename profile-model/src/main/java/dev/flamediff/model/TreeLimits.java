package dev.flamediff.model;

/**
 * Bounds on the size of a call tree built from untrusted input.
 *
 * @param maxDepth the deepest stack accepted, in frames
 * @param maxNodes the most call-tree nodes accepted
 */
public record TreeLimits(int maxDepth, int maxNodes) {

    /** No limits beyond what arrays can hold. */
    public static final TreeLimits NONE = new TreeLimits(Integer.MAX_VALUE, Integer.MAX_VALUE - 8);

    /**
     * Defaults that pass real profiles (JVM stacks rarely exceed a few thousand frames; the
     * largest real trees seen hold a few million nodes) and keep hostile input bounded.
     */
    public static final TreeLimits DEFAULT = new TreeLimits(16_384, 20_000_000);

    /** Checks the limits are positive. */
    public TreeLimits {
        if (maxDepth <= 0 || maxNodes <= 0) {
            throw new IllegalArgumentException("limits must be positive");
        }
    }

    /** Returns a copy with the given depth limit. */
    public TreeLimits withMaxDepth(int depth) {
        return new TreeLimits(depth, maxNodes);
    }

    /** Returns a copy with the given node-count limit. */
    public TreeLimits withMaxNodes(int nodes) {
        return new TreeLimits(maxDepth, nodes);
    }
}
