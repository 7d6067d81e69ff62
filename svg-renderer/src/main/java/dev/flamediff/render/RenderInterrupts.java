package dev.flamediff.render;

import java.util.concurrent.CancellationException;

/**
 * Cooperative cancellation of a render: a service that embeds the library stops a long render by
 * interrupting its thread ({@code Future.cancel(true)}); the writers check every few thousand
 * frames, which costs nothing measurable beside writing them.
 */
public final class RenderInterrupts {

    /** How many frames go between two checks; a power of two, so the test is a mask. */
    private static final int EVERY = 4096;

    private RenderInterrupts() {
    }

    /**
     * Returns normally unless the current thread has been interrupted: for loops whose every
     * step writes a lot (an SVG frame writes its name three times, up to 8,192 characters each).
     *
     * @throws CancellationException if the thread was interrupted; the interrupt flag stays set
     */
    public static void check() {
        check(Thread.currentThread());
    }

    /**
     * Returns normally unless {@code caller} has been interrupted: for work a render hands to
     * another thread, which the interrupt of the thread the render runs for stops.
     *
     * @throws CancellationException if {@code caller} was interrupted; its interrupt flag stays set
     */
    public static void check(Thread caller) {
        if (caller.isInterrupted()) {
            throw new CancellationException("the rendering was interrupted");
        }
    }

    /**
     * Returns normally unless {@code count} is a multiple of the check interval and the current
     * thread has been interrupted.
     *
     * @param count how many frames the caller has handled so far
     * @throws CancellationException if the thread was interrupted; the interrupt flag stays set
     */
    public static void checkEvery(int count) {
        if ((count & (EVERY - 1)) == 0 && Thread.currentThread().isInterrupted()) {
            throw new CancellationException("the rendering was interrupted");
        }
    }
}
