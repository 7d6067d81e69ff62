package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * Which function each node of a diff belongs to, and which of its distinct frames it has: ids
 * given in order of first appearance in pre-order, the frames' and the functions' alike. Built by
 * {@link FunctionTable}; not shared beyond one diff's construction.
 *
 * <p>A large diff is looked up in blocks of nodes on the common pool: each block finds its own
 * distinct frame instances (in the order it meets them), then the blocks' instances are given
 * their ids on the calling thread, block after block, which is the order a single pass meets
 * them in, so the ids are the same; last each block writes its nodes' ids. The costly part, an
 * identity look-up per node, is shared out; the calling thread looks up each block's distinct
 * instances once.
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

    /**
     * Gives every node of the diff its frame and function ids, in {@code blocks} blocks of nodes
     * (on the common pool when more than one); the same ids whatever the blocks.
     *
     * @throws CancellationException if the calling thread is interrupted meanwhile
     */
    static FunctionIds of(DiffTree diff, int blocks) {
        Frame[] frame = new Frame[diff.size()];
        for (int n = 0; n < frame.length; n++) {
            frame[n] = diff.frame(n);
        }
        return of(frame, blocks, Thread.currentThread());
    }

    /**
     * Gives every node its frame and function ids as {@link #of(DiffTree, int)} does, from the
     * nodes' frames in pre-order ({@code frame[0]} the root's), checking the interrupt of
     * {@code caller}, the thread the diff runs for (this may run on a pool thread beside it).
     *
     * @throws CancellationException if {@code caller} is interrupted meanwhile
     */
    static FunctionIds of(Frame[] frame, int blocks, Thread caller) {
        int size = frame.length;
        int[] frameOfNode = new int[size];
        int[] function = new int[size];
        function[0] = -1;
        Ids ids = new Ids();
        if (blocks <= 1) {
            for (int n = 1; n < size; n++) {
                DiffInterrupts.checkEvery(n, caller);
                int index = ids.indexOf(frame[n], 1);
                frameOfNode[n] = index;
                function[n] = ids.functionOfFrame[index];
            }
            return ids.finish(function, frameOfNode);
        }
        Frame[][] localFrames = new Frame[blocks][];
        int[][] localCounts = new int[blocks][];
        // Each block: its distinct frame instances in the order met, their node counts, and per
        // node the local index (in frameOfNode for now).
        DiffInterrupts.forEachBlock(blocks, true, caller, b -> {
            Map<Frame, Integer> local = new IdentityHashMap<>();
            Frame[] met = new Frame[64];
            int[] counts = new int[64];
            for (int n = from(size, blocks, b), to = from(size, blocks, b + 1); n < to; n++) {
                DiffInterrupts.checkEvery(n, caller);
                Integer index = local.get(frame[n]);
                if (index == null) {
                    index = local.size();
                    if (index == met.length) {
                        met = Arrays.copyOf(met, index * 2);
                        counts = Arrays.copyOf(counts, index * 2);
                    }
                    met[index] = frame[n];
                    local.put(frame[n], index);
                }
                counts[index]++;
                frameOfNode[n] = index;
            }
            localFrames[b] = Arrays.copyOf(met, local.size());
            localCounts[b] = counts;
        });
        int[][] globalOfLocal = new int[blocks][];
        for (int b = 0; b < blocks; b++) {
            if (caller.isInterrupted()) {
                throw DiffInterrupts.cancelled();
            }
            Frame[] met = localFrames[b];
            int[] global = new int[met.length];
            for (int i = 0; i < met.length; i++) {
                global[i] = ids.indexOf(met[i], localCounts[b][i]);
            }
            globalOfLocal[b] = global;
        }
        int[] functionOfFrame = ids.functionOfFrame;
        DiffInterrupts.forEachBlock(blocks, true, caller, b -> {
            int[] global = globalOfLocal[b];
            for (int n = from(size, blocks, b), to = from(size, blocks, b + 1); n < to; n++) {
                DiffInterrupts.checkEvery(n, caller);
                int index = global[frameOfNode[n]];
                frameOfNode[n] = index;
                function[n] = functionOfFrame[index];
            }
        });
        return ids.finish(function, frameOfNode);
    }

    /** The first node of block {@code b} of the nodes below the root. */
    private static int from(int size, int blocks, int b) {
        return 1 + (int) ((size - 1L) * b / blocks);
    }

    /** The ids given so far. Single-threaded. */
    private static final class Ids {
        private final Map<Key, Integer> functions = new HashMap<>();
        // Per distinct frame (in order of first appearance) its index and function, so what
        // depends on the frame alone is worked out once per frame.
        private final Map<Frame, Integer> byFrame = new HashMap<>();
        // The nodes share a few frame instances (each side's interned frames), so most lookups
        // are answered by identity, without comparing the names of equal frames from two sides.
        private final Map<Frame, Integer> byInstance = new IdentityHashMap<>();
        private Frame[] distinct = new Frame[64];
        private int[] functionOfFrame = new int[64];
        private int[] nodesOfFrame = new int[64];

        /** Returns the index of the frame, given when new, and counts {@code nodes} more nodes of it. */
        int indexOf(Frame frame, int nodes) {
            Integer index = byInstance.get(frame);
            if (index == null) {
                index = byFrame.get(frame);
                if (index == null) {
                    index = byFrame.size();
                    if (index == distinct.length) {
                        distinct = Arrays.copyOf(distinct, index * 2);
                        functionOfFrame = Arrays.copyOf(functionOfFrame, index * 2);
                        nodesOfFrame = Arrays.copyOf(nodesOfFrame, index * 2);
                    }
                    distinct[index] = frame;
                    functionOfFrame[index] = functions.computeIfAbsent(Key.of(frame), k -> functions.size());
                    byFrame.put(frame, index);
                }
                byInstance.put(frame, index);
            }
            nodesOfFrame[index] += nodes;
            return index;
        }

        FunctionIds finish(int[] function, int[] frameOfNode) {
            int[] nodesOfFunction = new int[functions.size()];
            for (int i = 0; i < byFrame.size(); i++) {
                nodesOfFunction[functionOfFrame[i]] += nodesOfFrame[i];
            }
            return new FunctionIds(function, new NodeFrames(frameOfNode, Arrays.copyOf(distinct, byFrame.size())),
                    nodesOfFunction);
        }
    }
}
