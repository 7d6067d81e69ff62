package dev.flamediff.collect.jfr;

import dev.flamediff.model.Frame;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import one.jfr.ClassRef;
import one.jfr.JfrClass;
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
 * so far, and forgets them; frames are named once per recording ({@link JfrFrameCache}).
 *
 * <p>The parser returns jdk.NativeMethodSample events as execution samples and
 * jdk.ObjectAllocationOutsideTLAB events like jdk.ObjectAllocationSample ones. A recording with
 * a chunk from the JDK's recorder (which writes those) is therefore read chunk by chunk from a
 * buffer this class owns, where {@link JfrEventTypeProbe} finds each such event's real type.
 * async-profiler writes neither, so its recordings are streamed from the file.
 */
final class AsyncJfrParser implements JfrParser {

    static final String NAME = "async";

    /**
     * The id of an event type as the chunk's metadata declares it: {@code JfrClass.id}, which the
     * parser keeps package-private (event types are left out of its public id dictionary). The
     * library is on the class path or an automatic module, both open to deep reflection.
     */
    private static final VarHandle TYPE_ID = typeIdHandle();

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
                parseStream(file, chunks, sink, frames, chunk);
            } else {
                parseChunks(file, chunks, sink, frames, chunk);
            }
        } catch (IOException | RuntimeException e) {
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
                                    int[] chunk) throws IOException, ProfileException {
        try (JfrReader reader = open(file, chunks)) {
            reader.stopAtNewChunk = true;
            ChunkState state = null;
            while (true) {
                Event e = reader.readEvent();
                if (e == null) {
                    if (state != null) {
                        state.flush();
                    }
                    if (reader.eof() || chunk[0] + 1 >= chunks.readable().size()) {
                        break;
                    }
                    chunk[0]++;
                    state = null;
                    continue;
                }
                if (state == null) {
                    // Created at the chunk's first event: only then are its metadata and pools loaded.
                    // async-profiler never flags a stack as cut.
                    state = new ChunkState(reader, sink, frames, null, Set.of());
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
                                    int[] chunk) throws IOException, ProfileException {
        byte[] bytes = new byte[0];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int i = 0; i < chunks.readable().size(); i++) {
                chunk[0] = i;
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
                ChunkState state = new ChunkState(reader, sink, frames, new JfrEventTypeProbe(data),
                        JfrCutStacks.of(reader, data));
                int before = data.position();
                for (Event e; (e = reader.readEvent()) != null; ) {
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

    private static VarHandle typeIdHandle() {
        try {
            return MethodHandles.privateLookupIn(JfrClass.class, MethodHandles.lookup())
                    .findVarHandle(JfrClass.class, "id", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static String describe(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    /** The events of one chunk, aggregated by stack id (and thread id) until the chunk ends. */
    private static final class ChunkState {
        private final JfrReader reader;
        private final JfrSampleSink sink;
        private final JfrFrameCache names;
        private final JfrEventTypeProbe probe;
        private final Set<Long> cutStacks;
        private final boolean asyncProfilerWriter;
        private final boolean hasAllocationSample;
        private final int nativeMethodSampleType;
        private final int outsideTlabType;
        private final Map<Integer, String> threadStates;
        private final Map<Integer, String> frameTypes;
        private final Map<JfrSource, StackCounts> stacks = new EnumMap<>(JfrSource.class);
        private final Map<Integer, Boolean> acceptedThreads = new HashMap<>();
        private final ChunkFrameMap frames = new ChunkFrameMap();

        /**
         * @param probe finds the real type of ambiguous events; null when the chunks hold none
         * @param cutStacks the ids of the chunk's stacks the recorder cut at its depth limit
         */
        ChunkState(JfrReader reader, JfrSampleSink sink, JfrFrameCache names, JfrEventTypeProbe probe,
                   Set<Long> cutStacks) {
            this.reader = reader;
            this.cutStacks = cutStacks;
            this.sink = sink;
            this.names = names;
            this.probe = probe;
            // Only async-profiler declares profiler.* types; its samples are told apart by state.
            this.asyncProfilerWriter = reader.typesByName.containsKey("profiler.WallClockSample");
            this.hasAllocationSample = reader.typesByName.containsKey("jdk.ObjectAllocationSample");
            this.nativeMethodSampleType = probe == null ? -1 : typeId("jdk.NativeMethodSample");
            this.outsideTlabType = probe == null || !hasAllocationSample ? -1 : typeId("jdk.ObjectAllocationOutsideTLAB");
            this.threadStates = reader.enums.getOrDefault("jdk.types.ThreadState", Map.of());
            this.frameTypes = reader.enums.getOrDefault("jdk.types.FrameType", Map.of());
        }

        private int typeId(String name) {
            JfrClass type = reader.typesByName.get(name);
            return type == null ? -1 : typeIdOf(type);
        }

        /**
         * Adds an event.
         *
         * @param from where the reader was before it returned the event (used with a probe only)
         * @param end where the reader stopped after it (used with a probe only)
         */
        void add(Event e, int from, int end) {
            JfrSource source;
            long weight;
            if (e instanceof ExecutionSample s) {
                if (s.threadState == ExecutionSample.CPU_TIME_SAMPLE) {
                    source = JfrSource.CPU_TIME;
                } else if (asyncProfilerWriter && !"STATE_DEFAULT".equals(threadStates.get(s.threadState))) {
                    source = JfrSource.WALL_CLOCK;
                } else if (nativeMethodSampleType >= 0
                        && probe.typeOfEventEndingAt(from, end) == nativeMethodSampleType) {
                    source = JfrSource.NATIVE_METHOD;
                } else {
                    source = JfrSource.EXECUTION;
                }
                weight = s.samples;
            } else if (e instanceof AllocationSample a) {
                if (a.tlabSize != 0 || asyncProfilerWriter || !hasAllocationSample) {
                    source = JfrSource.ALLOCATION_TLAB;
                } else if (outsideTlabType >= 0 && probe.typeOfEventEndingAt(from, end) == outsideTlabType) {
                    source = JfrSource.ALLOCATION_TLAB;
                } else {
                    source = JfrSource.ALLOCATION_SAMPLE;
                }
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
            if (sink.countsOnly(source)) {
                // Its tree will not be built: count the event now, as flush would, without aggregating it.
                if (reader.stackTraces.get(e.stackTraceId) != null) {
                    sink.count(source, 1);
                }
                return;
            }
            long key = sink.splitsThreads() ? ((long) e.stackTraceId << 32) | (e.tid & 0xFFFFFFFFL)
                    : e.stackTraceId & 0xFFFFFFFFL;
            stacks.computeIfAbsent(source, s -> new StackCounts()).add(key, weight);
        }

        /** Resolves the chunk's aggregated stacks while its constant pools are still loaded. */
        void flush() throws LimitExceededException {
            Frame[] buf = new Frame[64];
            // In stream order: once CPU samples are in, the other streams of a defaulted event are only counted.
            for (Map.Entry<JfrSource, StackCounts> bySource : stacks.entrySet()) {
                JfrSource source = bySource.getKey();
                StackCounts counts = bySource.getValue();
                boolean countsOnly = sink.countsOnly(source);
                for (int slot = 0; slot < counts.capacity(); slot++) {
                    if (!counts.isUsed(slot)) {
                        continue;
                    }
                    long key = counts.key(slot);
                    int stackId = sink.splitsThreads() ? (int) (key >>> 32) : (int) key;
                    StackTrace st = reader.stackTraces.get(stackId);
                    if (st == null) {
                        continue;
                    }
                    if (countsOnly) {
                        sink.count(source, counts.count(slot));
                        continue;
                    }
                    if (buf.length < st.methods.length) {
                        buf = new Frame[st.methods.length * 2];
                    }
                    for (int i = 0; i < st.methods.length; i++) {
                        buf[i] = frame(st, i);
                    }
                    Frame thread = sink.splitsThreads() ? names.thread(reader.threads.get((int) key)) : null;
                    sink.add(source, buf, st.methods.length, thread, counts.weight(slot), counts.count(slot));
                    if (!cutStacks.isEmpty() && cutStacks.contains((long) stackId)) {
                        sink.addCutStacks(source, counts.count(slot));
                    }
                }
            }
            stacks.clear();
        }

        private Frame frame(StackTrace st, int i) throws LimitExceededException {
            long methodId = st.methods[i];
            byte type = st.types[i];
            int line = names.usesLines() ? st.locations[i] >> 16 : 0;
            // Lines are 16 bits in the parser's locations, the type a byte.
            int typeAndLine = (type & 0xFF) << 16 | (line & 0xFFFF);
            Frame frame = frames.get(methodId, typeAndLine);
            if (frame == null) {
                MethodRef method = reader.methods.get(methodId);
                String typeDescription = frameTypes.get((int) type);
                if (method == null) {
                    frame = names.unknown(typeDescription);
                } else {
                    ClassRef cls = reader.classes.get(method.cls);
                    frame = names.frame(cls == null ? null : reader.symbols.get(cls.name), reader.symbols.get(method.name),
                            reader.symbols.get(method.sig), line, typeDescription);
                }
                frames.put(methodId, typeAndLine, frame);
            }
            return frame;
        }
    }
}
