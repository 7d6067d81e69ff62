package dev.flamediff.collect.jfr;

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

    /** Returns the offset just past the chunk. */
    long end() {
        return offset + size;
    }
}
