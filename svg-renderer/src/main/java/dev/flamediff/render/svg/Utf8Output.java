package dev.flamediff.render.svg;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes text as UTF-8 into a buffer that goes to a stream, escaping the markup characters on
 * the way: the bytes an {@code OutputStreamWriter(out, UTF_8)} behind a {@code BufferedWriter}
 * writes, a lone surrogate as {@code ?} (a high surrogate at the end of one string pairs with a
 * low one at the start of the next, as there). Why not those: a graph's text passed through the
 * escaping loop, the writer's buffer and the encoder's loop one after the other, and in a small
 * diff's run all three are interpreted for most of their calls, before the JIT compiles them; this
 * is one loop over a copy of the characters, with no call per character. Not thread-safe.
 */
final class Utf8Output {

    /** Escape nothing (markup), the text characters ({@code & < >}), or those and {@code "} (attribute values). */
    static final int RAW = 0;
    static final int TEXT = 1;
    static final int ATTRIBUTE = 2;

    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    /** Room for the longest thing one character writes (an entity), checked once per character. */
    private final int limit = buf.length - 8;
    private int pos;
    private char[] chars = new char[512];
    /** A high surrogate that ended the last string, waiting for its low surrogate; 0 if none. */
    private char high;

    Utf8Output(OutputStream out) {
        this.out = out;
    }

    /** Writes the string, with the characters {@code escapes} names as entities. */
    void write(String s, int escapes) throws IOException {
        int n = s.length();
        if (n == 0) {
            return;
        }
        if (chars.length < n) {
            chars = new char[Math.max(n, 2 * chars.length)];
        }
        char[] cs = chars;
        s.getChars(0, n, cs, 0);
        if (pos > limit) {
            drain();
        }
        byte[] b = buf;
        int p = pos;
        int i = 0;
        if (high != 0) {
            if (Character.isLowSurrogate(cs[0])) {
                p = pair(b, p, high, cs[0]);
                i = 1;
            } else {
                b[p++] = '?';
            }
            high = 0;
        }
        for (; i < n; i++) {
            if (p > limit) {
                pos = p;
                drain();
                p = 0;
            }
            char c = cs[i];
            if (c < 0x80) {
                if (escapes != RAW && (c == '&' || c == '<' || c == '>' || (c == '"' && escapes == ATTRIBUTE))) {
                    p = entity(b, p, c);
                } else {
                    b[p++] = (byte) c;
                }
            } else if (c < 0x800) {
                b[p++] = (byte) (0xc0 | (c >> 6));
                b[p++] = (byte) (0x80 | (c & 0x3f));
            } else if (Character.isHighSurrogate(c)) {
                if (i + 1 == n) {
                    high = c;
                } else if (Character.isLowSurrogate(cs[i + 1])) {
                    p = pair(b, p, c, cs[++i]);
                } else {
                    b[p++] = '?';
                }
            } else if (Character.isLowSurrogate(c)) {
                b[p++] = '?';
            } else {
                b[p++] = (byte) (0xe0 | (c >> 12));
                b[p++] = (byte) (0x80 | ((c >> 6) & 0x3f));
                b[p++] = (byte) (0x80 | (c & 0x3f));
            }
        }
        pos = p;
    }

    /** Writes what is buffered to the stream and flushes it (a pending high surrogate stays pending). */
    void flush() throws IOException {
        drain();
        out.flush();
    }

    private static int entity(byte[] b, int p, char c) {
        String entity = c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : "&quot;";
        int n = entity.length();
        for (int k = 0; k < n; k++) {
            b[p + k] = (byte) entity.charAt(k);
        }
        return p + n;
    }

    private static int pair(byte[] b, int p, char high, char low) {
        int cp = Character.toCodePoint(high, low);
        b[p] = (byte) (0xf0 | (cp >> 18));
        b[p + 1] = (byte) (0x80 | ((cp >> 12) & 0x3f));
        b[p + 2] = (byte) (0x80 | ((cp >> 6) & 0x3f));
        b[p + 3] = (byte) (0x80 | (cp & 0x3f));
        return p + 4;
    }

    private void drain() throws IOException {
        if (pos > 0) {
            out.write(buf, 0, pos);
            pos = 0;
        }
    }
}
