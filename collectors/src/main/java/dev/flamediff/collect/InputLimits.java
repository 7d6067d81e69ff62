package dev.flamediff.collect;

import dev.flamediff.model.TreeLimits;

/**
 * Bounds for reading untrusted input. The defaults pass real profiles with a wide margin and keep
 * a hostile upload from exhausting a shared service.
 *
 * @param maxBytes the most (decompressed) bytes read from one input
 * @param maxGzipRatio the largest decompressed-to-compressed size ratio accepted
 * @param maxNameLength the longest frame name accepted, in chars
 * @param tree bounds on stack depth and call-tree size
 */
public record InputLimits(long maxBytes, int maxGzipRatio, int maxNameLength, TreeLimits tree) {

    /**
     * Defaults: 4 GiB, ratio 200, names of 64 Ki chars, {@link TreeLimits#DEFAULT}. Real inputs
     * compress far less (the fixtures: JFR 2-3 times, callgrind 3-5, collapsed stacks 13-17),
     * while deflate reaches about 1000 on a bomb of repeated bytes.
     */
    public static final InputLimits DEFAULT = new InputLimits(4L << 30, 200, 65_536, TreeLimits.DEFAULT);

    /** No limits: for trusted input only. */
    public static final InputLimits NONE = new InputLimits(Long.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE, TreeLimits.NONE);

    public InputLimits withMaxBytes(long value) {
        return new InputLimits(value, maxGzipRatio, maxNameLength, tree);
    }

    public InputLimits withMaxGzipRatio(int value) {
        return new InputLimits(maxBytes, value, maxNameLength, tree);
    }

    public InputLimits withMaxNameLength(int value) {
        return new InputLimits(maxBytes, maxGzipRatio, value, tree);
    }

    public InputLimits withTree(TreeLimits value) {
        return new InputLimits(maxBytes, maxGzipRatio, maxNameLength, value);
    }
}
