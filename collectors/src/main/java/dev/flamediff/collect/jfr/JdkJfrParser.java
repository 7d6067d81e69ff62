package dev.flamediff.collect.jfr;

import dev.flamediff.collect.PrivateTempFiles;
import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.Frame;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Decodes recordings with the JDK's own metadata-driven parser ({@code jdk.jfr.consumer}): it
 * reads every field by name, so it follows any writer's field order and every event type, at the
 * cost of one object per event. Stack traces and threads are shared objects within a chunk, so
 * events are aggregated by their identity and each distinct stack is named once per chunk.
 */
final class JdkJfrParser implements JfrParser {

    @Override
    public void parse(Path file, JfrChunks chunks, JfrSampleSink sink, JfrFrameNamer namer, String source)
            throws IOException, ProfileException {
        List<JfrChunk> readable = chunks.readable();
        if (readable.size() == 1 && chunks.readableEnd() == chunks.fileSize()) {
            parseChunk(file, readable.get(0), 1, sink, namer, source);
            return;
        }
        // RecordingFile keeps constant pools from one chunk to the next (ids are stable within one
        // JVM's recording), so chunks of different runs laid end to end get each other's class
        // names; and it throws at a cut chunk. Each chunk is therefore parsed on its own.
        Path one = PrivateTempFiles.create(null, "flamediff-jfr-chunk");
        try {
            for (int i = 0; i < readable.size(); i++) {
                ReadInterrupts.check(source);
                copyRange(file, readable.get(i), one);
                parseChunk(one, readable.get(i), i + 1, sink, namer, source);
            }
        } finally {
            Files.deleteIfExists(one);
        }
    }

    private static void parseChunk(Path file, JfrChunk chunk, int number, JfrSampleSink sink, JfrFrameNamer namer,
                                   String source) throws ProfileException, InterruptedIOException {
        Map<JfrSource, Map<StackKey, long[]>> stacks = new EnumMap<>(JfrSource.class);
        try (RecordingFile recording = new RecordingFile(file)) {
            read(recording, sink, stacks, source);
            // Constant pools are resolved lazily, so damage in them surfaces while naming frames.
            resolve(stacks, sink, namer);
        } catch (InterruptedIOException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw JfrDecodeFailure.thrown(e, number, chunk, source);
        } catch (InternalError | StackOverflowError e) {
            // The JDK's parser signals broken constant pools with InternalError, and reads nested
            // metadata recursively.
            throw JfrDecodeFailure.thrown(e, number, chunk, source);
        } catch (OutOfMemoryError e) {
            // Arrays are sized from counts in the file; a damaged count asks for gigabytes at once.
            throw JfrDecodeFailure.because("a count in it asks for more memory than there is: " + e.getMessage(),
                    number, chunk, source, e);
        }
    }

    private static void read(RecordingFile recording, JfrSampleSink sink,
                             Map<JfrSource, Map<StackKey, long[]>> stacks, String source) throws IOException {
        Map<EventType, EventKind> kinds = new IdentityHashMap<>();
        Map<RecordedThread, Boolean> acceptedThreads = new IdentityHashMap<>();
        boolean needThread = sink.splitsThreads() || sink.filtersThreads();
        int events = 0;
        while (recording.hasMoreEvents()) {
            if ((++events & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            RecordedEvent e = recording.readEvent();
            EventKind kind = kinds.computeIfAbsent(e.getEventType(), EventKind::of);
            if (kind.source == null || !sink.wants(kind.source)) {
                continue;
            }
            if (sink.hasWindow() && !sink.inWindow(epochNanos(e.getStartTime()))) {
                sink.outsideWindow(kind.source, 1);
                continue;
            }
            RecordedStackTrace stack = e.getStackTrace();
            if (stack == null) {
                continue;
            }
            RecordedThread thread = null;
            if (needThread) {
                thread = kind.sampledThread ? e.getThread("sampledThread") : e.getThread();
                if (sink.filtersThreads() && !acceptedThreads.computeIfAbsent(thread,
                        t -> sink.acceptsThread(threadName(t)))) {
                    sink.otherThread(kind.source, 1);
                    continue;
                }
            }
            long weight = weight(kind, e);
            if (!sink.acceptsWeight(weight)) {
                continue;
            }
            long[] values = stacks.computeIfAbsent(kind.source, s -> new HashMap<>())
                    .computeIfAbsent(new StackKey(stack, sink.splitsThreads() ? thread : null), k -> new long[2]);
            values[0] = JfrSampleSink.sum(values[0], weight);
            values[1]++;
        }
    }

    private static long weight(EventKind kind, RecordedEvent e) {
        return switch (kind.source) {
            case WALL_CLOCK -> kind.hasSamples ? e.getLong("samples") : 1;
            case ALLOCATION_SAMPLE -> e.getLong("weight");
            case ALLOCATION_TLAB -> {
                // async-profiler puts its sample weight in tlabSize; the JDK the TLAB's size.
                long tlab = kind.hasTlabSize ? e.getLong("tlabSize") : 0;
                yield tlab != 0 ? tlab : e.getLong("allocationSize");
            }
            case CONTENTION -> e.getDuration().toNanos();
            default -> 1;
        };
    }

    private static void resolve(Map<JfrSource, Map<StackKey, long[]>> stacks, JfrSampleSink sink,
                                JfrFrameNamer namer) throws LimitExceededException {
        Map<FrameKey, Frame> frames = new HashMap<>();
        Map<RecordedThread, Frame> threadFrames = new IdentityHashMap<>();
        Frame[] buf = new Frame[64];
        boolean cpuTime = stacks.containsKey(JfrSource.CPU_TIME);
        for (Map.Entry<JfrSource, Map<StackKey, long[]>> bySource : stacks.entrySet()) {
            long events = 0;
            for (long[] v : bySource.getValue().values()) {
                events += v[1];
            }
            JfrSource source = sink.route(bySource.getKey(), cpuTime, events);
            for (Map.Entry<StackKey, long[]> entry : bySource.getValue().entrySet()) {
                List<RecordedFrame> recorded = entry.getKey().stack().getFrames();
                if (buf.length < recorded.size()) {
                    buf = new Frame[recorded.size() * 2];
                }
                int depth = 0;
                for (RecordedFrame f : recorded) {
                    buf[depth++] = frame(f, namer, frames);
                }
                RecordedThread t = entry.getKey().thread();
                Frame threadFrame = null;
                if (sink.splitsThreads()) {
                    threadFrame = threadFrames.get(t);
                    if (threadFrame == null) {
                        threadFrame = namer.thread(threadName(t));
                        threadFrames.put(t, threadFrame);
                    }
                }
                sink.add(source, buf, depth, threadFrame, entry.getValue()[0], entry.getValue()[1]);
                if (entry.getKey().stack().isTruncated()) {
                    sink.addCutStacks(source, entry.getValue()[1], depth);
                }
            }
        }
    }

    private static Frame frame(RecordedFrame f, JfrFrameNamer namer, Map<FrameKey, Frame> cache)
            throws LimitExceededException {
        RecordedMethod method = f.getMethod();
        String type = f.getType();
        int line = namer.usesLines() ? f.getLineNumber() : 0;
        FrameKey key = new FrameKey(method, type, line);
        Frame frame = cache.get(key);
        if (frame == null) {
            String className = method == null || method.getType() == null ? null : method.getType().getName();
            String name = method == null ? "[unknown]" : method.getName();
            frame = namer.frame(className, name, method == null ? null : method.getDescriptor(), line, type);
            cache.put(key, frame);
        }
        return frame;
    }

    private static String threadName(RecordedThread t) {
        if (t == null) {
            return null;
        }
        return t.getJavaName() != null ? t.getJavaName() : t.getOSName();
    }

    private static long epochNanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static void copyRange(Path file, JfrChunk chunk, Path target) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(target, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            long done = 0;
            while (done < chunk.size()) {
                long n = in.transferTo(chunk.offset() + done, chunk.size() - done, out);
                if (n <= 0) {
                    throw new IOException("short read at byte " + (chunk.offset() + done));
                }
                done += n;
            }
        }
    }

    /** A stack and thread by identity (the parser shares them within a chunk); thread may be null. */
    private record StackKey(RecordedStackTrace stack, RecordedThread thread) {
    }

    /** A method in a frame of a given type and line; RecordedMethod compares by identity. */
    private record FrameKey(RecordedMethod method, String type, int line) {
    }

    /** What flamediff does with an event type, worked out once per type. */
    private record EventKind(JfrSource source, boolean sampledThread, boolean hasSamples, boolean hasTlabSize) {
        static EventKind of(EventType type) {
            return new EventKind(JfrSource.of(type.getName()), type.getField("sampledThread") != null,
                    type.getField("samples") != null, type.getField("tlabSize") != null);
        }
    }
}
