package dev.flamediff.collect;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Serves bytes and interrupts the thread that reads them once a given number has been served:
 * a read that is interrupted mid-way, deterministically.
 */
public final class InterruptingStream extends InputStream {

    private final InputStream in;
    private final long after;
    private long served;

    public InterruptingStream(byte[] bytes, long after) {
        this.in = new ByteArrayInputStream(bytes);
        this.after = after;
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            served(1);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            served(n);
        }
        return n;
    }

    private void served(int n) {
        served += n;
        if (served > after) {
            Thread.currentThread().interrupt();
        }
    }
}
