package dev.flamediff.collect.jfr;

import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.Frame;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.MalformedProfileException;
import java.io.InterruptedIOException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * The events of one chunk as {@link FlamediffJfrParser} reads them: walked by their declared
 * sizes, the unread types skipped without decoding a field, the read ones decoded by their
 * metadata layout and aggregated by stack (and thread) into primitive tables per stream; then, at
 * the chunk's end, each distinct stack resolved once and handed to the sink. Follows what
 * {@link AsyncChunkState} does with async-profiler's parser, the default reader's behaviour, so
 * that both give the same trees and notes. Mutable, single-threaded.
 */
final class JfrChunkEvents {

    private final byte[] chunk;
    private final int size;
    private final JfrChunk where;
    private final int number;
    private final JfrEventKinds kinds;
    private final JfrPools pools;
    private final JfrChunkFrames frames;
    private final JfrSampleSink sink;
    private final JfrFrameCache names;
    private final String source;
    private final long startNanos;
    private final long startTicks;
    private final double nanosPerTick;
    private final Map<JfrSource, StackCounts> stacks;
    /** Whether this chunk has aggregated a CPU sample, after which a defaulted event's other streams are only counted. */
    private boolean cpuSamples;
    private final Map<Long, Boolean> defaultStates = new HashMap<>();
    /** Per small thread-state id: 0 not asked yet, 1 the default state, 2 another. */
    private final byte[] smallStates = new byte[64];
    /** Per thread of the pool: 0 not asked yet, 1 accepted, 2 refused by the thread filter. */
    private byte[] threadVerdicts = new byte[0];
    private Frame[] threadFrames = new Frame[0];
    private long[] values = new long[16];
    /** {@link JfrSampleSink#wants} per stream, asked once instead of once per event. */
    private final boolean[] wanted = new boolean[JfrSource.values().length];

    /**
     * @param stacks the aggregation tables per stream, empty: one set serves every chunk of a
     *     recording, each table cleared after its chunk's {@link #flush}
     */
    JfrChunkEvents(byte[] chunk, int size, JfrChunk where, int number, JfrEventKinds kinds, JfrPools pools,
                   JfrChunkFrames frames, JfrSampleSink sink, JfrFrameCache names, String source,
                   EnumMap<JfrSource, StackCounts> stacks) {
        this.chunk = chunk;
        this.stacks = stacks;
        this.size = size;
        this.where = where;
        this.number = number;
        this.kinds = kinds;
        this.pools = pools;
        this.frames = frames;
        this.sink = sink;
        this.names = names;
        this.source = source;
        this.startNanos = JfrPools.getLong(chunk, 32);
        this.startTicks = JfrPools.getLong(chunk, 48);
        this.nanosPerTick = 1e9 / JfrPools.getLong(chunk, 56);
        for (JfrSource s : JfrSource.values()) {
            wanted[s.ordinal()] = sink.wants(s);
        }
    }

    /**
     * Walks the chunk's events by their declared sizes, decoding those of the read types; an event
     * whose fields run past its size is dropped and counted, the rest of one longer than its
     * fields skipped.
     *
     * @throws MalformedProfileException if an event's size cannot be right or a chunk header sits
     *     among the events
     */
    void read() throws MalformedProfileException, InterruptedIOException {
        long overran = JfrEventWalk.walk(chunk, size, where, number, source, false, (in, start, end, type) -> {
            JfrEventKinds.Kind kind = kinds.of(type);
            if (kind == null) {
                return true;
            }
            in.at(in.pos(), end);
            if (!decode(in, kind)) {
                return false;
            }
            add(kind);
            return true;
        });
        sink.addOverrunEvents(overran);
    }

    private boolean decode(JfrBytes in, JfrEventKinds.Kind kind) {
        int[] codes = kind.codes();
        if (values.length < codes.length) {
            values = new long[codes.length];
        }
        try {
            for (int f = 0; f < codes.length; f++) {
                int code = codes[f];
                if (JfrLayout.isScalar(code)) {
                    values[f] = JfrLayout.scalar(in, code);
                } else {
                    values[f] = 0;
                    pools.layout().skip(in, code);
                }
            }
            return true;
        } catch (JfrBytes.Overrun e) {
            return false;
        }
    }

    private long value(int field) {
        return field < 0 ? 0 : values[field];
    }

    private void add(JfrEventKinds.Kind kind) {
        JfrSource stream = kind.source();
        if (kind.execution() && kinds.asyncProfilerWriter() && !isDefaultState(value(kind.state()))) {
            // async-profiler 3.x writes its wall-clock samples as execution samples of sleeping or running threads.
            stream = JfrSource.WALL_CLOCK;
        }
        long weight = switch (stream) {
            case WALL_CLOCK -> kind.samples() >= 0 ? value(kind.samples()) : 1;
            case ALLOCATION_SAMPLE -> value(kind.weight());
            case ALLOCATION_TLAB -> value(kind.tlabSize()) != 0 ? value(kind.tlabSize()) : value(kind.allocationSize());
            case CONTENTION -> (long) (value(kind.duration()) * nanosPerTick);
            default -> 1;
        };
        if (!wanted[stream.ordinal()] || !sink.acceptsWeight(weight)) {
            return;
        }
        if (sink.hasWindow() && !sink.inWindow(startNanos + (long) ((value(kind.time()) - startTicks) * nanosPerTick))) {
            sink.outsideWindow(stream, 1);
            return;
        }
        int thread = kind.thread() < 0 ? -1 : pools.table(JfrPools.THREAD).find(value(kind.thread()));
        if (sink.filtersThreads() && !accepted(thread)) {
            sink.otherThread(stream, 1);
            return;
        }
        int stack = kind.stack() < 0 ? -1 : pools.table(JfrPools.STACK_TRACE).find(value(kind.stack()));
        if (stack < 0) {
            return;
        }
        if (sink.countsOnly(stream, cpuSamples)) {
            // Its tree will not be built: count the event now, as flush would, without aggregating it.
            sink.count(stream, 1);
            return;
        }
        cpuSamples |= stream.event() == JfrEvent.CPU;
        long key = sink.splitsThreads() ? (long) stack << 32 | (thread + 1) : stack;
        stacks.computeIfAbsent(stream, s -> new StackCounts()).add(key, weight);
    }

    private boolean isDefaultState(long state) {
        // Asked for every sample: state ids are a handful of small numbers, kept in an array.
        if (state >= 0 && state < smallStates.length) {
            if (smallStates[(int) state] == 0) {
                smallStates[(int) state] = (byte) ("STATE_DEFAULT".equals(frames.threadState(state)) ? 1 : 2);
            }
            return smallStates[(int) state] == 1;
        }
        return defaultStates.computeIfAbsent(state, s -> "STATE_DEFAULT".equals(frames.threadState(s)));
    }

    private boolean accepted(int thread) {
        if (thread < 0) {
            return sink.acceptsThread(null);
        }
        if (thread >= threadVerdicts.length) {
            threadVerdicts = java.util.Arrays.copyOf(threadVerdicts, Math.max(thread + 1, threadVerdicts.length * 2));
        }
        if (threadVerdicts[thread] == 0) {
            threadVerdicts[thread] = (byte) (sink.acceptsThread(frames.threadName(thread)) ? 1 : 2);
        }
        return threadVerdicts[thread] == 1;
    }

    /** Resolves the chunk's aggregated stacks and hands them to the sink. */
    void flush() throws LimitExceededException, InterruptedIOException {
        // In stream order: once CPU samples are in, the other streams of a defaulted event are only counted.
        // A table kept from an earlier chunk and empty in this one stands for a stream this chunk lacks.
        StackCounts cpu = stacks.get(JfrSource.CPU_TIME);
        boolean cpuTime = cpu != null && !cpu.isEmpty();
        for (Map.Entry<JfrSource, StackCounts> bySource : stacks.entrySet()) {
            StackCounts counts = bySource.getValue();
            if (counts.isEmpty()) {
                continue;
            }
            JfrSource stream = sink.route(bySource.getKey(), cpuTime, counts.events());
            boolean countsOnly = sink.countsOnly(stream);
            for (int slot = 0; slot < counts.capacity(); slot++) {
                if ((slot & 4095) == 4095) {
                    // A chunk of a long recording can hold millions of distinct stacks.
                    ReadInterrupts.check(source);
                }
                if (!counts.isUsed(slot)) {
                    continue;
                }
                if (countsOnly) {
                    sink.count(stream, counts.count(slot));
                    continue;
                }
                long key = counts.key(slot);
                int stack = sink.splitsThreads() ? (int) (key >>> 32) : (int) key;
                int depth = frames.resolve(stack);
                Frame thread = sink.splitsThreads() ? threadFrame((int) key - 1) : null;
                sink.add(stream, frames.frames(), names, depth, thread, counts.weight(slot), counts.count(slot));
                if (frames.truncated()) {
                    sink.addCutStacks(stream, counts.count(slot), depth);
                }
            }
        }
        for (StackCounts counts : stacks.values()) {
            counts.clear();
        }
    }

    private Frame threadFrame(int thread) throws LimitExceededException {
        if (thread < 0) {
            return names.thread(null);
        }
        if (thread >= threadFrames.length) {
            threadFrames = java.util.Arrays.copyOf(threadFrames, Math.max(thread + 1, threadFrames.length * 2));
        }
        if (threadFrames[thread] == null) {
            threadFrames[thread] = names.thread(frames.threadName(thread));
        }
        return threadFrames[thread];
    }
}
