package dev.flamediff.collect.jfr;

import dev.flamediff.model.Frame;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import one.jfr.ClassRef;
import one.jfr.JfrReader;
import one.jfr.MethodRef;
import one.jfr.StackTrace;
import one.jfr.event.AllocationSample;
import one.jfr.event.ContendedLock;
import one.jfr.event.Event;
import one.jfr.event.ExecutionSample;

/**
 * Decodes recordings with async-profiler's position-based parser ({@code one.jfr.JfrReader} of
 * tools.profiler:jfr-converter): fast and allocation-light, but it decodes a fixed set of event
 * types by field position and does not say which type an event had. Constant-pool ids are only
 * valid within their chunk, so it stops at each chunk boundary, resolves the stack ids aggregated
 * so far, and forgets them.
 *
 * <p>What it cannot tell apart, and the reader documents: jdk.NativeMethodSample events come back
 * as execution samples (so {@code cpu} of a JDK recording includes them and {@code native} is not
 * available), and jdk.ObjectAllocationOutsideTLAB events of a JDK recording come back like
 * jdk.ObjectAllocationSample ones.
 */
final class AsyncJfrParser implements JfrParser {

    static final String NAME = "async";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void parse(Path file, JfrChunks chunks, JfrSampleSink sink, JfrFrameNamer namer, String source)
            throws IOException, ProfileException {
        int chunk = 0;
        try (JfrReader reader = open(file, chunks)) {
            reader.stopAtNewChunk = true;
            ChunkState state = null;
            while (true) {
                Event e = reader.readEvent();
                if (e == null) {
                    if (state != null) {
                        state.flush();
                    }
                    if (reader.eof() || chunk + 1 >= chunks.readable().size()) {
                        break;
                    }
                    chunk++;
                    state = null;
                    continue;
                }
                if (state == null) {
                    // Created at the chunk's first event: only then are its metadata and pools loaded.
                    state = new ChunkState(reader, sink, namer);
                }
                state.add(e);
            }
        } catch (IOException | RuntimeException e) {
            throw new MalformedProfileException("cannot decode chunk " + (chunk + 1) + " (" + describe(e) + ")",
                    source, JfrProfileReader.FORMAT, Position.offset(chunks.readable().get(chunk).offset()), e);
        } catch (StackOverflowError e) {
            // The metadata is a tree read recursively: damage can nest it without end.
            throw new MalformedProfileException("cannot decode chunk " + (chunk + 1) + " (its metadata nests too"
                    + " deeply)", source, JfrProfileReader.FORMAT, Position.offset(chunks.readable().get(chunk).offset()), e);
        } catch (OutOfMemoryError e) {
            // The parser sizes arrays from counts in the file before reading their entries, so a
            // damaged count asks for gigabytes at once; the request fails before anything is held.
            throw new MalformedProfileException("cannot decode chunk " + (chunk + 1) + " (a count in it asks for"
                    + " more memory than there is: " + e.getMessage() + ")", source, JfrProfileReader.FORMAT,
                    Position.offset(chunks.readable().get(chunk).offset()), e);
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

    private static String describe(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    /** The events of one chunk, aggregated by stack id (and thread id) until the chunk ends. */
    private static final class ChunkState {
        private final JfrReader reader;
        private final JfrSampleSink sink;
        private final JfrFrameNamer namer;
        private final boolean asyncProfilerWriter;
        private final boolean hasAllocationSample;
        private final Map<Integer, String> threadStates;
        private final Map<Integer, String> frameTypes;
        private final Map<JfrSource, Map<Long, long[]>> stacks = new EnumMap<>(JfrSource.class);
        private final Map<Integer, Boolean> acceptedThreads = new HashMap<>();
        private final Map<FrameKey, Frame> frames = new HashMap<>();

        ChunkState(JfrReader reader, JfrSampleSink sink, JfrFrameNamer namer) {
            this.reader = reader;
            this.sink = sink;
            this.namer = namer;
            // Only async-profiler declares profiler.* types; its samples are told apart by state.
            this.asyncProfilerWriter = reader.typesByName.containsKey("profiler.WallClockSample");
            this.hasAllocationSample = reader.typesByName.containsKey("jdk.ObjectAllocationSample");
            this.threadStates = reader.enums.getOrDefault("jdk.types.ThreadState", Map.of());
            this.frameTypes = reader.enums.getOrDefault("jdk.types.FrameType", Map.of());
        }

        void add(Event e) {
            JfrSource source;
            long weight;
            if (e instanceof ExecutionSample s) {
                if (s.threadState == ExecutionSample.CPU_TIME_SAMPLE) {
                    source = JfrSource.CPU_TIME;
                } else if (asyncProfilerWriter && !"STATE_DEFAULT".equals(threadStates.get(s.threadState))) {
                    source = JfrSource.WALL_CLOCK;
                } else {
                    source = JfrSource.EXECUTION;
                }
                weight = s.samples;
            } else if (e instanceof AllocationSample a) {
                source = a.tlabSize == 0 && hasAllocationSample && !asyncProfilerWriter
                        ? JfrSource.ALLOCATION_SAMPLE : JfrSource.ALLOCATION_TLAB;
                weight = a.tlabSize != 0 ? a.tlabSize : a.allocationSize;
            } else if (e instanceof ContendedLock c) {
                source = JfrSource.CONTENTION;
                weight = (long) (c.duration * reader.nanosPerTick);
            } else {
                return;
            }
            if (!sink.wants(source)) {
                return;
            }
            if (sink.hasWindow() && !sink.inWindow(reader.eventTimeToNanos(e.time))) {
                return;
            }
            if (sink.filtersThreads() && !acceptedThreads.computeIfAbsent(e.tid,
                    tid -> sink.acceptsThread(reader.threads.get(tid)))) {
                return;
            }
            long key = sink.splitsThreads() ? ((long) e.stackTraceId << 32) | (e.tid & 0xFFFFFFFFL)
                    : e.stackTraceId & 0xFFFFFFFFL;
            long[] values = stacks.computeIfAbsent(source, s -> new HashMap<>()).computeIfAbsent(key, k -> new long[2]);
            values[0] += weight;
            values[1]++;
        }

        /** Resolves the chunk's aggregated stacks while its constant pools are still loaded. */
        void flush() throws LimitExceededException {
            Frame[] buf = new Frame[64];
            for (Map.Entry<JfrSource, Map<Long, long[]>> bySource : stacks.entrySet()) {
                for (Map.Entry<Long, long[]> entry : bySource.getValue().entrySet()) {
                    long key = entry.getKey();
                    int stackId = sink.splitsThreads() ? (int) (key >>> 32) : (int) key;
                    StackTrace st = reader.stackTraces.get(stackId);
                    if (st == null) {
                        continue;
                    }
                    if (buf.length < st.methods.length) {
                        buf = new Frame[st.methods.length * 2];
                    }
                    for (int i = 0; i < st.methods.length; i++) {
                        buf[i] = frame(st, i);
                    }
                    Frame thread = sink.splitsThreads() ? namer.thread(reader.threads.get((int) key)) : null;
                    sink.add(bySource.getKey(), buf, st.methods.length, thread, entry.getValue()[0], entry.getValue()[1]);
                }
            }
            stacks.clear();
        }

        private Frame frame(StackTrace st, int i) throws LimitExceededException {
            long methodId = st.methods[i];
            byte type = st.types[i];
            int line = namer.usesLines() ? st.locations[i] >> 16 : 0;
            FrameKey key = new FrameKey(methodId, type, line);
            Frame frame = frames.get(key);
            if (frame == null) {
                MethodRef method = reader.methods.get(methodId);
                if (method == null) {
                    frame = namer.frame(null, "[unknown]", null, 0, frameTypes.get((int) type));
                } else {
                    ClassRef cls = reader.classes.get(method.cls);
                    frame = namer.frame(cls == null ? null : symbol(cls.name), symbol(method.name),
                            symbol(method.sig), line, frameTypes.get((int) type));
                }
                frames.put(key, frame);
            }
            return frame;
        }

        private String symbol(long id) {
            byte[] bytes = reader.symbols.get(id);
            return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private record FrameKey(long method, byte type, int line) {
    }
}
