package dev.flamediff.collect.jfr;

import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import java.io.InterruptedIOException;

/**
 * Walks one chunk's events by their declared sizes, as both parsers that see the chunk's bytes
 * do ({@link FlamediffJfrParser}, and {@link AsyncJfrParser} before it hands an event to
 * async-profiler's parser): an event whose size cannot be right, or a chunk header among the
 * events (the parser would load it as the next chunk, with offsets the scanner never checked),
 * is an error naming the byte; every event is handed over with its bounds and type, and the walk
 * goes on at the event's declared end whatever was read of it.
 */
final class JfrEventWalk {

    /** What a parser does with one event. */
    interface Visitor {
        /**
         * Reads one event, or skips it.
         *
         * @param in the chunk's bytes, positioned after the event's size and type, bounded by the chunk's end
         * @param start the event's first byte in the chunk
         * @param end the byte after the event's declared size
         * @param type the event's type id
         * @return false when the event's fields run past its declared size: it is dropped and counted
         */
        boolean event(JfrBytes in, int start, int end, long type);
    }

    private JfrEventWalk() {
    }

    /**
     * Walks the events of a chunk held in {@code chunk[0, size)}.
     *
     * @param intTypes whether the type id is read as the 32-bit varint async-profiler's parser
     *     reads it (then the parser, reading the same event, sees the same type), else as the
     *     64-bit varlong the format allows
     * @return how many events the visitor dropped because their fields ran past their size
     * @throws MalformedProfileException if an event's size cannot be right or a chunk header sits
     *     among the events
     * @throws InterruptedIOException if the thread is interrupted (checked every 4,096 events)
     */
    static long walk(byte[] chunk, int size, JfrChunk where, int number, String source, boolean intTypes,
                     Visitor visitor) throws MalformedProfileException, InterruptedIOException {
        JfrBytes in = new JfrBytes(chunk, JfrChunkScanner.HEADER_SIZE, size);
        int pos = JfrChunkScanner.HEADER_SIZE;
        int events = 0;
        long overran = 0;
        while (pos < size) {
            if ((++events & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            if (pos + 4 <= size && JfrPools.getInt(chunk, pos) == JfrChunkScanner.MAGIC) {
                throw new MalformedProfileException("chunk " + number + " has a chunk header among its events, at"
                        + " byte " + (where.offset() + pos) + " (the chunk ends at byte " + where.end() + ")", source,
                        JfrProfileReader.FORMAT, Position.offset(where.offset() + pos), null);
            }
            in.at(pos, size);
            int eventSize;
            long type;
            try {
                eventSize = in.varint();
                type = intTypes ? in.varint() : in.varlong();
            } catch (JfrBytes.Overrun e) {
                eventSize = -1;
                type = -1;
            }
            if (eventSize <= 0 || eventSize > size - pos) {
                throw new MalformedProfileException("chunk " + number + ": the event at byte " + (where.offset() + pos)
                        + " declares a size of " + eventSize + " bytes, which " + (eventSize <= 0 ? "cannot be right"
                        : "runs past the chunk's end at byte " + where.end()), source, JfrProfileReader.FORMAT,
                        Position.offset(where.offset() + pos), null);
            }
            int end = pos + eventSize;
            if (!visitor.event(in, pos, end, type)) {
                overran++;
            }
            pos = end;
        }
        return overran;
    }
}
