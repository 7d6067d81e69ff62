package dev.flamediff.diff;

import dev.flamediff.diff.stats.FalseDiscoveryRate;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.Function;
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
     * A part of a diff that runs on the common pool while the calling thread does another part
     * (the two sides of a phase that do not depend on each other). Single use: {@link #join()}.
     */
    static final class Forked<T> {
        private final ForkJoinTask<T> task;
        private final T done;

        private Forked(ForkJoinTask<T> task, T done) {
            this.task = task;
            this.done = done;
        }

        /**
         * Returns the part's result, waiting for it; an exception the part threw is thrown again
         * here, a cancellation with the diff's message.
         *
         * @throws CancellationException if the calling thread is interrupted before or while it
         *     waits (the flag stays set, so the part, which checks it, stops too)
         */
        T join() {
            if (task == null) {
                return done;
            }
            try {
                // Not ForkJoinTask.join: it clears the waiting thread's interrupt until the part is
                // done, so the part could not see the diff cancelled while the caller waits on it.
                return task.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw cancelled();
            } catch (CancellationException e) {
                throw cancelled();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof CancellationException) {
                    throw cancelled();
                }
                if (cause instanceof RuntimeException r) {
                    throw r;
                }
                if (cause instanceof Error error) {
                    throw error;
                }
                throw new IllegalStateException(cause);
            }
        }
    }

    /**
     * Starts {@code part} on the common pool when {@code parallel} and the pool has a thread to
     * spare, else runs it here and now. The part is given the calling thread, whose interrupt
     * cancels the diff (see {@link #checkEvery(int, Thread)}).
     */
    static <T> Forked<T> fork(boolean parallel, Function<Thread, T> part) {
        Thread caller = Thread.currentThread();
        if (!parallel || ForkJoinPool.getCommonPoolParallelism() < 1) {
            return new Forked<>(null, part.apply(caller));
        }
        return new Forked<>(ForkJoinPool.commonPool().submit(() -> part.apply(caller)), null);
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
        forEachBlock(blocks, parallel, Thread.currentThread(), block);
    }

    /**
     * Runs {@code block} as {@link #forEachBlock(int, boolean, IntConsumer)} does, checking the
     * interrupt of {@code caller}: the thread the diff runs for, which may not be the current one.
     */
    static void forEachBlock(int blocks, boolean parallel, Thread caller, IntConsumer block) {
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
