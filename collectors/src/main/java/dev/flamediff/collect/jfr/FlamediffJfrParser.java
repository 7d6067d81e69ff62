package dev.flamediff.collect.jfr;

import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.EnumMap;

/**
 * flamediff's own decoder, which reads only what a diff needs. Per chunk: the metadata into a
 * compact layout ({@link JfrLayout}; a chunk whose metadata event is byte for byte the previous
 * chunk's reuses it, as the chunks of one recording do), the constant pools located but not
 * decoded ({@link JfrPools}), the events of the read types decoded by that layout and aggregated
 * by stack id in primitive tables, every other event skipped by its size
 * ({@link JfrChunkEvents}); then only the stacks the events referred to, and the methods, classes
 * and symbols on them, are resolved ({@link JfrChunkFrames}) and fed to the sink. Every count
 * read from the file is checked against the bytes its event has left before anything is sized
 * from it. Fields are found by name, as the JDK's parser finds them, so any writer's field order
 * reads. Stateless.
 */
final class FlamediffJfrParser implements JfrParser {

    @Override
    public void parse(Path file, JfrChunks chunks, JfrSampleSink sink, JfrFrameNamer namer, String source)
            throws IOException, ProfileException {
        JfrFrameCache names = new JfrFrameCache(namer);
        int[] chunk = {0};
        try {
            parseChunks(file, chunks, sink, names, chunk, source);
        } catch (InterruptedIOException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw JfrDecodeFailure.thrown(e, chunk[0] + 1, chunks.readable().get(chunk[0]), source);
        } catch (OutOfMemoryError e) {
            throw JfrDecodeFailure.because("it needs more memory than there is: " + e.getMessage(), chunk[0] + 1,
                    chunks.readable().get(chunk[0]), source, e);
        }
    }

    private static void parseChunks(Path file, JfrChunks chunks, JfrSampleSink sink, JfrFrameCache names,
                                    int[] chunk, String source) throws IOException, ProfileException {
        byte[] bytes = new byte[0];
        byte[] lastMetadata = null;
        JfrLayout layout = null;
        JfrEventKinds kinds = null;
        // Kept from chunk to chunk, so that a recording of hundreds of small chunks does not grow
        // its tables afresh for each (that was most of what reading such a recording allocated).
        JfrPools pools = new JfrPools();
        ChunkFrameMap frameMap = new ChunkFrameMap();
        EnumMap<JfrSource, StackCounts> stacks = new EnumMap<>(JfrSource.class);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int i = 0; i < chunks.readable().size(); i++) {
                chunk[0] = i;
                ReadInterrupts.check(source);
                JfrChunk c = chunks.readable().get(i);
                if (c.size() > Integer.MAX_VALUE - 8) {
                    throw new MalformedProfileException("chunk " + (i + 1) + " is larger than 2 GB (" + c.size()
                            + " bytes), more than the parser can hold", source, JfrProfileReader.FORMAT,
                            Position.offset(c.offset() + 8), null);
                }
                int size = (int) c.size();
                if (bytes.length < size) {
                    bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(size, bytes.length + (long) bytes.length / 2))];
                }
                c.readInto(ch, bytes);
                if ((bytes[67] & 1) == 0) {
                    throw new MalformedProfileException("chunk " + (i + 1) + " stores its integers uncompressed,"
                            + " which no recorder writes (read it with --jfr-parser jdk)", source,
                            JfrProfileReader.FORMAT, Position.offset(c.offset() + 67), null);
                }
                try {
                    int metaOffset = (int) JfrPools.getLong(bytes, 24);
                    JfrBytes in = new JfrBytes(bytes, metaOffset, size);
                    int metaSize = in.varint();
                    if (metaSize <= 0 || metaSize > size - metaOffset) {
                        throw new JfrBytes.Overrun("the metadata event's size " + metaSize + " does not fit in the chunk",
                                metaOffset);
                    }
                    in.at(in.pos(), metaOffset + metaSize);
                    in.varlong(); // type
                    in.varlong(); // start time
                    in.varlong(); // duration
                    in.varlong(); // metadata id
                    // The types are what follows the header fields, whose times differ from chunk to chunk.
                    int body = in.pos();
                    int end = metaOffset + metaSize;
                    if (lastMetadata == null || !Arrays.equals(lastMetadata, 0, lastMetadata.length, bytes, body, end)) {
                        layout = JfrLayout.of(JfrMetadataTypes.read(in.at(metaOffset, size)));
                        kinds = JfrEventKinds.of(layout);
                        lastMetadata = Arrays.copyOfRange(bytes, body, end);
                    }
                    pools.index(bytes, size, layout, source);
                    JfrChunkFrames frames = new JfrChunkFrames(bytes, size, layout, pools, names, frameMap);
                    JfrChunkEvents events = new JfrChunkEvents(bytes, size, c, i + 1, kinds, pools, frames, sink,
                            names, source, stacks);
                    events.read();
                    events.flush();
                } catch (JfrBytes.Overrun e) {
                    throw new MalformedProfileException("chunk " + (i + 1) + ": " + e.getMessage(), source,
                            JfrProfileReader.FORMAT, Position.offset(c.offset() + e.at), null);
                }
            }
        }
    }
}
