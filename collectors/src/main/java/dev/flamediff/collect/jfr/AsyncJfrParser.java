package dev.flamediff.collect.jfr;

import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import one.jfr.JfrClass;
import one.jfr.JfrReader;
import one.jfr.event.Event;

/**
 * Decodes recordings with async-profiler's position-based parser ({@code one.jfr.JfrReader} of
 * tools.profiler:jfr-converter): fast and allocation-light, but it decodes a fixed set of event
 * types by field position and does not say which type an event had. Constant-pool ids are only
 * valid within their chunk, so it stops at each chunk boundary, resolves the stack ids aggregated
 * so far, and forgets them; frames are named once per recording ({@link JfrFrameCache}).
 *
 * <p>The parser returns jdk.NativeMethodSample events as execution samples and
 * jdk.ObjectAllocationOutsideTLAB events like jdk.ObjectAllocationSample ones. A recording with
 * a chunk from the JDK's recorder (which writes those) is therefore read chunk by chunk from a
 * buffer this class owns, where {@link JfrEventTypeProbe} finds each such event's real type and
 * {@link JfrCutStacks} the stacks cut at the recorder's depth limit. async-profiler writes none of
 * these, so its recordings are streamed from the file.
 */
final class AsyncJfrParser implements JfrParser {

    static final String NAME = "async";

    /**
     * The id of an event type as the chunk's metadata declares it: {@code JfrClass.id}, which the
     * parser keeps package-private (event types are left out of its public id dictionary). The
     * library is on the class path or an automatic module, both open to deep reflection.
     */
    private static final VarHandle TYPE_ID = privateHandle(JfrClass.class, "id", int.class);
    /** Where the parser stands is its buffer's position past the file offset the buffer starts at. */
    private static final VarHandle FILE_POSITION = privateHandle(JfrReader.class, "filePosition", long.class);
    private static final VarHandle BUFFER = privateHandle(JfrReader.class, "buf", ByteBuffer.class);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void parse(Path file, JfrChunks chunks, JfrSampleSink sink, JfrFrameNamer namer, String source)
            throws IOException, ProfileException {
        JfrFrameCache frames = new JfrFrameCache(namer);
        int[] chunk = {0};
        try {
            if (JfrWriter.isAsyncProfiler(file, chunks.readable())) {
                parseStream(file, chunks, sink, frames, chunk, source);
            } else {
                parseChunks(file, chunks, sink, frames, chunk, source);
            }
        } catch (InterruptedIOException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                // A file channel read on an interrupted thread fails with ClosedByInterruptException.
                throw ReadInterrupts.interrupted(source);
            }
            throw new MalformedProfileException("cannot decode chunk " + (chunk[0] + 1) + " (" + describe(e) + ")",
                    source, JfrProfileReader.FORMAT, Position.offset(chunks.readable().get(chunk[0]).offset()), e);
        } catch (StackOverflowError e) {
            // The metadata is a tree read recursively: damage can nest it without end.
            throw new MalformedProfileException("cannot decode chunk " + (chunk[0] + 1) + " (its metadata nests too"
                    + " deeply)", source, JfrProfileReader.FORMAT, Position.offset(chunks.readable().get(chunk[0]).offset()), e);
        } catch (OutOfMemoryError e) {
            // The parser sizes arrays from counts in the file before reading their entries, so a
            // damaged count asks for gigabytes at once; the request fails before anything is held.
            throw new MalformedProfileException("cannot decode chunk " + (chunk[0] + 1) + " (a count in it asks for"
                    + " more memory than there is: " + e.getMessage() + ")", source, JfrProfileReader.FORMAT,
                    Position.offset(chunks.readable().get(chunk[0]).offset()), e);
        }
    }

    /** One reader over the whole file, stopping at each chunk boundary; {@code chunk[0]} follows it. */
    private static void parseStream(Path file, JfrChunks chunks, JfrSampleSink sink, JfrFrameCache frames,
                                    int[] chunk, String source) throws IOException, ProfileException {
        try (JfrReader reader = open(file, chunks)) {
            reader.stopAtNewChunk = true;
            AsyncChunkState state = null;
            int events = 0;
            while (true) {
                if ((++events & 4095) == 0) {
                    ReadInterrupts.check(source);
                }
                Event e = reader.readEvent();
                if (e == null) {
                    if (state != null) {
                        state.flush();
                    }
                    if (reader.eof() || chunk[0] + 1 >= chunks.readable().size()) {
                        break;
                    }
                    // The parser finds the next chunk by walking event sizes to a chunk signature,
                    // and would load any header it meets there: one planted among the events has
                    // offsets the scanner never checked, and a constant-pool chain that can loop.
                    long at = (long) FILE_POSITION.get(reader) + ((ByteBuffer) BUFFER.get(reader)).position();
                    long next = chunks.readable().get(chunk[0] + 1).offset();
                    if (at != next) {
                        throw new MalformedProfileException("chunk " + (chunk[0] + 1) + "'s events lead to a chunk"
                                + " header at byte " + at + ", inside the chunk (the next chunk starts at byte "
                                + next + ")", source, JfrProfileReader.FORMAT, Position.offset(at), null);
                    }
                    chunk[0]++;
                    state = null;
                    continue;
                }
                if (state == null) {
                    // Created at the chunk's first event: only then are its metadata and pools loaded.
                    // async-profiler never flags a stack as cut.
                    state = new AsyncChunkState(reader, sink, frames, null, Set.of());
                }
                state.add(e, 0, 0);
            }
        }
    }

    /**
     * One reader per chunk, over a copy of the chunk followed by the start of a chunk header: the
     * reader stops at a chunk signature, and without one it would stop 68 bytes short of the end.
     */
    private static void parseChunks(Path file, JfrChunks chunks, JfrSampleSink sink, JfrFrameCache frames,
                                    int[] chunk, String source) throws IOException, ProfileException {
        byte[] bytes = new byte[0];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int i = 0; i < chunks.readable().size(); i++) {
                chunk[0] = i;
                ReadInterrupts.check(source);
                JfrChunk c = chunks.readable().get(i);
                // Chunks over 2 GB cannot be held in one buffer: the parser would refuse the file too.
                int size = Math.toIntExact(c.size());
                if (bytes.length < size + JfrChunkScanner.HEADER_SIZE) {
                    bytes = new byte[Math.max(size + JfrChunkScanner.HEADER_SIZE, bytes.length + bytes.length / 2)];
                }
                ByteBuffer data = ByteBuffer.wrap(bytes, 0, size + JfrChunkScanner.HEADER_SIZE);
                readFully(ch, ByteBuffer.wrap(bytes, 0, size), c.offset());
                ByteBuffer.wrap(bytes, size, JfrChunkScanner.HEADER_SIZE).putInt(JfrChunkScanner.MAGIC);
                JfrReader reader = new JfrReader(data);
                reader.stopAtNewChunk = true;
                AsyncChunkState state = new AsyncChunkState(reader, sink, frames, new JfrEventTypeProbe(data),
                        JfrCutStacks.of(reader, data));
                int before = data.position();
                int events = 0;
                for (Event e; (e = reader.readEvent()) != null; ) {
                    if ((++events & 4095) == 0) {
                        ReadInterrupts.check(source);
                    }
                    int after = data.position();
                    state.add(e, before, after);
                    before = after;
                }
                state.flush();
            }
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer target, long offset) throws IOException {
        while (target.hasRemaining()) {
            if (ch.read(target, offset + target.position()) < 0) {
                throw new IOException("the file ends at byte " + (offset + target.position()));
            }
        }
    }

    private static JfrReader open(Path file, JfrChunks chunks) throws IOException {
        long end = chunks.readableEnd();
        if (end == chunks.fileSize() || end > Integer.MAX_VALUE) {
            return new JfrReader(file.toString());
        }
        // A cut recording: map just the complete chunks, so the reader never meets the cut.
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return new JfrReader(ch.map(FileChannel.MapMode.READ_ONLY, 0, end));
        }
    }

    /** Returns the id the chunk's metadata gives the type. */
    static int typeIdOf(JfrClass type) {
        return (int) TYPE_ID.get(type);
    }

    private static VarHandle privateHandle(Class<?> owner, String field, Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(owner, MethodHandles.lookup()).findVarHandle(owner, field, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static String describe(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
