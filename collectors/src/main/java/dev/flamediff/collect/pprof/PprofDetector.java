package dev.flamediff.collect.pprof;

import dev.flamediff.collect.Detection;

/**
 * Decides from an input's first (decompressed) bytes whether it is a pprof {@code Profile}
 * message: every top-level field up to the end of the prefix must be one of the message's fields
 * with its wire type, and a {@code sample_type} value type (field 1, holding only its two varint
 * fields) must be among them. Every writer seen ({@code go tool pprof}, async-profiler's
 * converter) writes the sample types first. Text formats fail at once: their first bytes are not
 * such fields. Stateless.
 */
final class PprofDetector {

    private static final int VARINT = 0;
    private static final int LENGTH = 2;

    private PprofDetector() {
    }

    static Detection detect(byte[] b, int length, boolean complete) {
        if (length == 0) {
            return complete ? Detection.NO : Detection.NEED_MORE;
        }
        int[] pos = {0};
        boolean sawSampleType = false;
        while (pos[0] < length) {
            long tag = varint(b, pos, length);
            if (tag == -2) {
                break;
            }
            if (tag < 0) {
                return Detection.NO;
            }
            int field = (int) (tag >>> 3);
            int wire = (int) (tag & 7);
            if (!allowed(field, wire)) {
                return Detection.NO;
            }
            if (wire == VARINT) {
                long v = varint(b, pos, length);
                if (v == -2) {
                    break;
                }
                if (v < 0) {
                    return Detection.NO;
                }
                continue;
            }
            long len = varint(b, pos, length);
            if (len == -2) {
                break;
            }
            if (len < 0 || len > Integer.MAX_VALUE) {
                return Detection.NO;
            }
            int start = pos[0];
            long end = start + len;
            if (field == 1 || field == 11) {
                if (end > length) {
                    break;
                }
                if (!isValueType(b, start, (int) end)) {
                    return Detection.NO;
                }
                sawSampleType |= field == 1;
            }
            if (end > length) {
                break;
            }
            pos[0] = (int) end;
        }
        if (sawSampleType) {
            return Detection.YES;
        }
        return complete || length >= 1 << 20 ? Detection.NO : Detection.NEED_MORE;
    }

    private static boolean allowed(int field, int wire) {
        return switch (field) {
            case 1, 2, 3, 4, 5, 6, 11 -> wire == LENGTH;
            case 7, 8, 9, 10, 12, 14, 15 -> wire == VARINT;
            case 13 -> wire == VARINT || wire == LENGTH;
            default -> false;
        };
    }

    /** A {@code ValueType}: only fields 1 and 2, as varints. */
    private static boolean isValueType(byte[] b, int from, int to) {
        int[] pos = {from};
        while (pos[0] < to) {
            long tag = varint(b, pos, to);
            if (tag != (1 << 3 | VARINT) && tag != (2 << 3 | VARINT)) {
                return false;
            }
            if (varint(b, pos, to) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Reads a varint at {@code pos[0]}; -1 when malformed, -2 when the bytes end inside it. */
    private static long varint(byte[] b, int[] pos, int length) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos[0] >= length) {
                return -2;
            }
            int x = b[pos[0]++] & 0xFF;
            value |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                return value < 0 ? Long.MAX_VALUE : value;
            }
        }
        return -1;
    }

}
