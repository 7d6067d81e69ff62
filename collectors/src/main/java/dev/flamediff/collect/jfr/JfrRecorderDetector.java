package dev.flamediff.collect.jfr;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Tells which program wrote a recording from its first chunk's metadata, without parsing it:
 * async-profiler declares its own {@code profiler.*} event types (the same test
 * {@link AsyncJfrParser} makes once the metadata is loaded), the JDK's recorder never does.
 */
final class JfrRecorderDetector {

    /** The bytes of a type name only async-profiler declares; its metadata strings are UTF-8. */
    private static final byte[] ASYNC_PROFILER_TYPE = "profiler.WallClockSample".getBytes(StandardCharsets.US_ASCII);
    /** Enough for any metadata event seen (async-profiler's is about 10 KB, the JDK's 100-200 KB). */
    private static final int MAX_METADATA_BYTES = 1 << 20;

    private JfrRecorderDetector() {
    }

    /**
     * Returns whether every one of the chunks was written by async-profiler.
     *
     * @param file the recording
     * @param chunks readable chunks of it (their headers were checked by {@link JfrChunkScanner})
     * @return true if each chunk's metadata declares async-profiler's event types; false as soon
     *     as one comes from the JDK's recorder, or its metadata is not where its header says
     * @throws IOException if the file cannot be read
     */
    static boolean isAsyncProfiler(Path file, List<JfrChunk> chunks) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (JfrChunk chunk : chunks) {
                if (!isAsyncProfiler(ch, chunk)) {
                    return false;
                }
            }
            return !chunks.isEmpty();
        }
    }

    private static boolean isAsyncProfiler(FileChannel ch, JfrChunk chunk) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(32);
        if (ch.read(header, chunk.offset()) < 32) {
            return false;
        }
        long metaOffset = header.getLong(24);
        if (metaOffset < JfrChunkScanner.HEADER_SIZE || metaOffset >= chunk.size()) {
            return false;
        }
        int length = (int) Math.min(MAX_METADATA_BYTES, chunk.size() - metaOffset);
        ByteBuffer meta = ByteBuffer.allocate(length);
        while (meta.hasRemaining() && ch.read(meta, chunk.offset() + metaOffset + meta.position()) > 0) {
            // Reads until the buffer is full or the file ends.
        }
        return contains(meta.array(), meta.position(), ASYNC_PROFILER_TYPE);
    }

    private static boolean contains(byte[] haystack, int length, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
