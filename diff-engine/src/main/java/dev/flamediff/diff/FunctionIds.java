package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * Which function each node of a diff belongs to, and which of its distinct frames it has: ids
 * given in order of first appearance in pre-order, the frames' and the functions' alike. Built by
 * {@link FunctionTable}; not shared beyond one diff's construction.
 */
final class FunctionIds {

    /** Per node, its function's id; -1 for the root. */
    final int[] function;
    /** Per node, which distinct frame it has. */
    final NodeFrames frames;
    /** Per function, how many nodes it has. */
    final int[] nodesOfFunction;

    private FunctionIds(int[] function, NodeFrames frames, int[] nodesOfFunction) {
        this.function = function;
        this.frames = frames;
        this.nodesOfFunction = nodesOfFunction;
    }

    /** Returns how many functions there are. */
    int count() {
        return nodesOfFunction.length;
    }

    /** The key functions are merged on: the name, and the kind's match group (see {@link FrameMatch#compareKey}). */
    record Key(String name, int group) {
        static Key of(Frame frame) {
            return new Key(frame.name(), FrameMatch.matchGroup(frame.kind()));
        }

        // Written out: the generated methods are bound through invokedynamic on their first call.
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && group == k.group && name.equals(k.name);
        }

        @Override
        public int hashCode() {
            return 31 * name.hashCode() + group;
        }
    }

    /** Gives every node of the diff its frame and function ids. */
    static FunctionIds of(DiffTree diff) {
        return of(diff.frames(), Thread.currentThread());
    }

    /**
     * Gives every node its frame and function ids, checking the interrupt of {@code caller}, the
     * thread the diff runs for (this may run on a pool thread beside it). A frame slot is looked
     * up once, when a node first has it; every other node reads its slot's ids from an array.
     *
     * @throws CancellationException if {@code caller} is interrupted meanwhile
     */
    static FunctionIds of(UnionFrames frames, Thread caller) {
        int size = frames.size();
        int[] frameOfNode = new int[size];
        int[] function = new int[size];
        function[0] = -1;
        int[] indexOfSlot = new int[frames.slots()];
        Arrays.fill(indexOfSlot, -1);
        int[] nodesOfSlot = new int[frames.slots()];
        Ids ids = new Ids();
        for (int n = 1; n < size; n++) {
            DiffInterrupts.checkEvery(n, caller);
            int slot = frames.slot(n);
            int index = indexOfSlot[slot];
            if (index < 0) {
                index = ids.indexOf(frames.frameInSlot(slot));
                indexOfSlot[slot] = index;
            }
            nodesOfSlot[slot]++;
            frameOfNode[n] = index;
            function[n] = ids.functionOfFrame[index];
        }
        return ids.finish(function, frameOfNode, indexOfSlot, nodesOfSlot);
    }

    /** The ids given so far. Single-threaded. */
    private static final class Ids {
        private final Map<Key, Integer> functions = new HashMap<>();
        // Per distinct frame (in order of first appearance) its index and function, so what
        // depends on the frame alone is worked out once per frame.
        private final Map<Frame, Integer> byFrame = new HashMap<>();
        private Frame[] distinct = new Frame[64];
        private int[] functionOfFrame = new int[64];

        /** Returns the index of the frame, given when new. */
        int indexOf(Frame frame) {
            Integer index = byFrame.get(frame);
            if (index == null) {
                index = byFrame.size();
                if (index == distinct.length) {
                    distinct = Arrays.copyOf(distinct, index * 2);
                    functionOfFrame = Arrays.copyOf(functionOfFrame, index * 2);
                }
                distinct[index] = frame;
                functionOfFrame[index] = functions.computeIfAbsent(Key.of(frame), k -> functions.size());
                byFrame.put(frame, index);
            }
            return index;
        }

        /** The ids, given the index of each slot met ({@code -1} if none) and its nodes. */
        FunctionIds finish(int[] function, int[] frameOfNode, int[] indexOfSlot, int[] nodesOfSlot) {
            int[] nodesOfFunction = new int[functions.size()];
            for (int slot = 0; slot < indexOfSlot.length; slot++) {
                if (indexOfSlot[slot] >= 0) {
                    nodesOfFunction[functionOfFrame[indexOfSlot[slot]]] += nodesOfSlot[slot];
                }
            }
            return new FunctionIds(function, new NodeFrames(frameOfNode, Arrays.copyOf(distinct, byFrame.size())),
                    nodesOfFunction);
        }
    }
}
