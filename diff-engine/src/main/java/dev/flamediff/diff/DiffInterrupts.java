package dev.flamediff.diff;

import dev.flamediff.diff.stats.FalseDiscoveryRate;
import java.util.concurrent.CancellationException;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Cooperative cancellation of a diff: a service stops a long diff by interrupting its thread
 * ({@code Future.cancel(true)}); every phase checks the flag every few thousand nodes, p-values or
 * functions and throws {@link CancellationException} with one message, leaving the flag set.
 */
final class DiffInterrupts {

    /** The message of every cancelled diff. */
    static final String MESSAGE = "the diff was interrupted";

    private DiffInterrupts() {
    }

    /** Returns the exception a cancelled diff throws. */
    static CancellationException cancelled() {
        return new CancellationException(MESSAGE);
    }

    /**
     * Returns normally unless the current thread has been interrupted.
     *
     * @throws CancellationException if it was; the flag stays set
     */
    static void check() {
        if (Thread.currentThread().isInterrupted()) {
            throw cancelled();
        }
    }

    /** Checks when {@code count} is a multiple of 4096, so a loop may call it on every step. */
    static void checkEvery(int count) {
        if ((count & 0xFFF) == 0) {
            check();
        }
    }

    /**
     * Checks, when {@code count} is a multiple of 4096, whether {@code caller} (the thread the
     * diff runs for, which may not be the current one: a pool thread doing its share) has been
     * interrupted.
     *
     * @throws CancellationException if it was; the flag stays set
     */
    static void checkEvery(int count, Thread caller) {
        if ((count & 0xFFF) == 0 && caller.isInterrupted()) {
            throw cancelled();
        }
    }

    /**
     * Returns the Benjamini–Hochberg adjustment of the p-values, stopped when the calling thread
     * is interrupted.
     *
     * @throws CancellationException if the calling thread is interrupted meanwhile
     */
    static double[] adjust(double[] pValues) {
        Thread caller = Thread.currentThread();
        try {
            return FalseDiscoveryRate.adjust(pValues, caller::isInterrupted);
        } catch (CancellationException e) {
            throw cancelled();
        }
    }

    /**
     * Runs {@code block} for every block index in {@code [0, blocks)}, on the common pool when
     * {@code parallel}, checking the calling thread's interrupt before each block.
     *
     * <p>The common pool hands an exception thrown on one of its threads to the caller as a new
     * instance made reflectively, which for {@link CancellationException} (no constructor taking
     * a cause) has no message; so any cancellation out of the stream is thrown again here, with
     * the message, on the calling thread.
     *
     * @throws CancellationException if the calling thread is interrupted meanwhile
     */
    static void forEachBlock(int blocks, boolean parallel, IntConsumer block) {
        Thread caller = Thread.currentThread();
        IntStream indices = IntStream.range(0, blocks);
        if (parallel) {
            indices = indices.parallel();
        }
        try {
            indices.forEach(b -> {
                // Pool threads are not the caller: its interrupt is the one that cancels the diff.
                if (caller.isInterrupted()) {
                    throw cancelled();
                }
                block.accept(b);
            });
        } catch (CancellationException e) {
            throw cancelled();
        }
    }
}
