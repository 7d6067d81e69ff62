package dev.flamediff.collect.collapsed;

import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Adds the stacks of collapsed lines to a {@link CallTreeBuilder}: splits a stack into frames,
 * decodes each distinct frame text once, and hands the builder the stack's frame ids
 * ({@link CallTreeBuilder#addStack(int[], int, long...)}), which it lays out as a tree once all
 * are in, with no child look-up per frame. Consecutive lines usually share a long prefix (writers
 * emit them sorted or grouped), so the frames a line repeats byte for byte from the previous one
 * keep that line's ids, and only the rest is looked up frame by frame. Mutable and single-threaded.
 */
final class StackAdder {

    private final CollapsedFrameDecoder decoder;
    private final FrameCache cache = new FrameCache();
    private final int maxNameLength;
    private final int maxDepth;
    private CallTreeBuilder builder;
    /** The previous stack's bytes, its frame ids root first, and the ends of its inner frames (relative). */
    private byte[] previous = new byte[256];
    private int previousLength;
    private int[] ids = new int[64];
    private int[] previousEnds = new int[64];
    private int previousFrames;

    StackAdder(boolean normalizeNames, int maxNameLength, int maxDepth) {
        this.decoder = new CollapsedFrameDecoder(normalizeNames);
        this.maxNameLength = maxNameLength;
        this.maxDepth = maxDepth;
    }

    /** Sets the builder the stacks go to, before the first stack. */
    void into(CallTreeBuilder target) {
        this.builder = target;
    }

    /**
     * Adds the stack in {@code buf[s, sep)} to the tree with its values, one per value type.
     *
     * @throws MalformedProfileException for an empty frame name, without the line (the caller adds it)
     * @throws LimitExceededException for a frame name, depth or node count over the limits, without the line
     */
    void add(byte[] buf, int s, int sep, long[] values) throws LimitExceededException, MalformedProfileException {
        int length = sep - s;
        int common = Arrays.mismatch(buf, s, sep, previous, 0, previousLength);
        if (common >= 0 || previousFrames == 0) {
            readFrames(buf, s, sep, common < 0 ? length : common);
        }
        builder.addStack(ids, previousFrames, values);
    }

    /** Reads the stack's frame ids into {@link #ids}, the inner frames that end within {@code matched} bytes kept. */
    private void readFrames(byte[] buf, int s, int sep, int matched) throws LimitExceededException,
            MalformedProfileException {
        int reused = 0;
        while (reused < previousFrames - 1 && previousEnds[reused] < matched) {
            reused++;
        }
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
                int id = frameId(buf, frameStart, i - frameStart, leaf);
                // Where the tree's own check would stop the stack: after this frame's name is read.
                if (frames >= maxDepth) {
                    throw new LimitExceededException("stack deeper than the limit of " + maxDepth + " frames");
                }
                if (frames == ids.length) {
                    ids = Arrays.copyOf(ids, frames * 2);
                    previousEnds = Arrays.copyOf(previousEnds, frames * 2);
                }
                ids[frames] = id;
                if (leaf) {
                    frames++;
                    break;
                }
                previousEnds[frames++] = i - s;
                frameStart = i + 1;
            }
        } catch (LimitExceededException | MalformedProfileException ex) {
            previousLength = 0;
            previousFrames = 0;
            throw ex;
        }
        int length = sep - s;
        if (previous.length < length) {
            previous = new byte[Math.max(length, previous.length * 2)];
        }
        System.arraycopy(buf, s, previous, 0, length);
        previousLength = length;
        previousFrames = frames;
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
