package dev.flamediff.testkit;

/** The variable-length integers of JFR's binary format, read and written in place in a recording's bytes. */
public final class JfrVarints {

    private JfrVarints() {
    }

    /** Reads the varlong at {@code pos[0]} and moves {@code pos[0]} past it. */
    public static long varlong(byte[] b, int[] pos) {
        long result = 0;
        for (int shift = 0; shift < 56; shift += 7) {
            byte x = b[pos[0]++];
            result |= (x & 0x7FL) << shift;
            if (x >= 0) {
                return result;
            }
        }
        return result | (b[pos[0]++] & 0xFFL) << 56;
    }

    /**
     * Writes the value as a varlong of exactly {@code length} bytes (continuation bits pad it), so
     * a field keeps its size and nothing after it moves.
     *
     * @throws IllegalArgumentException if the value needs more bytes
     */
    public static void writePadded(byte[] b, int at, int length, long value) {
        long v = value;
        for (int i = 0; i < length - 1; i++) {
            b[at + i] = (byte) (0x80 | (v & 0x7F));
            v >>>= 7;
        }
        if (length == 9) {
            b[at + 8] = (byte) v;
        } else if (v >= 0x80) {
            throw new IllegalArgumentException(value + " does not fit in " + length + " bytes");
        } else {
            b[at + length - 1] = (byte) v;
        }
    }
}
