package dev.flamediff.diff;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ForkJoinPool;

/**
 * The functions of a diff dealt into parts of about as many nodes each, so that a pre-order pass
 * that sums per function ({@link FunctionSums}, the culprits' anchors and own changes) can run one
 * part per thread. Each part's pass walks every node in pre-order and handles only the nodes of
 * its own functions: every function's sums are then added by one thread, of the same values, in
 * the same order as one pass over all nodes would, so the doubles come out the same bits however
 * many parts there are (a split by node ranges would add each function's values in a different
 * order, and double sums in a different order change bits). The price is that every part reads
 * every node's function; the per-function work, the costly part of such a pass, is shared out.
 *
 * <p>Parts run as {@link DiffInterrupts#forEachBlock} blocks on the common pool (see
 * {@link NodeSignificance} for why that pool), the calling thread taking one. Small diffs get one
 * part and stay on the calling thread. Immutable.
 */
final class FunctionParts {

    /**
     * The fewest nodes worth splitting: below, one pass takes a few milliseconds and waking pool
     * threads for it would not pay in a service that runs many small diffs.
     */
    static final int PARALLEL_THRESHOLD = 1 << 17;

    /** Per function, the part that owns it. */
    private final byte[] partOf;
    private final int count;

    private FunctionParts(byte[] partOf, int count) {
        this.partOf = partOf;
        this.count = count;
    }

    /**
     * Deals the functions into parts: one for a diff of fewer than {@value #PARALLEL_THRESHOLD}
     * nodes or with fewer than {@value #MIN_THREADS} threads, else one per thread the common pool
     * and the caller have together (at most 64).
     *
     * @param nodesOfFunction per function, how many nodes it has
     * @param size the diff's node count
     */
    static FunctionParts forDiff(int[] nodesOfFunction, int size) {
        int threads = threads();
        return dealt(nodesOfFunction, size >= PARALLEL_THRESHOLD && threads >= MIN_THREADS ? threads : 1);
    }

    /**
     * The fewest threads worth splitting into parts. Every part reads every node, so the parts
     * together cost more than one pass: on the large async-profiler pair (11.7 million nodes, 2
     * cores, load 4 to 7) the passes in 2 parts took about 1.6 times the CPU of one pass
     * (FunctionSums 558 samples of 1 ms became 885 plus the parts' look-ups) and the wall time
     * did not drop. With 2 threads that cannot pay; from 4 it should (1.6 / 4 of a pass), which
     * is not measured here.
     */
    static final int MIN_THREADS = 4;

    /** Returns how many threads a diff's work can run on: the common pool's and the caller (at most 64). */
    static int threads() {
        return Math.min(64, ForkJoinPool.getCommonPoolParallelism() + 1);
    }

    /** Returns one part holding all {@code functions} functions: a single pass on the calling thread. */
    static FunctionParts single(int functions) {
        return new FunctionParts(new byte[functions], 1);
    }

    /** Deals the functions into {@code parts} parts (1 to 127), each to the part with the fewest nodes so far. */
    static FunctionParts dealt(int[] nodesOfFunction, int parts) {
        if (parts < 1 || parts > Byte.MAX_VALUE) {
            throw new IllegalArgumentException("parts: " + parts);
        }
        byte[] partOf = new byte[nodesOfFunction.length];
        if (parts > 1) {
            long[] load = new long[parts];
            for (int f = 0; f < nodesOfFunction.length; f++) {
                int least = 0;
                for (int p = 1; p < parts; p++) {
                    if (load[p] < load[least]) {
                        least = p;
                    }
                }
                partOf[f] = (byte) least;
                load[least] += nodesOfFunction[f];
            }
        }
        return new FunctionParts(partOf, parts);
    }

    /** Returns how many parts there are. */
    int count() {
        return count;
    }

    /** Returns the part that owns function {@code f}. */
    int partOf(int f) {
        return partOf[f];
    }

    /** One part's share of a pass. */
    @FunctionalInterface
    interface Pass {
        /**
         * Does part {@code part}'s share, checking {@code caller}'s interrupt as it goes
         * ({@link DiffInterrupts#checkEvery(int, Thread)}): a part may run on a pool thread.
         */
        void run(int part, Thread caller);
    }

    /**
     * Runs {@code pass} for every part, on several threads when there are several parts. What a
     * part writes must be its own functions' and nodes' slots alone.
     *
     * @throws CancellationException if the calling thread is interrupted meanwhile
     */
    void forEach(Pass pass) {
        Thread caller = Thread.currentThread();
        DiffInterrupts.forEachBlock(count, count > 1, p -> pass.run(p, caller));
    }
}
