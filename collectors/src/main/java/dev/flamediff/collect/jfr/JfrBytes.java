package dev.flamediff.collect.jfr;

/**
 * A bounded cursor over the bytes of one chunk that decodes integers and strings exactly as
 * async-profiler's parser does ({@code JfrReader.getVarint} reads continuation bytes without limit,
 * {@code getVarlong} takes nine bytes at most, the ninth whole), so a walk with it stays in step
 * with the parser. Reading past {@link #limit} throws {@link Overrun} instead of reading on.
 * Mutable, single-threaded.
 */
final class JfrBytes {

    /** A read past the limit, or a value that cannot be right; {@code at} is the chunk offset. */
    static final class Overrun extends RuntimeException {
        final int at;

        Overrun(String problem, int at) {
            super(problem, null, false, false);
            this.at = at;
        }
    }

    private final byte[] bytes;
    private int pos;
    private int limit;

    /** @param bytes the chunk, from its header on; positions are offsets in it */
    JfrBytes(byte[] bytes, int pos, int limit) {
        this.bytes = bytes;
        this.pos = pos;
        this.limit = limit;
    }

    int pos() {
        return pos;
    }

    int limit() {
        return limit;
    }

    int remaining() {
        return limit - pos;
    }

    /** Moves to {@code pos} and reads up to {@code limit} from there on. */
    JfrBytes at(int newPos, int newLimit) {
        this.pos = newPos;
        this.limit = newLimit;
        return this;
    }

    int u1() {
        int p = pos;
        if (p >= limit) {
            throw endsAt(p);
        }
        pos = p + 1;
        return bytes[p];
    }

    // The integer readers are the reader's innermost loops, and large runs are compiled by C1
    // alone (the launcher): C1 inlines only methods of 35 bytecodes or fewer, so u1 keeps its
    // throw out of line, and the varint loops read the array themselves instead of calling u1.

    /** Leaves the cursor where the value ran out, and returns the error to throw. */
    private Overrun endsAt(int p) {
        pos = p;
        return new Overrun("ends inside a value", p);
    }

    int varint() {
        byte[] b = bytes;
        int p = pos;
        int end = limit;
        int result = 0;
        for (int shift = 0; ; shift += 7) {
            if (p >= end) {
                throw endsAt(p);
            }
            int v = b[p++];
            result |= (v & 0x7F) << shift;
            if (v >= 0) {
                pos = p;
                return result;
            }
        }
    }

    long varlong() {
        byte[] b = bytes;
        int p = pos;
        int end = limit;
        long result = 0;
        for (int shift = 0; shift < 56; shift += 7) {
            if (p >= end) {
                throw endsAt(p);
            }
            int v = b[p++];
            result |= (v & 0x7FL) << shift;
            if (v >= 0) {
                pos = p;
                return result;
            }
        }
        if (p >= end) {
            throw endsAt(p);
        }
        pos = p + 1;
        return result | (b[p] & 0xFFL) << 56;
    }

    /**
     * Skips {@code times} values of a struct whose fields are all scalars ({@link JfrLayout#LONG}
     * or {@link JfrLayout#BYTE}, one code each): what {@link #varlong} and {@link #u1} would read,
     * in one loop over the bytes, ending or throwing where they would.
     */
    void skipScalars(int[] codes, int times) {
        if (allLongs(codes)) {
            skipVarlongs((long) times * codes.length);
            return;
        }
        byte[] b = bytes;
        int p = pos;
        int end = limit;
        for (int t = 0; t < times; t++) {
            for (int code : codes) {
                if (code == JfrLayout.BYTE) {
                    if (p >= end) {
                        throw endsInside(p);
                    }
                    p++;
                    continue;
                }
                // A varlong: up to eight bytes with the continuation bit, then a ninth taken whole.
                for (int read = 1; ; read++) {
                    if (p >= end) {
                        throw endsInside(p);
                    }
                    if (b[p++] >= 0) {
                        break;
                    }
                    if (read == 8) {
                        if (p >= end) {
                            throw endsInside(p);
                        }
                        p++;
                        break;
                    }
                }
            }
        }
        pos = p;
    }

    private static boolean allLongs(int[] codes) {
        for (int code : codes) {
            if (code != JfrLayout.LONG) {
                return false;
            }
        }
        return true;
    }

    /**
     * Skips {@code count} varlongs in one loop over the bytes, not one loop a value: every
     * recorder's stack frames are four varlongs, and the stack-trace pool is most of a recording.
     * A value ends at a byte without the continuation bit, or at the byte after eight with it.
     */
    private void skipVarlongs(long count) {
        byte[] b = bytes;
        int p = pos;
        int end = limit;
        int continued = 0;
        for (long left = count; left > 0; ) {
            if (p >= end) {
                throw endsInside(p);
            }
            if (b[p++] >= 0) {
                left--;
                continued = 0;
            } else if (++continued == 8) {
                if (p >= end) {
                    throw endsInside(p);
                }
                p++;
                left--;
                continued = 0;
            }
        }
        pos = p;
    }

    private Overrun endsInside(int at) {
        pos = at;
        return new Overrun("ends inside a value", at);
    }

    /**
     * Reads a count of entries that take at least {@code minBytes} each, and checks that many
     * entries fit in what remains: the parser allocates from a count before it reads the entries.
     */
    int count(int minBytes, String what) {
        int at = pos;
        int n = varint();
        if (n < 0 || (long) n * minBytes > remaining()) {
            throw new Overrun(what + " " + Integer.toUnsignedString(n) + " does not fit in the " + remaining()
                    + " bytes left", at);
        }
        return n;
    }

    /**
     * As {@link #count(int, String)}, the name of what is counted being the three parts joined,
     * which is done only for the error: pools are counted thousands of times a recording.
     */
    int count(int minBytes, String prefix, String name, String suffix) {
        int at = pos;
        int n = varint();
        if (n < 0 || (long) n * minBytes > remaining()) {
            throw new Overrun(prefix + name + suffix + " " + Integer.toUnsignedString(n) + " does not fit in the "
                    + remaining() + " bytes left", at);
        }
        return n;
    }

    void skip(int n, String what) {
        if (n < 0 || n > remaining()) {
            throw new Overrun(what + " of " + Integer.toUnsignedString(n) + " bytes does not fit in the "
                    + remaining() + " bytes left", pos);
        }
        pos += n;
    }

    /** Skips a string as the parser reads it ({@code JfrReader.getString}), checking its length. */
    void skipString() {
        int at = pos;
        switch (u1()) {
            case 0, 1 -> {
            }
            case 2 -> varlong();
            case 3, 5 -> skip(varint(), "a string");
            case 4 -> {
                int n = count(1, "a string of chars");
                for (int i = 0; i < n; i++) {
                    varint();
                }
            }
            default -> throw new Overrun("a string has an unknown encoding", at);
        }
    }

    /** Reads a string the way the parser does, for the metadata's own string table. */
    String string() {
        int at = pos;
        switch (u1()) {
            case 0:
                return null;
            case 1:
                return "";
            case 2:
                varlong();
                // A reference into a constant pool, which the metadata cannot use yet.
                return null;
            case 3:
            case 5: {
                int n = varint();
                int start = pos;
                skip(n, "a string");
                return new String(bytes, start, n, u1At(at) == 3 ? java.nio.charset.StandardCharsets.UTF_8
                        : java.nio.charset.StandardCharsets.ISO_8859_1);
            }
            case 4: {
                int n = count(1, "a string of chars");
                char[] chars = new char[n];
                for (int i = 0; i < n; i++) {
                    chars[i] = (char) varint();
                }
                return new String(chars);
            }
            default:
                throw new Overrun("a string has an unknown encoding", at);
        }
    }

    private byte u1At(int at) {
        return bytes[at];
    }
}
