package dev.flamediff.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds and makes the inputs of the JMH benchmarks: the committed fixtures (found from the
 * working directory upwards, or under the {@code flamediff.root} system property) and
 * synthetic files written to a temporary directory.
 */
final class BenchInputs {

    private BenchInputs() {
    }

    /** Returns the repository's root: the nearest directory upwards that holds {@code fixtures/jfr}. */
    static Path root() {
        String configured = System.getProperty("flamediff.root");
        if (configured != null) {
            return Path.of(configured).toAbsolutePath();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("fixtures/jfr"))) {
                return dir;
            }
        }
        throw new IllegalStateException("run the benchmarks inside the repository or set -Dflamediff.root=DIR");
    }

    /** Returns a committed fixture, such as {@code jfr/ap17-head.jfr}. */
    static Path fixture(String relative) {
        return root().resolve("fixtures").resolve(relative);
    }

    /**
     * Returns a temporary file that holds the fixture repeated until it is at least
     * {@code bytes} long; JFR files stay valid this way (a recording is a sequence of chunks).
     */
    static Path repeated(String relative, long bytes) throws IOException {
        byte[] content = Files.readAllBytes(fixture(relative));
        Path out = Files.createTempFile("flamediff-bench", "-" + Path.of(relative).getFileName());
        out.toFile().deleteOnExit();
        try (OutputStream stream = Files.newOutputStream(out)) {
            long written = 0;
            do {
                stream.write(content);
                written += content.length;
            } while (written < bytes);
        }
        return out;
    }

    /** Returns a temporary synthetic folded file (see {@link FoldedGenerator}). */
    static Path folded(boolean head, int uniqueStacks, long bytes) throws IOException {
        Path out = Files.createTempFile("flamediff-bench", head ? "-head.folded" : "-base.folded");
        out.toFile().deleteOnExit();
        FoldedGenerator.write(head, out, uniqueStacks, bytes, FoldedGenerator.DEFAULT_SEED);
        return out;
    }

    /** An output stream that counts and drops what it gets, so renderers are measured without I/O. */
    static final class CountingSink extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
