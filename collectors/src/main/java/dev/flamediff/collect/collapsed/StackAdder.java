package dev.flamediff.collect.collapsed;

import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Adds the stacks of collapsed lines to a {@link CallTreeBuilder}: splits a stack into frames,
 * decodes each distinct frame text once, and walks {@code child()} from the root. Consecutive
 * lines usually share a long prefix (writers emit them sorted or grouped), so the frames a line
 * repeats byte for byte from the previous one reuse that line's nodes, and only the rest is looked
 * up frame by frame. Mutable and single-threaded.
 */
final class StackAdder {

    private final CollapsedFrameDecoder decoder;
    private final FrameCache cache = new FrameCache();
    private final int maxNameLength;
    private CallTreeBuilder builder;
    /** The previous stack's bytes, the ends of its inner frames (relative) and their nodes. */
    private byte[] previous = new byte[256];
    private int previousLength;
    private int[] previousEnds = new int[64];
    private int[] previousNodes = new int[64];
    private int previousFrames;
    private int previousLeaf;

    StackAdder(boolean normalizeNames, int maxNameLength) {
        this.decoder = new CollapsedFrameDecoder(normalizeNames);
        this.maxNameLength = maxNameLength;
    }

    /** Sets the builder the stacks go to, before the first stack. */
    void into(CallTreeBuilder target) {
        this.builder = target;
    }

    /**
     * Adds the stack in {@code buf[s, sep)} to the tree and returns its leaf node.
     *
     * @throws MalformedProfileException for an empty frame name, without the line (the caller adds it)
     * @throws LimitExceededException for a frame name, depth or node count over the limits, without the line
     */
    int add(byte[] buf, int s, int sep) throws LimitExceededException, MalformedProfileException {
        int length = sep - s;
        int common = Arrays.mismatch(buf, s, sep, previous, 0, previousLength);
        if (common < 0 && previousLeaf > 0) {
            return previousLeaf;
        }
        int reused = 0;
        int matched = common < 0 ? length : common;
        while (reused < previousFrames && previousEnds[reused] < matched) {
            reused++;
        }
        int node = reused == 0 ? 0 : previousNodes[reused - 1];
        int frameStart = reused == 0 ? s : s + previousEnds[reused - 1] + 1;
        int frames = reused;
        try {
            while (true) {
                int semicolon = ByteWords.indexOf(buf, frameStart, sep, (byte) ';');
                boolean leaf = semicolon < 0;
                int i = leaf ? sep : semicolon;
                if (i == frameStart) {
                    throw new MalformedProfileException("empty frame name in the stack");
                }
                node = builder.child(node, frameId(buf, frameStart, i - frameStart, leaf));
                if (leaf) {
                    break;
                }
                if (frames == previousEnds.length) {
                    previousEnds = Arrays.copyOf(previousEnds, frames * 2);
                    previousNodes = Arrays.copyOf(previousNodes, frames * 2);
                }
                previousEnds[frames] = i - s;
                previousNodes[frames++] = node;
                frameStart = i + 1;
            }
        } catch (LimitExceededException | MalformedProfileException ex) {
            previousLength = 0;
            previousFrames = 0;
            throw ex;
        }
        if (previous.length < length) {
            previous = new byte[Math.max(length, previous.length * 2)];
        }
        System.arraycopy(buf, s, previous, 0, length);
        previousLength = length;
        previousFrames = frames;
        previousLeaf = node;
        return node;
    }

    private int frameId(byte[] buf, int off, int len, boolean leaf) throws LimitExceededException {
        int id = cache.get(buf, off, len, leaf);
        if (id >= 0) {
            return id;
        }
        String raw = new String(buf, off, len, StandardCharsets.UTF_8);
        if (raw.length() > maxNameLength) {
            throw new LimitExceededException("frame name of " + raw.length()
                    + " chars is longer than the limit of " + maxNameLength);
        }
        id = builder.frameId(decoder.decode(raw, leaf));
        cache.put(buf, off, len, leaf, id);
        return id;
    }
}
