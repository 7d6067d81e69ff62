package dev.flamediff.collect.jfr;

import java.nio.ByteBuffer;

/**
 * Tells the type of the event async-profiler's parser just returned, which its events do not
 * carry: jdk.NativeMethodSample comes back as an execution sample and
 * jdk.ObjectAllocationOutsideTLAB as an allocation sample, field for field like
 * jdk.ExecutionSample and jdk.ObjectAllocationSample. The parser reads from a buffer the caller
 * owns, and stops right after the last field of each event it returns, so the event ending there
 * is found by walking the event sizes from where the previous call ended. Mutable,
 * single-threaded.
 */
final class JfrEventTypeProbe {

    private final ByteBuffer data;
    private int pos;

    /** @param data the buffer the parser reads; only absolute reads are made, its position is left alone */
    JfrEventTypeProbe(ByteBuffer data) {
        this.data = data;
    }

    /**
     * Returns the type id of the event that ends at {@code end}.
     *
     * @param from where the parser was before the call that returned the event: at the start of
     *     an event (the parser skipped the ones it does not return)
     * @param end where the parser stopped, just past the returned event's fields
     * @return the event's type id, or -1 when the sizes do not lead to it (a damaged event)
     */
    int typeOfEventEndingAt(int from, int end) {
        int start = from;
        while (start < end) {
            pos = start;
            int size = varint();
            if (size <= 0) {
                return -1;
            }
            if (start + size >= end) {
                return varint();
            }
            start += size;
        }
        return -1;
    }

    private int varint() {
        int result = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            byte b = data.get(pos++);
            result |= (b & 0x7F) << shift;
            if (b >= 0) {
                break;
            }
        }
        return result;
    }
}
