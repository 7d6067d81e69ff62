package dev.flamediff.collect;

import java.io.InterruptedIOException;

/**
 * Cooperative cancellation of a read: a service that embeds the library stops a long read by
 * interrupting its thread ({@code Future.cancel(true)}), and the readers call {@link #check}
 * every few thousand lines or events. The check leaves the interrupt flag set, so the caller
 * still sees it after the exception.
 */
public final class ReadInterrupts {

    private ReadInterrupts() {
    }

    /**
     * Returns normally unless the current thread has been interrupted.
     *
     * @param source the input's name, for the message
     * @throws InterruptedIOException if the thread was interrupted; the interrupt flag stays set
     */
    public static void check(String source) throws InterruptedIOException {
        if (Thread.currentThread().isInterrupted()) {
            throw interrupted(source);
        }
    }

    /**
     * Returns the exception that reports an interrupted read of {@code source}, and sets the
     * interrupt flag again in case the code that noticed the interruption cleared it.
     */
    public static InterruptedIOException interrupted(String source) {
        Thread.currentThread().interrupt();
        return new InterruptedIOException("reading " + source + " was interrupted");
    }
}
