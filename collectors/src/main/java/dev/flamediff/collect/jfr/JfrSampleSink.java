package dev.flamediff.collect.jfr;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.LimitExceededException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where both parsers put what they read: one call tree per event stream, built from stacks the
 * parser has already aggregated (one call per distinct stack and thread of a chunk, never one per
 * event), plus the time-window and thread filters of the options. Mutable, single-threaded.
 */
final class JfrSampleSink {

    private final Set<JfrSource> wanted;
    private final boolean threads;
    private final Optional<Pattern> threadFilter;
    private final long fromEpochNanos;
    private final long toEpochNanos;
    private final ReadOptions options;
    private final boolean eventDefaulted;
    private final Map<JfrSource, CallTreeBuilder> builders = new EnumMap<>(JfrSource.class);
    private final Map<JfrSource, long[]> events = new EnumMap<>(JfrSource.class);
    private final Map<JfrSource, long[]> cutStacks = new EnumMap<>(JfrSource.class);
    private final Map<JfrSource, long[]> totals = new EnumMap<>(JfrSource.class);
    private final boolean fillCpuTime;
    private final Map<JfrSource, long[]> filtered = new EnumMap<>(JfrSource.class);
    private final List<String> otherThreadNames = new ArrayList<>();
    private long executionWithoutCpuTime;
    private long overrunEvents;
    private long negativeWeights;
    private int[] ids = new int[256];
    /** Per stream, the tree's frame id of each {@link JfrFrameCache} index seen, -1 for none yet. */
    private final int[][] frameIds = new int[JfrSource.values().length][];

    /** How many refused thread names an error may list. */
    private static final int OTHER_THREAD_NAMES = 5;

    /**
     * @param wanted the streams to keep; events of the others are skipped
     * @param recordingStartNanos the recording's start (epoch nanoseconds), the origin of the
     *     options' time window
     */
    JfrSampleSink(ReadOptions options, Set<JfrSource> wanted, long recordingStartNanos) {
        this(options, wanted, recordingStartNanos, false);
    }

    /**
     * @param fillCpuTime whether the execution samples of chunks without CPU-time samples go into
     *     the CPU-time stream ({@link #route})
     */
    JfrSampleSink(ReadOptions options, Set<JfrSource> wanted, long recordingStartNanos, boolean fillCpuTime) {
        this.fillCpuTime = fillCpuTime;
        this.options = options;
        this.eventDefaulted = options.event().isEmpty();
        this.wanted = Set.copyOf(wanted);
        this.threads = options.threads();
        this.threadFilter = options.threadFilter();
        this.fromEpochNanos = options.fromNanos().map(n -> recordingStartNanos + n).orElse(Long.MIN_VALUE);
        this.toEpochNanos = options.toNanos().map(n -> recordingStartNanos + n).orElse(Long.MAX_VALUE);
    }

    /** Returns whether events of the stream are kept. */
    boolean wants(JfrSource source) {
        return wanted.contains(source);
    }

    /** Returns whether an event at this time (epoch nanoseconds) is inside the time window. */
    boolean inWindow(long epochNanos) {
        return epochNanos >= fromEpochNanos && epochNanos <= toEpochNanos;
    }

    /** Returns whether the options ask for a time window, so parsers only convert times when needed. */
    boolean hasWindow() {
        return fromEpochNanos != Long.MIN_VALUE || toEpochNanos != Long.MAX_VALUE;
    }

    /** Returns whether stacks are split by thread (a thread frame at the root). */
    boolean splitsThreads() {
        return threads;
    }

    /** Returns whether the thread filter needs thread names. */
    boolean filtersThreads() {
        return threadFilter.isPresent();
    }

    /**
     * Returns whether a thread of this name passes the thread filter. Parsers ask once per thread;
     * the first few names refused are kept for the error when the filter keeps nothing.
     */
    boolean acceptsThread(String name) {
        boolean accepted = threadFilter.isEmpty() || (name != null && threadFilter.get().matcher(name).find());
        if (!accepted && otherThreadNames.size() < OTHER_THREAD_NAMES && name != null
                && !otherThreadNames.contains(name)) {
            otherThreadNames.add(name);
        }
        return accepted;
    }

    /** Counts events of a wanted stream dropped because they lie outside the time window. */
    void outsideWindow(JfrSource source, long count) {
        filtered.computeIfAbsent(source, s -> new long[2])[0] += count;
    }

    /** Counts events of a wanted stream dropped because their thread did not pass the thread filter. */
    void otherThread(JfrSource source, long count) {
        filtered.computeIfAbsent(source, s -> new long[2])[1] += count;
    }

    /** Returns how many events of the stream were dropped by the time window. */
    long outsideWindow(JfrSource source) {
        long[] n = filtered.get(source);
        return n == null ? 0 : n[0];
    }

    /** Returns how many events of the stream passed the time window but not the thread filter. */
    long otherThread(JfrSource source) {
        long[] n = filtered.get(source);
        return n == null ? 0 : n[1];
    }

    /** Returns how many events of the stream the recording holds, kept or dropped by a filter. */
    long seen(JfrSource source) {
        return events(source) + outsideWindow(source) + otherThread(source);
    }

    /** Returns the first few thread names the thread filter refused, in the order met. */
    List<String> otherThreadNames() {
        return List.copyOf(otherThreadNames);
    }

    /**
     * Adds one aggregated stack.
     *
     * @param leafFirst the frames, leaf first, as JFR stores them
     * @param depth how many entries of {@code leafFirst} are valid
     * @param thread the thread frame, or null when threads are not split
     * @param weight the stream's first value (samples, bytes or nanoseconds)
     * @param count the number of events aggregated into this stack
     * @throws LimitExceededException if the tree grows past the options' limits
     */
    void add(JfrSource source, Frame[] leafFirst, int depth, Frame thread, long weight, long count)
            throws LimitExceededException {
        CallTreeBuilder builder = builderFor(source, weight, count);
        if (builder == null) {
            return;
        }
        int k = startStack(builder, depth, thread);
        for (int i = depth - 1; i >= 0; i--) {
            ids[k++] = builder.frameId(leafFirst[i]);
        }
        addStack(source, builder, k, weight, count);
    }

    /**
     * Adds one aggregated stack whose frames are {@link JfrFrameCache} indices: each index is
     * turned into the tree's frame id once per recording and then read from an array, where a
     * stack of {@link Frame}s costs a hash look-up per frame (on a recording of 9 M frames in its
     * stacks, a tenth of the reading's CPU time).
     *
     * @param leafFirst the frames' indices in {@code names}, leaf first, as JFR stores them
     * @see #add(JfrSource, Frame[], int, Frame, long, long)
     */
    void add(JfrSource source, int[] leafFirst, JfrFrameCache names, int depth, Frame thread, long weight, long count)
            throws LimitExceededException {
        CallTreeBuilder builder = builderFor(source, weight, count);
        if (builder == null) {
            return;
        }
        int[] idOf = frameIds[source.ordinal()];
        if (idOf == null || idOf.length < names.size()) {
            int[] grown = new int[Math.max(names.size(), idOf == null ? 256 : idOf.length * 2)];
            java.util.Arrays.fill(grown, idOf == null ? 0 : idOf.length, grown.length, -1);
            if (idOf != null) {
                System.arraycopy(idOf, 0, grown, 0, idOf.length);
            }
            idOf = grown;
            frameIds[source.ordinal()] = idOf;
        }
        int k = startStack(builder, depth, thread);
        for (int i = depth - 1; i >= 0; i--) {
            int index = leafFirst[i];
            int id = idOf[index];
            if (id < 0) {
                id = builder.frameId(names.frameAt(index));
                idOf[index] = id;
            }
            ids[k++] = id;
        }
        addStack(source, builder, k, weight, count);
    }

    /**
     * Counts the stack's weight into the stream's total and returns the stream's builder, or null
     * when the stream is only counted (the events are then counted here).
     */
    private CallTreeBuilder builderFor(JfrSource source, long weight, long count) throws LimitExceededException {
        if (countsOnly(source)) {
            events.computeIfAbsent(source, s -> new long[1])[0] += count;
            return null;
        }
        long[] total = totals.computeIfAbsent(source, s -> new long[1]);
        if (weight > Long.MAX_VALUE - total[0]) {
            // No node's total can overflow while the whole stream's fits.
            throw new LimitExceededException("the " + source.eventNames() + " events' " + source.valueTypes().get(0)
                    + " values sum past the 64-bit range (" + Long.MAX_VALUE + ")");
        }
        total[0] += weight;
        return builders.computeIfAbsent(source, s -> new CallTreeBuilder(s.valueTypes(), options.limits().tree()));
    }

    /** Makes room for a stack of {@code depth} frames and puts its thread frame first; returns the next slot. */
    private int startStack(CallTreeBuilder builder, int depth, Frame thread) {
        int len = depth + (thread != null ? 1 : 0);
        if (ids.length < len) {
            ids = new int[Math.max(len, ids.length * 2)];
        }
        int k = 0;
        if (thread != null) {
            ids[k++] = builder.frameId(thread);
        }
        return k;
    }

    private void addStack(JfrSource source, CallTreeBuilder builder, int len, long weight, long count)
            throws LimitExceededException {
        if (source.valueTypes().size() == 1) {
            builder.addStack(ids, len, weight);
        } else {
            builder.addStack(ids, len, weight, count);
        }
        events.computeIfAbsent(source, s -> new long[1])[0] += count;
    }

    /**
     * Counts events of a stream whose tree is not built ({@link #countsOnly}), without their stacks.
     */
    void count(JfrSource source, long count) {
        events.computeIfAbsent(source, s -> new long[1])[0] += count;
    }

    /**
     * Returns whether only the stream's events need counting, not its tree: with no event asked
     * the reader returns the first type in {@link JfrEvent} order that has events, CPU, so once
     * CPU samples were kept no other type's tree can be the one returned (the notes still name
     * their event counts), and building those trees is wasted time and heap.
     */
    boolean countsOnly(JfrSource source) {
        return eventDefaulted && source.event() != JfrEvent.CPU
                && (events(JfrSource.EXECUTION) > 0 || events(JfrSource.CPU_TIME) > 0);
    }

    /**
     * Returns whether only the stream's events need counting, as {@link #countsOnly(JfrSource)},
     * or because the chunk being read already holds CPU samples: its CPU streams are flushed
     * before the others, so by the time this stream's stacks would be added {@code countsOnly}
     * holds. Asked per event, it spares a chunk the aggregation of stacks only counted in the end
     * (an async-profiler recording of CPU and allocation samples: three allocation events to each
     * CPU sample, most of their distinct stacks).
     */
    boolean countsOnly(JfrSource source, boolean chunkHasCpuSamples) {
        return chunkHasCpuSamples ? eventDefaulted && source.event() != JfrEvent.CPU : countsOnly(source);
    }

    /**
     * Returns the stream a chunk's aggregated stacks of {@code source} go to. CPU-time samples are
     * preferred over execution samples, but per chunk: a recording made of chunks with and without
     * them (recordings joined with {@code cat}) would otherwise lose every chunk without them. The
     * execution samples of those chunks are counted, and with {@code fillCpuTime} read into the
     * CPU-time stream in their place.
     *
     * @param chunkHasCpuTime whether the chunk has CPU-time samples
     */
    JfrSource route(JfrSource source, boolean chunkHasCpuTime, long count) {
        if (source == JfrSource.EXECUTION && !chunkHasCpuTime) {
            executionWithoutCpuTime += count;
            if (fillCpuTime) {
                return JfrSource.CPU_TIME;
            }
        }
        return source;
    }

    /** Returns how many execution samples came from chunks without CPU-time samples. */
    long executionWithoutCpuTime() {
        return executionWithoutCpuTime;
    }

    /** Returns whether execution samples of chunks without CPU-time samples fill the CPU-time stream. */
    boolean fillsCpuTime() {
        return fillCpuTime;
    }

    /**
     * Returns whether an event of this weight is kept: a negative weight (a duration or size past
     * 2^63, which no recorder writes) is counted and dropped, so that it cannot subtract from totals.
     */
    boolean acceptsWeight(long weight) {
        if (weight < 0) {
            negativeWeights++;
            return false;
        }
        return true;
    }

    /** Adds two non-negative weights, stopping at {@code Long.MAX_VALUE}, which {@link #add} then refuses. */
    static long sum(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }

    /** Counts events dropped because their fields run past the size the event declares. */
    void addOverrunEvents(long n) {
        overrunEvents += n;
    }

    /** Returns the notes on events dropped while reading: damaged sizes and negative weights. */
    List<String> dropNotes() {
        List<String> notes = new ArrayList<>();
        if (overrunEvents > 0) {
            notes.add(overrunEvents + " events were dropped: their fields run past the size the event declares"
                    + " (a damaged event, or a layout the parser does not know)");
        }
        if (negativeWeights > 0) {
            notes.add(negativeWeights + " events were dropped: their weight (a duration or size) is negative");
        }
        return notes;
    }

    /**
     * Counts events whose stack the recorder cut at its depth limit, so their root-side frames
     * are missing; {@code depth} is how many frames the cut stack kept.
     */
    void addCutStacks(JfrSource source, long events, int depth) {
        long[] n = cutStacks.computeIfAbsent(source, s -> new long[2]);
        n[0] += events;
        n[1] = Math.max(n[1], depth);
    }

    /** Returns how many kept events of the stream have a stack cut at the recorder's depth limit. */
    long cutStacks(JfrSource source) {
        long[] n = cutStacks.get(source);
        return n == null ? 0 : n[0];
    }

    /** Returns the most frames a cut stack of the stream kept: the recorder's depth limit. */
    int cutDepth(JfrSource source) {
        long[] n = cutStacks.get(source);
        return n == null ? 0 : (int) n[1];
    }

    /** Returns how many events of the stream were kept. */
    long events(JfrSource source) {
        long[] n = events.get(source);
        return n == null ? 0 : n[0];
    }

    /** Builds the tree of the stream; an empty tree when it had no events. Call once per stream. */
    CallTree tree(JfrSource source) {
        CallTreeBuilder builder = builders.get(source);
        if (builder == null) {
            builder = new CallTreeBuilder(source.valueTypes(), options.limits().tree());
        }
        return builder.build();
    }
}
