package dev.flamediff.collect.jfr;

import dev.flamediff.model.Frame;
import dev.flamediff.model.LimitExceededException;
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
 * The events of one chunk as {@link AsyncJfrParser} reads them, aggregated by stack id (and thread
 * id) until the chunk ends, then resolved while the chunk's constant pools are loaded. Mutable,
 * single-threaded.
 */
final class AsyncChunkState {

    private final JfrReader reader;
    private final JfrSampleSink sink;
    private final JfrFrameCache names;
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

    /** @param cutStacks the ids of the chunk's stacks the recorder cut at its depth limit */
    AsyncChunkState(JfrReader reader, JfrSampleSink sink, JfrFrameCache names, Set<Long> cutStacks) {
        this.reader = reader;
        this.cutStacks = cutStacks;
        this.sink = sink;
        this.names = names;
        // Only async-profiler declares profiler.* types; its samples are told apart by state.
        this.asyncProfilerWriter = reader.typesByName.containsKey("profiler.WallClockSample");
        this.hasAllocationSample = reader.typesByName.containsKey("jdk.ObjectAllocationSample");
        this.nativeMethodSampleType = typeId("jdk.NativeMethodSample");
        this.outsideTlabType = hasAllocationSample ? typeId("jdk.ObjectAllocationOutsideTLAB") : -1;
        this.threadStates = reader.enums.getOrDefault("jdk.types.ThreadState", Map.of());
        this.frameTypes = reader.enums.getOrDefault("jdk.types.FrameType", Map.of());
    }

    private int typeId(String name) {
        JfrClass type = reader.typesByName.get(name);
        return type == null ? -1 : AsyncJfrParser.typeIdOf(type);
    }

    /**
     * Adds an event.
     *
     * @param type the event's type id, as its header gives it (the parser's events do not carry it)
     */
    void add(Event e, int type) {
        JfrSource source;
        long weight;
        if (e instanceof ExecutionSample s) {
            if (s.threadState == ExecutionSample.CPU_TIME_SAMPLE) {
                source = JfrSource.CPU_TIME;
            } else if (asyncProfilerWriter && !"STATE_DEFAULT".equals(threadStates.get(s.threadState))) {
                source = JfrSource.WALL_CLOCK;
            } else if (type == nativeMethodSampleType) {
                source = JfrSource.NATIVE_METHOD;
            } else {
                source = JfrSource.EXECUTION;
            }
            weight = s.samples;
        } else if (e instanceof AllocationSample a) {
            if (a.tlabSize != 0 || asyncProfilerWriter || !hasAllocationSample) {
                source = JfrSource.ALLOCATION_TLAB;
            } else if (type == outsideTlabType) {
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
        if (!sink.wants(source) || !sink.acceptsWeight(weight)) {
            return;
        }
        if (sink.hasWindow() && !sink.inWindow(reader.eventTimeToNanos(e.time))) {
            sink.outsideWindow(source, 1);
            return;
        }
        if (sink.filtersThreads() && !acceptedThreads.computeIfAbsent(e.tid,
                tid -> sink.acceptsThread(reader.threads.get(tid)))) {
            sink.otherThread(source, 1);
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
        boolean cpuTime = stacks.containsKey(JfrSource.CPU_TIME);
        for (Map.Entry<JfrSource, StackCounts> bySource : stacks.entrySet()) {
            StackCounts counts = bySource.getValue();
            JfrSource source = sink.route(bySource.getKey(), cpuTime, counts.events());
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
                    sink.addCutStacks(source, counts.count(slot), st.methods.length);
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
        int frame = frames.get(methodId, typeAndLine);
        if (frame < 0) {
            MethodRef method = reader.methods.get(methodId);
            String typeDescription = frameTypes.get((int) type);
            if (method == null) {
                frame = names.unknownIndex(typeDescription);
            } else {
                ClassRef cls = reader.classes.get(method.cls);
                frame = names.index(cls == null ? null : reader.symbols.get(cls.name), reader.symbols.get(method.name),
                        reader.symbols.get(method.sig), line, typeDescription);
            }
            frames.put(methodId, typeAndLine, frame);
        }
        return names.frameAt(frame);
    }
}
