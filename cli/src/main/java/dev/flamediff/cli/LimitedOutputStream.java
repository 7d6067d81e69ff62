package dev.flamediff.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Fails once more than a set number of bytes has been written: a few kilobytes of input can
 * describe gigabytes of output (stacks 16,384 frames deep with 65,000-character names, or a
 * callgrind call graph expanded into millions of stacks), so output is bounded like input.
 */
final class LimitedOutputStream extends FilterOutputStream {

    /** The output passed the limit; what was written is discarded by the caller. */
    static final class OutputLimitException extends IOException {
        OutputLimitException(long limit) {
            super("the output is larger than the limit of " + limit + " bytes (--max-output-bytes; fewer frames with"
                    + " --minwidth, --max-frames or --max-nodes also make it smaller)");
        }
    }

    private final long limit;
    private long count;

    LimitedOutputStream(OutputStream out, long limit) {
        super(out);
        this.limit = limit;
    }

    @Override
    public void write(int b) throws IOException {
        advance(1);
        out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        advance(len);
        out.write(b, off, len);
    }

    private void advance(int n) throws OutputLimitException {
        if (n > limit - count) {
            throw new OutputLimitException(limit);
        }
        count += n;
    }
}
