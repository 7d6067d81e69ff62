package dev.flamediff.collect;

import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongSupplier;
import java.util.zip.ZipException;

/** Fails with {@link InputLimitException} once more than a set number of bytes has been read. */
final class LimitedInputStream extends FilterInputStream {

    private final long maxBytes;
    private final LongSupplier gzipCap;
    private final String name;
    private long count;

    /**
     * @param maxBytes the byte limit
     * @param gzipCap the byte count past which the gzip expansion ratio is exceeded, or -1
     */
    LimitedInputStream(InputStream in, long maxBytes, long gzipCap, String name) {
        this(in, maxBytes, () -> gzipCap, name);
    }

    /**
     * @param gzipCap the byte count past which the gzip expansion ratio is exceeded so far (it
     *     grows with the compressed bytes consumed), or -1
     */
    LimitedInputStream(InputStream in, long maxBytes, LongSupplier gzipCap, String name) {
        super(in);
        this.maxBytes = maxBytes;
        this.gzipCap = gzipCap;
        this.name = name;
    }

    @Override
    public int read() throws IOException {
        int b;
        try {
            b = super.read();
        } catch (ZipException | EOFException e) {
            throw damaged(e);
        }
        if (b >= 0) {
            advance(1);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        // Per block, not per byte: every reader and the spooling of stdin and gzip come through here.
        ReadInterrupts.check(name);
        int n;
        try {
            n = super.read(b, off, len);
        } catch (ZipException | EOFException e) {
            throw damaged(e);
        }
        if (n > 0) {
            advance(n);
        }
        return n;
    }

    /**
     * Only the gzip stream throws these, for damaged or cut compressed data: bad input, which
     * {@link Profiles} reports as a malformed profile at the decompressed offset reached.
     */
    private InputLimitException damaged(IOException e) {
        return new InputLimitException(new MalformedProfileException("damaged gzip data (" + e.getMessage() + ")",
                name, "gzip", Position.offset(count), e));
    }

    @Override
    public long skip(long n) throws IOException {
        long s = super.skip(n);
        advance(s);
        return s;
    }

    private void advance(long n) throws InputLimitException {
        count += n;
        if (count > maxBytes) {
            throw new InputLimitException(new LimitExceededException(
                    "input is larger than the limit of " + maxBytes + " bytes", name, null, null, null));
        }
        long cap = gzipCap.getAsLong();
        if (cap >= 0 && count > cap) {
            throw new InputLimitException(new LimitExceededException(
                    "gzip data expands more than the limit allows (" + count + " bytes so far)",
                    name, "gzip", null, null));
        }
    }
}
