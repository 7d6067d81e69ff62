package dev.flamediff.cli;

import dev.flamediff.collect.PrivateTempFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a run's output where {@code -o} says, bounded by the output limit: a file through
 * {@link AtomicOutput} (or in place for a device or pipe, see {@link OutputFiles}); standard
 * output only once the whole document is rendered, so a renderer that fails writes nothing. A
 * document for standard output is held in memory up to {@link #IN_MEMORY} bytes and spooled to a
 * private temporary file past that, so the limit bounds the disk it takes, not the heap. Every
 * write error, standard output's included, is an {@link IOException}.
 */
final class OutputWriter {

    /** The most of a document for standard output held in memory before it is spooled to disk. */
    static final int IN_MEMORY = 8 << 20;

    private final OutputStream stdout;
    private final long limit;
    private final int inMemory;

    /** @param limit the most bytes one output may take */
    OutputWriter(OutputStream stdout, long limit) {
        this(stdout, limit, IN_MEMORY);
    }

    /** @param inMemory the most of a document for standard output held in memory */
    OutputWriter(OutputStream stdout, long limit, int inMemory) {
        this.stdout = stdout;
        this.limit = limit;
        this.inMemory = inMemory;
    }

    /** The least default output limit: far above any single-profile SVG, PNG or Markdown. */
    static final long MIN_DEFAULT_LIMIT = 1L << 30;
    /**
     * The default limit per byte of input: a JSON or collapsed diff writes every node, so a real
     * pair's output grows with its union tree and so with its inputs (the async-profiler pair of the
     * benchmarks has 8.6 million union nodes from 338 MB of recordings), while a hostile 97 KB
     * recording of deep stacks with long names wrote 2.1 GB.
     */
    static final long DEFAULT_BYTES_PER_INPUT_BYTE = 16;

    /**
     * Returns the default output limit for these inputs: {@link #DEFAULT_BYTES_PER_INPUT_BYTE} times
     * their size on disk, at least {@link #MIN_DEFAULT_LIMIT} (standard input counts as empty).
     */
    @SafeVarargs
    static long defaultLimit(java.util.List<String>... sides) {
        long bytes = 0;
        for (java.util.List<String> side : sides) {
            for (String name : side) {
                try {
                    if (!"-".equals(name)) {
                        bytes += Files.size(Path.of(name));
                    }
                } catch (IOException | RuntimeException e) {
                    // Read after this; a missing or unreadable input fails there with its own message.
                }
            }
        }
        return Math.max(MIN_DEFAULT_LIMIT, bytes > Long.MAX_VALUE / DEFAULT_BYTES_PER_INPUT_BYTE ? Long.MAX_VALUE
                : bytes * DEFAULT_BYTES_PER_INPUT_BYTE);
    }

    /** Writes the content to the file, or to standard output when there is none. */
    void write(java.util.Optional<Path> file, AtomicOutput.Content content) throws IOException {
        if (file.isPresent()) {
            OutputFiles.Plan plan = OutputFiles.plan(file.get());
            if (plan.kind() == OutputFiles.Kind.WRITE_IN_PLACE) {
                try (OutputStream out = OutputFiles.openInPlace(plan.path())) {
                    content.writeTo(new LimitedOutputStream(out, limit));
                }
            } else {
                AtomicOutput.write(plan.path(), out -> content.writeTo(new LimitedOutputStream(out, limit)));
            }
            return;
        }
        try (Spool spool = new Spool(inMemory)) {
            content.writeTo(new LimitedOutputStream(spool, limit));
            spool.copyTo(stdout);
        }
        stdout.flush();
    }

    /** Memory first, then a private temporary file. */
    private static final class Spool extends OutputStream {
        private final int inMemory;
        private ByteArrayOutputStream memory = new ByteArrayOutputStream(1 << 16);
        private Path file;
        private OutputStream disk;

        Spool(int inMemory) {
            this.inMemory = inMemory;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (disk == null && memory.size() + (long) len > inMemory) {
                file = PrivateTempFiles.create(null, "flamediff-stdout");
                disk = new java.io.BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
                memory.writeTo(disk);
                memory = null;
            }
            if (disk != null) {
                disk.write(b, off, len);
            } else {
                memory.write(b, off, len);
            }
        }

        void copyTo(OutputStream out) throws IOException {
            if (disk == null) {
                memory.writeTo(out);
                return;
            }
            disk.close();
            try (InputStream in = Files.newInputStream(file)) {
                in.transferTo(out);
            }
        }

        @Override
        public void close() throws IOException {
            if (disk != null) {
                disk.close();
            }
            if (file != null) {
                Files.deleteIfExists(file);
            }
        }
    }
}
