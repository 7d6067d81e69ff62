package dev.flamediff.collect.jfr;

import dev.flamediff.collect.Detection;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.ProfileReader;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Position;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.UnrecognizedFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads JDK Flight Recorder recordings, written by the JDK's recorder or by async-profiler, as
 * one of the profile types of {@link JfrEvent} ({@link ReadOptions#event()}; by default the first
 * type of that enum the recording has events of). Three parsers sit behind it
 * ({@link ReadOptions#jfrParser()}, a {@link JfrParserChoice}): {@code flamediff} ({@link FlamediffJfrParser}, which decodes
 * only what a diff needs; the default), {@code async} (async-profiler's {@code one.jfr.JfrReader})
 * and {@code jdk} ({@code jdk.jfr.consumer}), the two it is tested against. A recording that was cut or is
 * still being written is read up to its last complete chunk and marked truncated. Stateless and
 * thread-safe.
 */
public final class JfrProfileReader implements ProfileReader {

    /** The format name. */
    public static final String FORMAT = "jfr";

    /**
     * The parser used when the options name none: flamediff's own, for recordings of both writers.
     * It gives the trees and notes of both library parsers on every fixture and event
     * (FlamediffParserParityTest) and reads fields by name as the JDK's parser does, without
     * decoding the events, pools and names a diff does not use (benchmarks/README.md has the
     * figures). The async and JDK parsers stay selectable, and are its oracles in tests.
     */
    public static final JfrParserChoice DEFAULT_PARSER = JfrParserChoice.FLAMEDIFF;

    @Override
    public String format() {
        return FORMAT;
    }

    /** Says YES for at least 68 bytes starting with {@code FLR\0} and major version 1 or 2. */
    @Override
    public Detection detect(byte[] prefix, int length, boolean complete) {
        int check = Math.min(length, 6);
        byte[] magic = {'F', 'L', 'R', 0};
        for (int i = 0; i < Math.min(check, 4); i++) {
            if (prefix[i] != magic[i]) {
                return Detection.NO;
            }
        }
        if (length < JfrChunkScanner.HEADER_SIZE) {
            return complete ? Detection.NO : Detection.NEED_MORE;
        }
        int major = ((prefix[4] & 0xFF) << 8) | (prefix[5] & 0xFF);
        return major == 1 || major == 2 ? Detection.YES : Detection.NO;
    }

    /**
     * Reads the recording.
     *
     * @return the profile of the chosen event, whose metadata names the event; truncated with a
     *     note when only the complete chunks could be read
     * @throws UnrecognizedFormatException if the input is not JFR, of an unsupported version, or
     *     the options ask for an unknown event, or for wall-clock samples the recording
     *     does not have
     * @throws dev.flamediff.model.MalformedProfileException if no chunk is complete or a chunk
     *     cannot be decoded, naming the byte offset
     * @throws LimitExceededException if the input or the tree exceeds the options' limits
     */
    @Override
    public Profile read(ProfileInput input, ReadOptions options) throws ProfileException, IOException {
        String source = input.name();
        JfrParserChoice parser = options.jfrParser().orElse(DEFAULT_PARSER);
        JfrParser decoder = parser.create();
        Optional<JfrEvent> asked = Optional.empty();
        if (options.event().isPresent()) {
            asked = Optional.of(JfrEvent.byLabel(options.event().get()).orElseThrow(() -> new UnrecognizedFormatException(
                    "no event \"" + options.event().get() + "\" in JFR recordings (expected cpu, wall, alloc, lock or native)",
                    source, FORMAT, Position.NONE, null)));
        }
        Path file = input.file();
        // The parsers read the file directly, past the stream that enforces the byte limit.
        long size = Files.size(file);
        if (size > options.limits().maxBytes()) {
            throw new LimitExceededException("input is larger than the limit of " + options.limits().maxBytes()
                    + " bytes", source, FORMAT, Position.NONE, null);
        }
        JfrChunks chunks = JfrChunkScanner.scan(file, source);
        Set<JfrSource> wanted = EnumSet.noneOf(JfrSource.class);
        for (JfrSource s : JfrSource.values()) {
            if (asked.isEmpty() || s.event() == asked.get()) {
                wanted.add(s);
            }
        }
        JfrSampleSink first = new JfrSampleSink(options, wanted, chunks.startNanos());
        try {
            decoder.parse(file, chunks, first, new JfrFrameNamer(options), source);
        } catch (LimitExceededException e) {
            throw e.withContext(source, FORMAT, Position.NONE);
        }
        JfrEvent event = asked.orElseGet(() -> defaultEvent(first));
        JfrSampleSink sink = first;
        if (event == JfrEvent.CPU && first.events(JfrSource.CPU_TIME) > 0 && first.executionWithoutCpuTime() > 0) {
            // Chunks with and without CPU-time samples: read again, the latter's execution samples
            // in their place. Only joined recordings take this second pass.
            sink = new JfrSampleSink(options, wanted, chunks.startNanos(), true);
            try {
                decoder.parse(file, chunks, sink, new JfrFrameNamer(options), source);
            } catch (LimitExceededException e) {
                throw e.withContext(source, FORMAT, Position.NONE);
            }
        }
        if (event == JfrEvent.WALL && sink.events(JfrSource.WALL_CLOCK) == 0) {
            throw new UnrecognizedFormatException("the recording has no wall-clock samples (profiler.WallClockSample);"
                    + " the JDK's recorder has none: read it with --event cpu, alloc, lock or native, or record"
                    + " with async-profiler's wall event", source, FORMAT, Position.NONE, null);
        }
        JfrSource chosen = sourceOf(event, sink);
        ProfileMetadata metadata = new ProfileMetadata(source, FORMAT, event.label(), chunks.durationNanos(),
                chunks.truncation().isPresent(), false, notes(event, chosen, sink, asked.isEmpty(), parser, chunks, options),
                losses(sink, chunks, chosen));
        return new Profile(sink.tree(chosen), metadata);
    }

    /**
     * The first profile type, in {@link JfrEvent} order, the recording has events of, counting
     * those a filter dropped: a filter that keeps no CPU samples is an error, not a switch to
     * another type.
     */
    private static JfrEvent defaultEvent(JfrSampleSink sink) {
        for (JfrEvent e : JfrEvent.values()) {
            if (seen(e, sink) > 0) {
                return e;
            }
        }
        return JfrEvent.CPU;
    }

    private static long seen(JfrEvent event, JfrSampleSink sink) {
        long n = 0;
        for (JfrSource s : JfrSource.values()) {
            if (s.event() == event) {
                n += sink.seen(s);
            }
        }
        return n;
    }

    private static long events(JfrEvent event, JfrSampleSink sink) {
        long n = 0;
        for (JfrSource s : JfrSource.values()) {
            if (s.event() == event) {
                n += sink.events(s);
            }
        }
        return n;
    }

    /**
     * Picks one stream per profile type: CPU-time samples over execution samples (they also see
     * threads in native code), allocation samples over TLAB events (the JDK can record both, and
     * they count the same bytes).
     */
    private static JfrSource sourceOf(JfrEvent event, JfrSampleSink sink) {
        return switch (event) {
            case CPU -> sink.events(JfrSource.CPU_TIME) > 0 ? JfrSource.CPU_TIME : JfrSource.EXECUTION;
            case WALL -> JfrSource.WALL_CLOCK;
            case ALLOC -> sink.events(JfrSource.ALLOCATION_SAMPLE) > 0 ? JfrSource.ALLOCATION_SAMPLE
                    : JfrSource.ALLOCATION_TLAB;
            case LOCK -> JfrSource.CONTENTION;
            case NATIVE -> JfrSource.NATIVE_METHOD;
        };
    }

    /** The notes on what was not read: the chunks after a cut, events dropped as damaged. */
    private static List<String> losses(JfrSampleSink sink, JfrChunks chunks, JfrSource chosen) {
        List<String> losses = new ArrayList<>();
        chunks.truncation().ifPresent(losses::add);
        losses.addAll(sink.dropNotes());
        long all = sink.events(chosen);
        if (sink.cutStacks(chosen) > 0 && sink.cutStacks(chosen) >= CUT_STACKS_LOSS * all) {
            losses.add(cutStacksNote(sink, chosen));
        }
        return losses;
    }

    /**
     * The share of events with stacks cut at the recorder's depth from which the cut is a loss,
     * warned of where losses are (the report's warning line, the graph's first note), not a note
     * in the details alone: a tenth. With stackdepth=5 three quarters of a JDK recording's
     * events were cut, and a change that grew by 82% read as 12%; a deep recursion that reaches
     * the default depth of 64 now and then cuts a few.
     */
    static final double CUT_STACKS_LOSS = 0.1;

    private static String cutStacksNote(JfrSampleSink sink, JfrSource chosen) {
        long cut = sink.cutStacks(chosen);
        long all = sink.events(chosen);
        // Said with the depth the stacks were cut at and their share: when most are cut (a
        // recorder's stackdepth=5), a change above the cut is spread over the cut stacks'
        // outermost frames and reads as smaller than it is.
        return cut + " of the " + all + " events (" + percent(cut, all) + ") have stacks cut at "
                + sink.cutDepth(chosen) + " frames, the recorder's depth limit (-XX:FlightRecorderOptions:stackdepth,"
                + " 64 by default): their root-side frames are missing, and a change above the cut is split"
                + " over the frames the stacks start with";
    }

    private static List<String> notes(JfrEvent event, JfrSource chosen, JfrSampleSink sink, boolean defaulted,
                                      JfrParserChoice parser, JfrChunks chunks, ReadOptions options) {
        List<String> notes = new ArrayList<>();
        chunks.truncation().ifPresent(notes::add);
        notes.add("event " + event.label() + (defaulted ? " (the recording's default)" : "") + ": "
                + sink.events(chosen) + " " + chosen.eventNames() + " events, read by the " + parser.label() + " parser");
        notes.addAll(JfrSelection.notes(options, event, chosen, sink));
        if (defaulted) {
            List<String> others = new ArrayList<>();
            for (JfrEvent e : JfrEvent.values()) {
                long n = events(e, sink);
                if (e != event && n > 0) {
                    others.add(e.label() + " (" + n + " events)");
                }
            }
            if (!others.isEmpty()) {
                notes.add("also in the recording: " + String.join(", ", others));
            }
        }
        if (chosen == JfrSource.CPU_TIME && sink.fillsCpuTime()) {
            notes.add(sink.executionWithoutCpuTime() + " of these are jdk.ExecutionSample events, read in the place of"
                    + " CPU-time samples in the chunks that have none (recordings made with and without CPU-time"
                    + " sampling, joined)");
        }
        notes.addAll(sink.dropNotes());
        if (sink.cutStacks(chosen) > 0) {
            notes.add(cutStacksNote(sink, chosen));
        }
        if (sink.seen(chosen) == 0) {
            notes.add("the recording has no " + event.label() + " events");
        }
        JfrSelection.nothingKept(options, event, chosen, sink, chunks.durationNanos()).ifPresent(notes::add);
        return notes;
    }

    /** A share as a whole percent, or "under 1%" for a few events among many. */
    private static String percent(long part, long whole) {
        long p = whole == 0 ? 0 : Math.round(100.0 * part / whole);
        return p == 0 ? "under 1%" : p + "%";
    }
}
