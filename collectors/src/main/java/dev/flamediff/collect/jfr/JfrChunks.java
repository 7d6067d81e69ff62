package dev.flamediff.collect.jfr;

import java.util.List;
import java.util.Optional;

/**
 * The readable chunks of a recording and, when the file ends early or a chunk is unfinished,
 * what was left out.
 *
 * @param readable the chunks both parsers can read, in file order, never empty
 * @param fileSize the size of the file
 * @param truncation why the recording is incomplete, for the profile's notes; empty when whole
 */
record JfrChunks(List<JfrChunk> readable, long fileSize, Optional<String> truncation) {

    JfrChunks {
        readable = List.copyOf(readable);
    }

    /** Returns the offset just past the last readable chunk. */
    long readableEnd() {
        return readable.get(readable.size() - 1).end();
    }

    /** Returns the recording's start, in nanoseconds since the epoch (the first chunk's start). */
    long startNanos() {
        return readable.get(0).startNanos();
    }

    /** Returns the time from the first readable chunk's start to the last one's end. */
    long durationNanos() {
        JfrChunk last = readable.get(readable.size() - 1);
        return last.startNanos() + last.durationNanos() - startNanos();
    }

    /** Returns the readable chunk that contains the offset, or the last one. */
    JfrChunk chunkAt(long offset) {
        for (JfrChunk c : readable) {
            if (offset < c.end()) {
                return c;
            }
        }
        return readable.get(readable.size() - 1);
    }
}
