package dev.flamediff.collect.jfr;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Reads JFR string values in a chunk's bytes as UTF-8, in each of the encodings the format has. */
final class JfrStrings {

    private JfrStrings() {
    }

    /**
     * Reads a string value at the cursor as UTF-8 bytes: null (encoding 0), empty (1), a
     * reference into the chunk's string pool (2), UTF-8 (3), chars (4) or Latin-1 (5).
     *
     * @param chunk the chunk's bytes the cursor reads
     * @param size the chunk's size, the bound of a pool reference's cursor
     * @param pool the chunk's string pool
     * @return the bytes, or null for a null string or a reference to no string (or to another reference)
     * @throws JfrBytes.Overrun if the value runs past its bounds or has an unknown encoding
     */
    static byte[] utf8(JfrBytes in, byte[] chunk, int size, JfrIdTable pool) {
        int at = in.pos();
        int encoding = in.u1();
        switch (encoding) {
            case 0:
                return null;
            case 1:
                return new byte[0];
            case 2: {
                int ref = pool.offsetOf(in.varlong());
                if (ref < 0) {
                    return null;
                }
                in.at(ref, size);
                // A pool string that is itself a reference would chain without end.
                return chunk[ref] == 2 ? null : utf8(in, chunk, size, pool);
            }
            case 3: {
                int n = in.count(1, "a string");
                int start = in.pos();
                in.skip(n, "a string");
                return Arrays.copyOfRange(chunk, start, start + n);
            }
            case 5: {
                int n = in.count(1, "a string");
                int start = in.pos();
                in.skip(n, "a string");
                return new String(chunk, start, n, StandardCharsets.ISO_8859_1).getBytes(StandardCharsets.UTF_8);
            }
            case 4: {
                int n = in.count(1, "a string of chars");
                char[] chars = new char[n];
                for (int i = 0; i < n; i++) {
                    chars[i] = (char) in.varint();
                }
                return new String(chars).getBytes(StandardCharsets.UTF_8);
            }
            default:
                throw new JfrBytes.Overrun("a string has an unknown encoding", at);
        }
    }
}
