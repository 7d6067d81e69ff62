package dev.flamediff.collect.collapsed;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte search and hashing eight bytes at a time: a folded file is scanned for line ends and frame
 * separators and every frame is hashed, so a byte-at-a-time loop over 200 MB is a good share of
 * the reading time. Stateless.
 */
final class ByteWords {

    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

    private ByteWords() {
    }

    /** Returns the index of the first {@code b} in {@code buf[from, to)}, or -1 when there is none. */
    static int indexOf(byte[] buf, int from, int to, byte b) {
        long pattern = (b & 0xFFL) * ONES;
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long x = (long) LONGS.get(buf, i) ^ pattern;
            // The lowest high bit set marks the first zero byte of x, the first match; bytes
            // above a match may be marked falsely, never bytes below it.
            long found = (x - ONES) & ~x & HIGHS;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Returns a hash of {@code buf[off, off + len)}, seeded; it depends on those bytes only. */
    static int hash(byte[] buf, int off, int len, int seed) {
        long h = seed ^ ((long) len * MULTIPLIER);
        int i = off;
        int end = off + len;
        for (; i + Long.BYTES <= end; i += Long.BYTES) {
            h = Long.rotateLeft((h ^ (long) LONGS.get(buf, i)) * MULTIPLIER, 29);
        }
        if (i < end) {
            long tail;
            if (len >= Long.BYTES) {
                // The last eight bytes of the key, overlapping the words already mixed in.
                tail = (long) LONGS.get(buf, end - Long.BYTES);
            } else {
                tail = 0;
                for (int j = end - 1; j >= i; j--) {
                    tail = (tail << 8) | (buf[j] & 0xFF);
                }
            }
            h = Long.rotateLeft((h ^ tail) * MULTIPLIER, 29);
        }
        h *= MULTIPLIER;
        return (int) (h ^ (h >>> 32));
    }
}
