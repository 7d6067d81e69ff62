package dev.flamediff.collect;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * One input to read: a file or a stream, gzip-compressed or not. Readers see decompressed bytes,
 * either as a stream ({@link #open()}, which can be called again) or as a file
 * ({@link #file()}, for readers that need random access). Streams (stdin) are spooled to a
 * temporary file first so they can be detected and read like files; temporary files are
 * owner-only ({@link PrivateTempFiles}). Close the input to delete them. Not thread-safe.
 */
public final class ProfileInput implements Closeable {

    private static final int GZIP_MAGIC_0 = 0x1f;
    private static final int GZIP_MAGIC_1 = 0x8b;

    private final String name;
    private final Path path;
    private final boolean gzip;
    private final InputLimits limits;
    private final Path spooled;
    private Path decompressed;

    private ProfileInput(String name, Path path, boolean gzip, InputLimits limits, Path spooled) {
        this.name = name;
        this.path = path;
        this.gzip = gzip;
        this.limits = limits;
        this.spooled = spooled;
    }

    /**
     * Opens a file input.
     *
     * @throws NoSuchFileException if the file does not exist
     * @throws IOException if it cannot be read
     */
    public static ProfileInput of(Path path, InputLimits limits) throws IOException {
        if (Files.isDirectory(path)) {
            throw new IOException("is a directory");
        }
        return new ProfileInput(path.toString(), path, isGzip(path), limits, null);
    }

    /**
     * Spools a stream (for example stdin) to a temporary file and opens that; the stream is read
     * to its end but not closed.
     *
     * @throws InputLimitException if the stream is longer than the byte limit
     */
    public static ProfileInput of(String name, InputStream in, InputLimits limits) throws IOException {
        // Owner-only: an uploaded profile in a shared folder. Written into the created file, since
        // copying with REPLACE_EXISTING would make a new one with the default permissions.
        Path tmp = PrivateTempFiles.create(null, "flamediff-input");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                new LimitedInputStream(in, limits.maxBytes(), -1, name).transferTo(out);
            }
            return new ProfileInput(name, tmp, isGzip(tmp), limits, tmp);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    /** Returns the input's name as the user gave it (a path, or {@code -} for stdin). */
    public String name() {
        return name;
    }

    /** Returns whether the input was gzip-compressed. */
    public boolean compressed() {
        return gzip;
    }

    /** Returns the limits this input is read under. */
    public InputLimits limits() {
        return limits;
    }

    /**
     * Opens a new stream of the decompressed bytes. Reading past the byte or gzip-ratio limit
     * throws {@link InputLimitException}.
     */
    public InputStream open() throws IOException {
        if (decompressed != null) {
            return new BufferedInputStream(Files.newInputStream(decompressed), 1 << 16);
        }
        InputStream raw = Files.newInputStream(path);
        if (!gzip) {
            return new LimitedInputStream(new BufferedInputStream(raw, 1 << 16), limits.maxBytes(), -1, name);
        }
        // The ratio is checked against the compressed bytes consumed so far, not the file's size:
        // a large bomb is then stopped after about a megabyte of output instead of after ratio
        // times its whole size (which file() would first write to disk).
        CountingInputStream counted = new CountingInputStream(raw);
        int ratio = limits.maxGzipRatio();
        LongSupplier ratioCap = ratio == Integer.MAX_VALUE ? () -> Long.MAX_VALUE
                : () -> Math.max(1L << 20, counted.count > Long.MAX_VALUE / ratio ? Long.MAX_VALUE
                        : counted.count * ratio);
        return new LimitedInputStream(new BufferedInputStream(new GzipMembersInputStream(counted, name), 1 << 16),
                limits.maxBytes(), ratioCap, name);
    }

    /** Counts the compressed bytes the inflater has consumed. */
    private static final class CountingInputStream extends FilterInputStream {
        private long count;

        CountingInputStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s = super.skip(n);
            count += s;
            return s;
        }
    }

    /**
     * Returns a file holding the decompressed bytes: the input itself when it is not compressed,
     * otherwise a temporary copy made on first use.
     */
    public Path file() throws IOException {
        if (!gzip) {
            return path;
        }
        if (decompressed == null) {
            Path tmp = PrivateTempFiles.create(null, "flamediff-gunzip");
            try (InputStream in = open(); OutputStream out = Files.newOutputStream(tmp)) {
                in.transferTo(out);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
            decompressed = tmp;
        }
        return decompressed;
    }

    /** Returns up to {@code max} first decompressed bytes; shorter when the input is shorter. */
    public byte[] prefix(int max) throws IOException {
        try (InputStream in = open()) {
            byte[] buf = in.readNBytes(max);
            return Arrays.copyOf(buf, buf.length);
        }
    }

    /** Deletes any temporary file this input made. */
    @Override
    public void close() throws IOException {
        if (decompressed != null) {
            Files.deleteIfExists(decompressed);
            decompressed = null;
        }
        if (spooled != null) {
            Files.deleteIfExists(spooled);
        }
    }

    private static boolean isGzip(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return in.read() == GZIP_MAGIC_0 && in.read() == GZIP_MAGIC_1;
        }
    }
}
