package dev.flamediff.model;

import java.util.concurrent.CancellationException;

/**
 * Copies of large arrays that stop when the thread is interrupted: a builder grows arrays of
 * millions of elements, which takes long enough to be worth stopping for.
 */
final class InterruptibleCopies {

    /** Array elements copied between two interrupt checks. */
    private static final int COPY_BLOCK = 1 << 20;

    private InterruptibleCopies() {
    }

    /** Arrays.copyOf in blocks, with an interrupt check before each. */
    static int[] copyOf(int[] from, int length) {
        int[] to = new int[length];
        for (int i = 0; i < from.length; i += COPY_BLOCK) {
            checkInterrupt();
            System.arraycopy(from, i, to, i, Math.min(COPY_BLOCK, from.length - i));
        }
        return to;
    }

    /** Arrays.copyOf in blocks, with an interrupt check before each. */
    static long[] copyOf(long[] from, int length) {
        long[] to = new long[length];
        for (int i = 0; i < from.length; i += COPY_BLOCK) {
            checkInterrupt();
            System.arraycopy(from, i, to, i, Math.min(COPY_BLOCK, from.length - i));
        }
        return to;
    }

    /** A new array, after an interrupt check. */
    static int[] zeroedInts(int length) {
        checkInterrupt();
        return new int[length];
    }

    /** A new array, after an interrupt check. */
    static long[] zeroedLongs(int length) {
        checkInterrupt();
        return new long[length];
    }

    /**
     * @throws CancellationException if the thread is interrupted; the flag stays set
     */
    static void checkInterrupt() {
        if (Thread.currentThread().isInterrupted()) {
            throw new CancellationException("building the call tree was interrupted");
        }
    }
}
