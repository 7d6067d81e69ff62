package dev.flamediff.collect.jfr;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * One chunk of a recording as its 68-byte header describes it.
 *
 * @param offset where the chunk starts in the file
 * @param size the chunk's size in bytes, header included
 * @param startNanos the chunk's start, in nanoseconds since the epoch
 * @param durationNanos the chunk's duration
 * @param inProgress whether the writer had not finished the chunk (non-zero state byte); such a
 *     chunk is readable up to its last flush
 */
record JfrChunk(long offset, long size, long startNanos, long durationNanos, boolean inProgress) {

    /** The most bytes one read asks for. */
    private static final int READ_SLICE = 1 << 20;

    /** Returns the offset just past the chunk. */
    long end() {
        return offset + size;
    }

    /**
     * Reads the chunk's bytes from the recording into {@code into[0, size)}.
     *
     * @throws IOException if the file ends before the chunk does
     */
    void readInto(FileChannel recording, byte[] into) throws IOException {
        int at = 0;
        while (at < size) {
            // A slice at a time: a channel reads into a heap array through a temporary direct
            // buffer as large as the read, which for a whole chunk of 165 MB was as much fresh,
            // zeroed native memory again per file, kept by the thread afterwards.
            ByteBuffer target = ByteBuffer.wrap(into, at, (int) Math.min(READ_SLICE, size - at));
            int read = recording.read(target, offset + at);
            if (read < 0) {
                throw new IOException("the file ends at byte " + (offset + at));
            }
            at += read;
        }
    }
}
