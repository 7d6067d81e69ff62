package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.ReadInterrupts;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Sorts that stop when the thread is interrupted: sorting the functions of a file with hundreds
 * of thousands of them by name takes a few hundred milliseconds, too long to ignore a cancel.
 */
final class InterruptibleSort {

    /** Comparisons between two interrupt checks; a power of two, so the test is a mask. */
    private static final int EVERY = 4096;

    private InterruptibleSort() {
    }

    /** Thrown out of the comparator to leave the sort; never escapes this class. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    /**
     * Sorts {@code a} by {@code order}, as {@link Arrays#sort(Object[], Comparator)} does.
     *
     * @throws InterruptedIOException if the thread is interrupted meanwhile (the array is then
     *     partly sorted); the interrupt flag stays set
     */
    static <T> void sort(T[] a, Comparator<? super T> order, String source) throws InterruptedIOException {
        int[] compared = {0};
        try {
            Arrays.sort(a, (x, y) -> {
                if ((++compared[0] & (EVERY - 1)) == 0 && Thread.currentThread().isInterrupted()) {
                    throw new Stop();
                }
                return order.compare(x, y);
            });
        } catch (Stop e) {
            throw ReadInterrupts.interrupted(source);
        }
    }
}
