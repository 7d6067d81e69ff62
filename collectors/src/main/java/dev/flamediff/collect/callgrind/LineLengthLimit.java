package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.InputLimitException;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Position;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Fails with {@link InputLimitException} at the first line longer than a set number of bytes.
 * The parser reads whole lines as strings, so without it one hostile line without a break
 * would be buffered whole (two chars of heap per byte, and more while the buffer grows).
 */
final class LineLengthLimit extends FilterInputStream {

    private final long maxLineBytes;
    private final String source;
    private long lineBytes;
    private long line = 1;

    LineLengthLimit(InputStream in, long maxLineBytes, String source) {
        super(in);
        this.maxLineBytes = maxLineBytes;
        this.source = source;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count((byte) b);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        for (int i = off; i < off + n; i++) {
            count(b[i]);
        }
        return n;
    }

    private void count(byte b) throws InputLimitException {
        if (b == '\n') {
            line++;
            lineBytes = 0;
        } else if (++lineBytes > maxLineBytes) {
            throw new InputLimitException(new LimitExceededException("line longer than the limit of " + maxLineBytes
                    + " bytes", source, CallgrindReader.FORMAT, Position.line(line), null));
        }
    }
}
