package dev.flamediff.collect.jfr;

import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Checks the offsets a chunk's header and checkpoint events give before either parser follows
 * them. The header names the metadata event and the last checkpoint (constant-pool) event; each
 * checkpoint names the one before it by a delta, 0 ending the chain. Both parsers walk that chain
 * with no step limit, so a damaged delta that points forward or back onto a later checkpoint makes
 * them loop forever, and an offset outside the chunk makes them decode another chunk's bytes.
 * Here every step must land on a checkpoint event inside the chunk, strictly before the previous
 * one, which bounds the walk by the chunk's size. Reads a few dozen bytes per checkpoint.
 * Stateless.
 */
final class JfrChunkOffsets {

    private static final int METADATA_TYPE = 0;
    private static final int CHECKPOINT_TYPE = 1;
    /** The most an event's size, type, start, duration and delta take: two varints and three varlongs. */
    private static final int EVENT_START_MAX = 5 + 9 + 9 + 9 + 9;
    /** The size of the scratch buffer {@link #check} reads into. */
    static final int SCRATCH_SIZE = EVENT_START_MAX;

    private JfrChunkOffsets() {
    }

    /**
     * Checks the metadata offset and the checkpoint chain of one chunk.
     *
     * @param ch the recording
     * @param scratch a buffer of at least {@link #SCRATCH_SIZE} bytes for the event starts read
     *     (direct, so that reading into it copies nothing; one serves every chunk of a recording)
     * @param chunk the chunk, whole in the file
     * @param metaOffset the header's metadata offset, relative to the chunk's start
     * @param cpOffset the header's offset of the last checkpoint, relative to the chunk's start
     * @param compressed whether the chunk's integers are varints (flag bit 0 of the header)
     * @param chunkNumber the chunk's 1-based number, for the message
     * @param source the input's name, for the message
     * @throws MalformedProfileException if an offset leaves the chunk, does not land on an event of
     *     the right type, or the chain does not move strictly backwards; names the byte of the bad
     *     offset's field, or of the event it points to when that event's size is damaged
     */
    static void check(FileChannel ch, ByteBuffer scratch, JfrChunk chunk, long metaOffset, long cpOffset,
                      boolean compressed, int chunkNumber, String source) throws IOException, MalformedProfileException {
        ChunkBytes bytes = new ChunkBytes(ch, scratch, chunk);
        String where = "chunk " + chunkNumber;
        EventStart meta = read(bytes, chunk, metaOffset, compressed, where + "'s metadata offset", where, -1,
                chunk.offset() + 24, source);
        if (meta.type != METADATA_TYPE) {
            throw bad(where + "'s metadata offset " + metaOffset + " points to an event of type " + meta.type
                    + ", not to the metadata event", chunk.offset() + 24, source);
        }
        long pos = cpOffset;
        long field = chunk.offset() + 16;
        // What names the offset being followed; null while following a checkpoint's link, whose
        // name is built only for an error (a recording has thousands of checkpoints).
        String what = where + "'s constant-pool offset";
        long previous = -1;
        while (true) {
            EventStart cp = read(bytes, chunk, pos, compressed, what, where, previous, field, source);
            if (cp.type != CHECKPOINT_TYPE) {
                throw bad(linkName(what, where, chunk, previous) + " " + pos + " points to an event of type " + cp.type
                        + ", not to a checkpoint event", field, source);
            }
            if (cp.delta == 0) {
                return;
            }
            // Deltas strictly backwards are what ends the walk: each step lands on a smaller offset.
            if (cp.delta > 0 || pos + cp.delta < JfrChunkScanner.HEADER_SIZE) {
                throw bad(where + "'s checkpoint at byte " + (chunk.offset() + pos) + " links to offset "
                        + (pos + cp.delta) + " of the chunk (the constant-pool chain must lead back to an"
                        + " earlier checkpoint inside the chunk, or the walk loops or leaves it)",
                        cp.deltaAt, source);
            }
            field = cp.deltaAt;
            what = null;
            previous = pos;
            pos += cp.delta;
        }
    }

    /** The leading fields of an event: type, and (read as a checkpoint's) delta with its file offset. */
    private record EventStart(long type, long delta, long deltaAt) {
    }

    private static String linkName(String what, String where, JfrChunk chunk, long previous) {
        return what != null ? what : "the link of " + where + "'s checkpoint at byte "
                + (chunk.offset() + previous) + " to offset";
    }

    private static EventStart read(ChunkBytes bytes, JfrChunk chunk, long pos, boolean compressed, String what,
                                   String where, long previous, long field, String source) throws IOException, MalformedProfileException {
        if (pos < JfrChunkScanner.HEADER_SIZE || pos >= chunk.size()) {
            throw bad(linkName(what, where, chunk, previous) + " " + pos + " lies outside the chunk (bytes " + JfrChunkScanner.HEADER_SIZE + " to "
                    + chunk.size() + " of it)", field, source);
        }
        ByteBuffer buf = bytes.at(pos);
        int start = buf.position();
        long at = chunk.offset() + pos;
        Fields f = new Fields(buf, compressed);
        long size = f.nextInt();
        long type = f.nextLong();
        f.nextLong(); // start time
        f.nextLong(); // duration
        long deltaAt = at + buf.position() - start;
        long delta = f.nextLong();
        if (f.overran || size <= 0 || size > chunk.size() - pos) {
            // The offset may be right and the event damaged: name the event's byte.
            throw bad(linkName(what, where, chunk, previous) + " " + pos + " points to no whole event (its size, " + size
                    + ", does not fit in the chunk)", at, source);
        }
        return new EventStart(type, delta, deltaAt);
    }

    private static MalformedProfileException bad(String problem, long offset, String source) {
        return new MalformedProfileException(problem, source, JfrProfileReader.FORMAT, Position.offset(offset), null);
    }

    /**
     * The first bytes of events of one chunk, read a few dozen bytes at a time. Not mapped: the
     * pages a mapping touches count towards the process's resident memory until the collector
     * frees the buffer, and with the kernel mapping pages around each fault, the checkpoints of a
     * JDK recording (a few dozen per chunk of a few hundred KB) touch most of the file: on a
     * 320 MB pair that was 270 MB of the peak, against a few milliseconds of read calls.
     */
    private static final class ChunkBytes {
        private final FileChannel ch;
        private final JfrChunk chunk;
        private final ByteBuffer read;

        ChunkBytes(FileChannel ch, ByteBuffer read, JfrChunk chunk) {
            this.ch = ch;
            this.read = read;
            this.chunk = chunk;
        }

        /** Returns a buffer positioned at the chunk offset, holding at most an event start's bytes. */
        ByteBuffer at(long pos) throws IOException {
            int length = (int) Math.min(EVENT_START_MAX, chunk.size() - pos);
            read.clear().limit(length);
            while (read.hasRemaining()) {
                if (ch.read(read, chunk.offset() + pos + read.position()) < 0) {
                    break;
                }
            }
            return read.flip();
        }
    }

    /** Reads JFR integers, varint-encoded or fixed-size, noting rather than throwing when the bytes run out. */
    private static final class Fields {
        private final ByteBuffer buf;
        private final boolean compressed;
        boolean overran;

        Fields(ByteBuffer buf, boolean compressed) {
            this.buf = buf;
            this.compressed = compressed;
        }

        long nextInt() {
            if (!compressed) {
                return buf.remaining() >= 4 ? buf.getInt() : overrun();
            }
            return varlong();
        }

        long nextLong() {
            if (!compressed) {
                return buf.remaining() >= 8 ? buf.getLong() : overrun();
            }
            return varlong();
        }

        private long varlong() {
            long result = 0;
            for (int shift = 0; shift < 56; shift += 7) {
                if (!buf.hasRemaining()) {
                    return overrun();
                }
                byte b = buf.get();
                result |= (b & 0x7FL) << shift;
                if (b >= 0) {
                    return result;
                }
            }
            // The ninth byte of a varlong carries 8 bits.
            return buf.hasRemaining() ? result | (buf.get() & 0xFFL) << 56 : overrun();
        }

        private long overrun() {
            overran = true;
            return 0;
        }
    }
}
