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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import one.jfr.JfrClass;
import one.jfr.JfrReader;
import one.jfr.event.Event;

/**
 * Decodes recordings with async-profiler's position-based parser ({@code one.jfr.JfrReader} of
 * tools.profiler:jfr-converter): fast and allocation-light, but it trusts the file. It sizes
 * arrays from counts before reading their entries, so {@link JfrPoolGuard} checks each chunk's
 * metadata and constant pools first; and it decodes known events by field position and ignores
 * their declared size, so this class walks the events by their sizes itself, positions the parser
 * at each event it wants, and compares where the parser stopped with where the event ends: an
 * event with bytes past its known fields is read and the rest skipped, one whose fields run past
 * its size is dropped and counted in the notes. Knowing each event's type also tells
 * jdk.NativeMethodSample from jdk.ExecutionSample and jdk.ObjectAllocationOutsideTLAB from
 * jdk.ObjectAllocationSample, which the parser returns alike.
 *
 * <p>Constant-pool ids are only valid within their chunk, so each chunk is read on its own from a
 * copy this class owns (followed by the start of a chunk header: the parser wants 68 bytes ahead
 * of an event to read it), its stacks resolved and forgotten; frames are named once per recording
 * ({@link JfrFrameCache}).
 */
final class AsyncJfrParser implements JfrParser {

    static final String NAME = "async";

    /**
     * The id of an event type as the chunk's metadata declares it: {@code JfrClass.id}, which the
     * parser keeps package-private (event types are left out of its public id dictionary). The
     * library is on the class path or an automatic module, both open to deep reflection.
     */
    private static final VarHandle TYPE_ID = privateHandle(JfrClass.class, "id", int.class);

    /** The event types the parser decodes and flamediff reads. */
    private static final List<String> READ_TYPES = List.of("jdk.ExecutionSample", "jdk.NativeMethodSample",
            "profiler.WallClockSample", "jdk.CPUTimeSample", "jdk.ObjectAllocationInNewTLAB",
            "jdk.ObjectAllocationOutsideTLAB", "jdk.ObjectAllocationSample", "jdk.JavaMonitorEnter",
            "jdk.ThreadPark");

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
            parseChunks(file, chunks, sink, frames, chunk, source, !JfrRecorderDetector.isAsyncProfiler(file, chunks.readable()));
        } catch (InterruptedIOException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw JfrDecodeFailure.thrown(e, chunk[0] + 1, chunks.readable().get(chunk[0]), source);
        } catch (StackOverflowError e) {
            throw JfrDecodeFailure.because("its metadata nests too deeply", chunk[0] + 1,
                    chunks.readable().get(chunk[0]), source, e);
        } catch (OutOfMemoryError e) {
            // What is left after the pool guard: structures a small multiple of the chunk's size.
            throw JfrDecodeFailure.because("it needs more memory than there is: " + e.getMessage(), chunk[0] + 1,
                    chunks.readable().get(chunk[0]), source, e);
        }
    }

    private static void parseChunks(Path file, JfrChunks chunks, JfrSampleSink sink, JfrFrameCache frames,
                                    int[] chunk, String source, boolean jdkWriter) throws IOException, ProfileException {
        byte[] bytes = new byte[0];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int i = 0; i < chunks.readable().size(); i++) {
                chunk[0] = i;
                ReadInterrupts.check(source);
                JfrChunk c = chunks.readable().get(i);
                // Chunks over 2 GB cannot be held in one buffer: the parser would refuse the file too.
                if (c.size() > Integer.MAX_VALUE - JfrChunkScanner.HEADER_SIZE) {
                    throw new MalformedProfileException("chunk " + (i + 1) + " is larger than 2 GB (" + c.size()
                            + " bytes), more than the parser can hold", source, JfrProfileReader.FORMAT,
                            Position.offset(c.offset() + 8), null);
                }
                int size = (int) c.size();
                if (bytes.length < size + JfrChunkScanner.HEADER_SIZE) {
                    bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, Math.max((long) size + JfrChunkScanner.HEADER_SIZE,
                            bytes.length + (long) bytes.length / 2))];
                }
                ByteBuffer data = ByteBuffer.wrap(bytes, 0, size + JfrChunkScanner.HEADER_SIZE);
                readFully(ch, ByteBuffer.wrap(bytes, 0, size), c.offset());
                ByteBuffer.wrap(bytes, size, JfrChunkScanner.HEADER_SIZE).putInt(JfrChunkScanner.MAGIC);
                JfrPoolGuard.check(bytes, size, c.offset(), i + 1, source);
                JfrReader reader = new JfrReader(data);
                reader.stopAtNewChunk = true;
                AsyncChunkState state = new AsyncChunkState(reader, sink, frames,
                        jdkWriter ? JfrCutStacks.of(reader, data) : Set.of());
                readEvents(reader, data, bytes, size, c, i + 1, state, sink, source);
                state.flush();
            }
        }
    }

    /**
     * Walks the chunk's events by their declared sizes and hands the parser only those it decodes
     * and flamediff reads, positioned at their start; everything else, and the rest of an event the
     * parser stopped short of, is skipped by size.
     */
    private static void readEvents(JfrReader reader, ByteBuffer data, byte[] bytes, int size, JfrChunk c, int number,
                                   AsyncChunkState state, JfrSampleSink sink, String source)
            throws IOException, ProfileException {
        Set<Integer> read = new HashSet<>();
        for (String name : READ_TYPES) {
            JfrClass type = reader.typesByName.get(name);
            if (type != null) {
                read.add(typeIdOf(type));
            }
        }
        long overran = JfrEventWalk.walk(bytes, size, c, number, source, true, (in, start, end, type) -> {
            if (!read.contains((int) type)) {
                return true;
            }
            data.position(start);
            Event e;
            try {
                e = reader.readEvent();
            } catch (RuntimeException | IOException ex) {
                e = null;
            }
            if (e == null || data.position() > end) {
                return false;
            }
            state.add(e, (int) type);
            return true;
        });
        sink.addOverrunEvents(overran);
    }

    private static void readFully(FileChannel ch, ByteBuffer target, long offset) throws IOException {
        while (target.hasRemaining()) {
            if (ch.read(target, offset + target.position()) < 0) {
                throw new IOException("the file ends at byte " + (offset + target.position()));
            }
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
}
