package dev.flamediff.collect;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * The decompressed bytes of gzip data (RFC 1952), every member in turn, as {@code gzip -d} reads
 * them. Written for untrusted input where {@link java.util.zip.GZIPInputStream} is not: that class
 * reads header fields one byte and one read call at a time with no bound (a 63 MB file name took
 * a minute, outside every limit), and it treats a damaged header on any member after the first as
 * the end of the data, silently dropping the rest. Here the header's name and comment are read
 * from a buffer and limited to {@link #MAX_HEADER_FIELD} bytes, and bytes after a member must be
 * another member (or zero padding, which gzip also ignores); anything else is a
 * {@link ZipException}. Each member's CRC-32 and length are checked. Not thread-safe.
 */
final class GzipMembersInputStream extends InputStream {

    /** The longest file name or comment a header may carry; real ones are file names. */
    static final int MAX_HEADER_FIELD = 64 * 1024;

    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final int RESERVED = 0xE0;

    private final InputStream in;
    private final String name;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int end;
    private long consumed;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private int member;
    private boolean inMember;
    private boolean done;

    /** @param name the input's name, for an interruption */
    GzipMembersInputStream(InputStream in, String name) {
        this.in = in;
        this.name = name;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (!done) {
            if (!inMember) {
                if ((member & 1023) == 1023) {
                    // Members that expand to nothing never return to the caller's checks.
                    ReadInterrupts.check(name);
                }
                if (!startMember()) {
                    if (member == 0) {
                        throw new EOFException("no gzip header");
                    }
                    done = true;
                    break;
                }
            }
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw new ZipException("member " + member + ": " + e.getMessage());
            }
            if (n > 0) {
                crc.update(b, off, n);
                return n;
            }
            if (inflater.finished()) {
                int remaining = inflater.getRemaining();
                pos = end - remaining;
                finishMember();
            } else if (inflater.needsDictionary()) {
                throw new ZipException("member " + member + " needs a preset dictionary");
            } else if (inflater.needsInput()) {
                if (!fill()) {
                    throw new EOFException("the gzip data ends inside member " + member);
                }
                inflater.setInput(buf, pos, end - pos);
                pos = end;
            }
        }
        return -1;
    }

    /** Reads the next member's header; false at the end of the data (or of its zero padding). */
    private boolean startMember() throws IOException {
        if (!ensure(1)) {
            return false;
        }
        if (member > 0 && buf[pos] == 0) {
            // gzip ignores zeros after the last member (tapes and some writers pad with them).
            while (ensure(1)) {
                if (buf[pos++] != 0) {
                    throw new ZipException("bytes after gzip member " + member + " at compressed byte "
                            + (consumed - (end - pos) - 1) + " are neither a gzip member nor zero padding");
                }
            }
            return false;
        }
        long at = consumed - (end - pos);
        if (!ensure(10) || (buf[pos] & 0xFF) != 0x1F || (buf[pos + 1] & 0xFF) != 0x8B) {
            throw new ZipException(member == 0 ? "not in gzip format" : "bytes after gzip member " + member
                    + " at compressed byte " + at + " are not a gzip header (a damaged member would be lost)");
        }
        int method = buf[pos + 2] & 0xFF;
        int flags = buf[pos + 3] & 0xFF;
        if (method != 8) {
            throw new ZipException("gzip member " + (member + 1) + " uses compression method " + method + ", not deflate");
        }
        if ((flags & RESERVED) != 0) {
            throw new ZipException("gzip member " + (member + 1) + " has reserved header flags set");
        }
        pos += 10;
        if ((flags & FEXTRA) != 0) {
            if (!ensure(2)) {
                throw new EOFException("the gzip data ends inside a header");
            }
            int xlen = (buf[pos] & 0xFF) | (buf[pos + 1] & 0xFF) << 8;
            pos += 2;
            skip(xlen);
        }
        if ((flags & FNAME) != 0) {
            skipZeroTerminated("file name");
        }
        if ((flags & FCOMMENT) != 0) {
            skipZeroTerminated("comment");
        }
        if ((flags & FHCRC) != 0) {
            skip(2);
        }
        member++;
        inMember = true;
        inflater.reset();
        crc.reset();
        if (pos < end) {
            inflater.setInput(buf, pos, end - pos);
            pos = end;
        }
        return true;
    }

    private void finishMember() throws IOException {
        if (!ensure(8)) {
            throw new EOFException("the gzip data ends inside the trailer of member " + member);
        }
        long storedCrc = le32(pos);
        long storedSize = le32(pos + 4);
        pos += 8;
        if (storedCrc != crc.getValue()) {
            throw new ZipException("member " + member + " fails its CRC check");
        }
        if (storedSize != (inflater.getBytesWritten() & 0xFFFFFFFFL)) {
            throw new ZipException("member " + member + " has the wrong length in its trailer");
        }
        inMember = false;
    }

    private void skipZeroTerminated(String what) throws IOException {
        int length = 0;
        while (true) {
            if (!ensure(1)) {
                throw new EOFException("the gzip data ends inside a header's " + what);
            }
            // A buffer at a time: the search for the terminating zero is a scan, not a read per byte.
            int start = pos;
            while (pos < end && buf[pos] != 0) {
                pos++;
            }
            length += pos - start;
            if (length > MAX_HEADER_FIELD) {
                throw new ZipException("the gzip header's " + what + " is longer than " + MAX_HEADER_FIELD + " bytes");
            }
            if (pos < end) {
                pos++;
                return;
            }
        }
    }

    private void skip(int n) throws IOException {
        int left = n;
        while (left > 0) {
            if (!ensure(1)) {
                throw new EOFException("the gzip data ends inside a header");
            }
            int step = Math.min(left, end - pos);
            pos += step;
            left -= step;
        }
    }

    private long le32(int at) {
        return (buf[at] & 0xFFL) | (buf[at + 1] & 0xFFL) << 8 | (buf[at + 2] & 0xFFL) << 16 | (buf[at + 3] & 0xFFL) << 24;
    }

    /** Makes at least {@code n} (at most the buffer's size) unread bytes available; false at the end. */
    private boolean ensure(int n) throws IOException {
        while (end - pos < n) {
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, end - pos);
                end -= pos;
                pos = 0;
            }
            int r = in.read(buf, end, buf.length - end);
            if (r < 0) {
                return false;
            }
            end += r;
            consumed += r;
        }
        return true;
    }

    /** Reads more compressed bytes after the unread ones are handed to the inflater; false at the end. */
    private boolean fill() throws IOException {
        pos = 0;
        end = 0;
        int r = in.read(buf, 0, buf.length);
        if (r < 0) {
            return false;
        }
        end = r;
        consumed += r;
        return true;
    }

    @Override
    public void close() throws IOException {
        inflater.end();
        in.close();
    }
}
