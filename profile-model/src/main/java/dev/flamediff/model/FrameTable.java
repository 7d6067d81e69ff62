package dev.flamediff.model;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * The frames of one call tree, each stored once and addressed by a dense int id. Id 0 is always
 * {@link Frame#ROOT}. Immutable; build one with {@link Builder}.
 */
public final class FrameTable {

    private final Frame[] frames;
    /** rank[id] is the position of frame id in the natural {@link Frame} order. */
    private final int[] rank;

    private FrameTable(Frame[] frames) {
        this.frames = frames;
        Integer[] order = new Integer[frames.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // Hundreds of thousands of frames (a callgrind file names one per function) take a sort
        // long enough to be worth stopping when the thread is interrupted.
        int[] compared = {0};
        Arrays.sort(order, (a, b) -> {
            if ((++compared[0] & 0xFFF) == 0 && Thread.currentThread().isInterrupted()) {
                throw new CancellationException("building the call tree was interrupted");
            }
            return frames[a].compareTo(frames[b]);
        });
        this.rank = new int[frames.length];
        for (int i = 0; i < order.length; i++) {
            rank[order[i]] = i;
        }
    }

    /** Returns the number of distinct frames, including the root. */
    public int size() {
        return frames.length;
    }

    /** Returns the frame with the given id; throws {@link IndexOutOfBoundsException} if unknown. */
    public Frame frame(int id) {
        return frames[id];
    }

    /**
     * Returns the position of the frame in the natural frame order; comparing ranks is the same
     * as comparing the frames, only cheaper.
     */
    public int rank(int id) {
        return rank[id];
    }

    /** Returns all frames in id order, as an unmodifiable list. */
    public List<Frame> frames() {
        return List.of(frames);
    }

    /** Interns frames into dense ids. Mutable and single-threaded. */
    public static final class Builder {
        private final Map<Frame, Integer> ids = new HashMap<>();
        private Frame[] frames = new Frame[64];
        private int size;

        /** Creates a builder holding only the root frame (id 0). */
        public Builder() {
            intern(Frame.ROOT);
        }

        /** Returns the id of the frame, adding it if it is new. */
        public int intern(Frame frame) {
            Integer id = ids.get(frame);
            if (id != null) {
                return id;
            }
            if (size == frames.length) {
                frames = Arrays.copyOf(frames, size * 2);
            }
            frames[size] = frame;
            ids.put(frame, size);
            return size++;
        }

        /** Returns the number of frames interned so far. */
        public int size() {
            return size;
        }

        /** Returns the frame with the given id. */
        public Frame frame(int id) {
            if (id >= size) {
                throw new IndexOutOfBoundsException(id);
            }
            return frames[id];
        }

        /**
         * Returns an immutable table of the frames interned so far.
         *
         * @throws CancellationException if the thread is interrupted while the frames are
         *     ranked; the interrupt flag stays set
         */
        public FrameTable build() {
            return new FrameTable(Arrays.copyOf(frames, size));
        }
    }
}
