package dev.flamediff.diff;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * A diff's {@link DiffSummary}, built on first use and then kept, so the renderers, the gate and a
 * suite's findings share one: the summary tests every frame's summed self values again, a few
 * percent of a diff's CPU. Safe when several threads ask at once (a service rendering one diff in
 * several formats): one builds, the others wait for it, interruptibly.
 *
 * <p>Only a finished summary is kept. A build stopped by its thread's interrupt throws
 * {@link java.util.concurrent.CancellationException} and leaves nothing behind, so the next caller
 * builds it again.
 */
final class SummaryMemo {

    private final Supplier<DiffSummary> build;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile DiffSummary summary;

    SummaryMemo(Supplier<DiffSummary> build) {
        this.build = build;
    }

    /**
     * Returns the summary, building it when no caller has finished building it yet.
     *
     * @throws java.util.concurrent.CancellationException if the thread is interrupted while it
     *     builds the summary or waits for another thread's build (the flag stays set)
     */
    DiffSummary get() {
        DiffSummary done = summary;
        if (done != null) {
            return done;
        }
        lock(lock);
        try {
            done = summary;
            if (done == null) {
                done = build.get();
                summary = done;
            }
            return done;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes the lock. Uncontended it is taken even on an interrupted thread, whose build then stops
     * at its own first check, as every phase of a diff does; a thread that has to wait for another's
     * build stops waiting when it is interrupted.
     */
    private static void lock(ReentrantLock lock) {
        if (lock.tryLock()) {
            return;
        }
        try {
            lock.lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DiffInterrupts.cancelled();
        }
    }
}
