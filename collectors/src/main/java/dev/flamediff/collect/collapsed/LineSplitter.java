package dev.flamediff.collect.collapsed;

import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Position;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * Cuts a stream of collapsed text into lines inside one growing buffer, without a String per
 * line, and hands each to a {@link Sink} with its number. A line is bounded (it is buffered
 * whole), and the read stops when asked to, once per buffer of 64 KB. Single use.
 */
final class LineSplitter {

    /** Receives the lines, {@code buf[s, e)} without the line end. */
    interface Sink {
        void line(long number, byte[] buf, int s, int e) throws ProfileException;
    }

    private final String source;
    private final long maxLineBytes;
    private final BooleanSupplier stop;
    /** The byte that ends lines, or 0 until the input shows it. */
    private byte eol;
    /** Whether the stream starts the input, so a byte-order mark may open its first line. */
    private boolean first;
    private long line;

    /**
     * @param eol the byte that ends lines, or 0 to find it from the bytes (see {@link #lineEnd})
     * @param fileStart whether the stream is the start of the input
     * @param stop asked once per buffer; true ends the read as interrupted; null for the current
     *     thread's interrupt
     */
    LineSplitter(String source, long maxLineBytes, byte eol, boolean fileStart, BooleanSupplier stop) {
        this.source = source;
        this.maxLineBytes = maxLineBytes;
        this.eol = eol;
        this.first = fileStart;
        this.stop = stop;
    }

    /** Returns the number of lines handed out so far. */
    long lines() {
        return line;
    }

    /**
     * Reads the stream to its end, handing every line to the sink.
     *
     * @throws LimitExceededException for a line longer than the limit
     * @throws java.io.InterruptedIOException when {@code stop} says so
     */
    void split(InputStream in, Sink sink) throws IOException, ProfileException {
        byte[] buf = new byte[1 << 16];
        int start = 0;
        int limit = 0;
        int scan = 0;
        boolean eof = false;
        while (true) {
            if (eol == 0) {
                eol = lineEnd(buf, start, limit, eof);
            }
            int nl = eol == 0 ? -1 : ByteWords.indexOf(buf, scan, limit, eol);
            if (nl >= 0) {
                sink.line(++line, buf, from(buf, start, limit), nl);
                start = nl + 1;
                scan = start;
                continue;
            }
            if (eof) {
                if (start < limit) {
                    sink.line(++line, buf, from(buf, start, limit), limit);
                }
                return;
            }
            if (start > 0) {
                System.arraycopy(buf, start, buf, 0, limit - start);
                limit -= start;
                start = 0;
            }
            scan = limit;
            if (limit == buf.length) {
                if (limit >= maxLineBytes) {
                    throw new LimitExceededException("line longer than the limit of " + maxLineBytes + " bytes",
                            source, CollapsedReader.FORMAT, Position.line(line + 1), null);
                }
                buf = Arrays.copyOf(buf, (int) Math.min(maxLineBytes + 1, (long) buf.length * 2));
            }
            // Once per buffer of 64 KB (a few thousand lines), whatever stream the bytes come from.
            // The flag is left as it is: a helper thread of a parallel read stops for its caller.
            if (stop == null ? Thread.currentThread().isInterrupted() : stop.getAsBoolean()) {
                throw new InterruptedIOException("reading " + source + " was interrupted");
            }
            int r = in.read(buf, limit, buf.length - limit);
            if (r < 0) {
                eof = true;
            } else {
                limit += r;
            }
        }
    }

    private int from(byte[] buf, int start, int limit) {
        if (!first) {
            return start;
        }
        first = false;
        return start + CollapsedDetector.skipBom(buf, limit);
    }

    /**
     * Returns the byte that ends lines, once the bytes show it: {@code \n} (CRLF included, its CR
     * is trailing blank), or {@code \r} for a file with old Mac line ends, whose first line end is
     * a CR not followed by LF. Returns 0 while {@code buf[from, to)} holds neither yet.
     */
    static byte lineEnd(byte[] buf, int from, int to, boolean eof) {
        for (int i = from; i < to; i++) {
            if (buf[i] == '\n') {
                return '\n';
            }
            if (buf[i] == '\r') {
                if (i + 1 < to) {
                    return buf[i + 1] == '\n' ? (byte) '\n' : (byte) '\r';
                }
                return eof ? (byte) '\r' : 0;
            }
        }
        return 0;
    }
}
