package dev.flamediff.collect.jfr;

import java.util.Arrays;

/**
 * The frames a chunk's stacks refer to (their {@link JfrFrameCache} indices), by method id and
 * frame type (and line): an open-addressing
 * table with mixed hashes. The JDK's method ids are a class id shifted left over a method index, so
 * {@code Long.hashCode} of many of them falls into few buckets of a {@code HashMap}, which then
 * spends its time comparing keys. Mutable, single-threaded; ids are only valid within one chunk, so
 * the map is cleared between chunks.
 */
final class ChunkFrameMap {

    /** Marks a free slot of {@link #frames}: indices are never negative. */
    private static final int FREE = -1;

    private long[] methods = new long[1024];
    private int[] kinds = new int[1024];
    private int[] frames = free(1024);
    private int size;

    private static int[] free(int capacity) {
        int[] slots = new int[capacity];
        Arrays.fill(slots, FREE);
        return slots;
    }

    /**
     * Drops every frame, for the next chunk: the arrays are kept unless they are far larger than
     * this chunk needed (clearing costs their length).
     */
    void clear() {
        if (frames.length > 1024 && 8L * size < frames.length) {
            int capacity = Math.max(1024, Integer.highestOneBit(Math.max(1, size)) * 4);
            methods = new long[capacity];
            kinds = new int[capacity];
            frames = free(capacity);
        } else {
            Arrays.fill(frames, FREE);
        }
        size = 0;
    }

    /** Returns the frame index of the method in a frame of the given type and line, or -1 if none was put. */
    int get(long method, int typeAndLine) {
        int mask = frames.length - 1;
        for (int i = slot(method, typeAndLine, mask); frames[i] != FREE; i = (i + 1) & mask) {
            if (methods[i] == method && kinds[i] == typeAndLine) {
                return frames[i];
            }
        }
        return FREE;
    }

    /** Adds a frame index (not negative) that {@link #get} did not have. */
    void put(long method, int typeAndLine, int frame) {
        if (2 * (size + 1) > frames.length) {
            grow();
        }
        insert(method, typeAndLine, frame);
        size++;
    }

    private void insert(long method, int typeAndLine, int frame) {
        int mask = frames.length - 1;
        int i = slot(method, typeAndLine, mask);
        while (frames[i] != FREE) {
            i = (i + 1) & mask;
        }
        methods[i] = method;
        kinds[i] = typeAndLine;
        frames[i] = frame;
    }

    private void grow() {
        long[] oldMethods = methods;
        int[] oldKinds = kinds;
        int[] oldFrames = frames;
        methods = new long[oldFrames.length * 2];
        kinds = new int[oldFrames.length * 2];
        frames = free(oldFrames.length * 2);
        for (int i = 0; i < oldFrames.length; i++) {
            if (oldFrames[i] != FREE) {
                insert(oldMethods[i], oldKinds[i], oldFrames[i]);
            }
        }
    }

    private static int slot(long method, int typeAndLine, int mask) {
        // The finalizer of MurmurHash3's 64-bit hash: every input bit reaches the low bits.
        long h = method * 31 + typeAndLine;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) h & mask;
    }
}
