package dev.flamediff.collect.collapsed;

import dev.flamediff.collect.Detection;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.ProfileReader;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Supplier;

/**
 * Reads collapsed ("folded") stacks, as written by async-profiler's {@code collapsed} output,
 * flamegraph.pl's {@code stackcollapse-*} scripts and inferno: one {@code frame;frame;...;frame count}
 * line per stack, root first. The count is the number after the <em>last</em> space, since frame
 * names may contain spaces; lines of the same stack are summed; blank lines and lines starting
 * with {@code #} are skipped (austin's {@code # mode:} and {@code # interval:} headers become the
 * event and a note); LF, CRLF and CR-only line ends and a UTF-8 byte-order mark are accepted.
 * Values are {@code samples/count} (austin's time in microseconds when its header says so);
 * counts may have fractions ({@code 31.23}), kept exactly with {@link ValueType#decimals()}.
 *
 * <p>A file whose first stack line ends in two counts ({@code stack base head}, difffolded.pl's
 * output) is read as a ready-made pair, with the value types {@link #BASE_COLUMN} and
 * {@link #HEAD_COLUMN}.
 *
 * <p>Frame kinds come from async-profiler's suffixes; see {@link CollapsedFrameDecoder} for the
 * rules, including the allocation and lock leaves whose suffixes mean something else.
 *
 * <p>A large uncompressed file is read in parts where the common pool has threads free (three
 * cores or more, {@link CollapsedParts}); the result is the same as reading it in one go, errors
 * included.
 *
 * <p>Stateless: one instance can read many inputs concurrently.
 */
public final class CollapsedReader implements ProfileReader {

    /** The format's name. */
    public static final String FORMAT = "collapsed";

    /**
     * The value type of the base column of a 3-column file ({@code stack base head}, as
     * difffolded.pl writes); see {@link dev.flamediff.collect.PairedProfile} for splitting such
     * a profile into base and head.
     */
    public static final ValueType BASE_COLUMN = new ValueType("base", "count");

    /** The value type of the head column of a 3-column file. */
    public static final ValueType HEAD_COLUMN = new ValueType("head", "count");

    private final long minPartBytes;
    private final int maxParts;
    private final boolean extendRuns;

    /** Creates the reader. */
    public CollapsedReader() {
        this(CollapsedParts.MIN_PART_BYTES, 0, true);
    }

    /**
     * Creates a reader that reads files of at least two parts of {@code minPartBytes} in parts:
     * at most {@code maxParts} (0: one per thread of the common pool and the caller), each read
     * apart only when a thread is free for it ({@code extendRuns}) or always (tests).
     */
    CollapsedReader(long minPartBytes, int maxParts, boolean extendRuns) {
        this.minPartBytes = minPartBytes;
        this.maxParts = maxParts;
        this.extendRuns = extendRuns;
    }

    /** Returns {@code collapsed}. */
    @Override
    public String format() {
        return FORMAT;
    }

    /**
     * Returns YES when the first non-blank line is text of the form {@code stack<space>digits}
     * (and the input is not a callgrind file), NO when it is not, and NEED_MORE when the prefix
     * ends before the first non-blank line does.
     */
    @Override
    public Detection detect(byte[] prefix, int length, boolean complete) {
        return CollapsedDetector.detect(prefix, length, complete);
    }

    /**
     * Reads the whole input.
     *
     * @return the profile, with one value type {@code samples/count}; its event is the options'
     *     event, or {@code samples} since the format does not say
     * @throws MalformedProfileException for a line without a count, with a count that is not a
     *     number, negative or too large (unless the options skip bad lines), with an empty stack or an empty frame, or for an
     *     input without any stack; the message names the line
     * @throws dev.flamediff.model.LimitExceededException when a frame name, a line, the stack depth
     *     or the tree size is over the options' limits
     * @throws IOException if the input cannot be read
     */
    @Override
    public Profile read(ProfileInput input, ReadOptions options) throws ProfileException, IOException {
        CollapsedParser.Parsed parsed;
        try {
            parsed = parse(input, options);
        } catch (CancellationException e) {
            throw e; // an interrupt while the tree was built, reported by Profiles.read
        } catch (RuntimeException e) {
            // A bug must not look like a crash to a service reading untrusted uploads.
            throw new MalformedProfileException("cannot read the input: " + e, input.name(), FORMAT,
                    Position.NONE, e);
        }
        CallTree tree = parsed.tree();
        String event = options.event().or(() -> parsed.header().event()).orElse("samples");
        ProfileMetadata metadata = ProfileMetadata.of(input.name(), FORMAT, event);
        if (parsed.columns() == 2) {
            metadata = metadata.withNote("3-column stacks (stack base head, as difffolded.pl writes): "
                    + "a ready-made base and head pair");
        }
        Optional<String> header = parsed.header().note();
        if (header.isPresent()) {
            metadata = metadata.withNote(header.get());
        }
        int decimals = tree.valueTypes().stream().mapToInt(ValueType::decimals).max().orElse(0);
        if (decimals > 0) {
            metadata = metadata.withNote("counts with fractions (up to " + decimals + " decimal places"
                    + (parsed.rounded() ? ", longer ones rounded" : "") + "): compared as exact values, "
                    + "since their sampling noise is unknown");
        }
        if (parsed.badLines().count() > 0) {
            metadata = metadata.withLoss(parsed.badLines().note()).withTruncated(true);
        }
        return new Profile(tree, metadata);
    }

    private CollapsedParser.Parsed parse(ProfileInput input, ReadOptions options)
            throws IOException, ProfileException {
        Supplier<CollapsedParser> parsers = () -> new CollapsedParser(input.name(), options.limits(),
                options.normalizeNames(), options.skipBadLines());
        int parts = parts(input);
        CollapsedParser.Parsed parsed = parts > 1
                ? CollapsedParts.read(input.file(), input.name(), parts, extendRuns, parsers) : null;
        if (parsed != null) {
            return parsed;
        }
        try (InputStream in = input.open()) {
            return parsers.get().parse(in);
        }
    }

    /**
     * Returns how many parts to read the input in: a large uncompressed file is read in parts on
     * several cores ({@link CollapsedParts}), anything else in one go (a stream was spooled to a
     * file, but a gzip file would have to be inflated to disk first).
     */
    private int parts(ProfileInput input) throws IOException {
        if (input.compressed()) {
            return 1;
        }
        long size = Files.size(input.file());
        int threads = maxParts > 0 ? maxParts : CollapsedParts.threads();
        return size > input.limits().maxBytes() ? 1 : CollapsedParts.partsFor(size, minPartBytes, threads);
    }
}
