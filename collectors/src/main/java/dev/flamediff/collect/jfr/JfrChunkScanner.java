package dev.flamediff.collect.jfr;

import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.UnrecognizedFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Walks the chunk headers of a recording (a recording is chunks laid end to end, each starting
 * where the previous one ends) and finds how much of the file is readable. Neither parser
 * survives a cut chunk (both throw at the cut), so the parsers are only ever given the readable
 * prefix this scanner reports. Each complete chunk's metadata and constant-pool offsets are
 * checked on the way ({@link JfrChunkOffsets}), since both parsers follow them unchecked.
 */
final class JfrChunkScanner {

    static final int HEADER_SIZE = 68;
    static final int MAGIC = 0x464C5200;
    private static final String FORMAT = JfrProfileReader.FORMAT;

    private JfrChunkScanner() {
    }

    /**
     * Returns the readable chunks of the file.
     *
     * @throws UnrecognizedFormatException if the file is not JFR or of an unsupported version
     * @throws MalformedProfileException if no chunk is readable, or a complete chunk's metadata or
     *     constant-pool offsets lead outside it or into a loop, naming the byte offset
     */
    static JfrChunks scan(Path file, String source) throws IOException, ProfileException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long fileSize = ch.size();
            if (fileSize == 0) {
                // The loop below never runs for an empty file and would report no chunks as a whole recording.
                throw unrecognized("not a JFR recording (the file is empty)", source, 0);
            }
            List<JfrChunk> readable = new ArrayList<>();
            ByteBuffer header = ByteBuffer.allocate(HEADER_SIZE);
            ByteBuffer scratch = ByteBuffer.allocateDirect(JfrChunkOffsets.SCRATCH_SIZE);
            long offset = 0;
            while (offset < fileSize) {
                header.clear();
                int n = readFully(ch, header, offset);
                if (n < HEADER_SIZE) {
                    if (offset == 0 && (n < 4 || header.getInt(0) != MAGIC)) {
                        throw unrecognized("not a JFR recording (no FLR\\0 magic)", source, 0);
                    }
                    return finish(readable, fileSize, fileSize, source,
                            "the file ends inside the header of chunk " + (readable.size() + 1)
                                    + " at byte " + fileSize);
                }
                if (header.getInt(0) != MAGIC) {
                    if (offset == 0) {
                        throw unrecognized("not a JFR recording (no FLR\\0 magic)", source, 0);
                    }
                    throw new MalformedProfileException("no chunk header where chunk " + (readable.size() + 1)
                            + " should start (expected FLR\\0)", source, FORMAT, Position.offset(offset), null);
                }
                int major = header.getShort(4) & 0xFFFF;
                int minor = header.getShort(6) & 0xFFFF;
                if (major != 2) {
                    throw unrecognized("unsupported JFR version " + major + "." + minor
                            + " (flamediff reads version 2, written by JDK 11 and later and async-profiler)",
                            source, offset + 4);
                }
                long size = header.getLong(8);
                long cpOffset = header.getLong(16);
                long metaOffset = header.getLong(24);
                boolean inProgress = header.get(64) != 0;
                if (size < HEADER_SIZE || cpOffset == 0 || metaOffset == 0
                        || cpOffset >= size || metaOffset >= size) {
                    return finish(readable, fileSize, offset, source, "chunk " + (readable.size() + 1)
                            + " at byte " + offset + " was never finished (its header has no metadata"
                            + " or constant-pool offset; the writer was probably killed)");
                }
                // Subtracted, not added: a damaged size near 2^63 would overflow the sum and pass.
                if (size > fileSize - offset) {
                    return finish(readable, fileSize, fileSize, source,
                            "the recording was cut at byte " + fileSize + ", inside chunk "
                                    + (readable.size() + 1) + " (bytes " + offset + " to "
                                    + (size > Long.MAX_VALUE - offset ? "past 2^63" : offset + size) + ")");
                }
                JfrChunk chunk = new JfrChunk(offset, size, header.getLong(32), header.getLong(40), inProgress);
                // Both parsers follow these offsets without bounds: a loop in them would hang the read.
                JfrChunkOffsets.check(ch, scratch, chunk, metaOffset, cpOffset, (header.get(67) & 1) != 0,
                        readable.size() + 1, source);
                readable.add(chunk);
                offset += size;
                if (inProgress) {
                    // A chunk still being written is the last one; read it up to its last flush.
                    String note = "chunk " + readable.size() + " was still being written; read up to its last flush";
                    return new JfrChunks(readable, fileSize, Optional.of(note
                            + (offset < fileSize ? " (ignoring bytes " + offset + " to " + fileSize + ")" : "")));
                }
            }
            return new JfrChunks(readable, fileSize, Optional.empty());
        }
    }

    private static JfrChunks finish(List<JfrChunk> readable, long fileSize, long problemAt, String source,
                                    String why) throws MalformedProfileException {
        if (readable.isEmpty()) {
            throw new MalformedProfileException("no complete chunk to read: " + why, source, FORMAT,
                    Position.offset(problemAt), null);
        }
        int total = readable.size() + 1;
        return new JfrChunks(readable, fileSize, Optional.of("read " + readable.size() + " of " + total
                + " chunks; " + why));
    }

    private static UnrecognizedFormatException unrecognized(String problem, String source, long offset) {
        return new UnrecognizedFormatException(problem, source, FORMAT, Position.offset(offset), null);
    }

    private static int readFully(FileChannel ch, ByteBuffer buf, long position) throws IOException {
        int total = 0;
        while (buf.hasRemaining()) {
            int n = ch.read(buf, position + total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }
}
