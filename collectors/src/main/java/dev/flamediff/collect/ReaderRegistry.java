package dev.flamediff.collect;

import dev.flamediff.model.UnrecognizedFormatException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The formats flamediff can read, asked in order which one an input is in. A host service can
 * build its own registry with {@link #of}; {@link #defaults()} holds every built-in reader.
 * Immutable and safe to share.
 */
public final class ReaderRegistry {

    private static final int FIRST_PREFIX = 4096;
    private static final int MAX_PREFIX = 1 << 20;

    private final List<ProfileReader> readers;

    private ReaderRegistry(List<ProfileReader> readers) {
        this.readers = List.copyOf(readers);
    }

    /** Returns a registry of the given readers, asked in the given order. */
    public static ReaderRegistry of(List<ProfileReader> readers) {
        return new ReaderRegistry(readers);
    }

    /**
     * Returns a registry of every built-in reader. Binary formats with magic numbers come first
     * and the permissive collapsed format last, so it only takes what nothing else claims.
     */
    public static ReaderRegistry defaults() {
        List<ProfileReader> all = new ArrayList<>();
        all.addAll(BuiltInReaders.binary());
        all.addAll(BuiltInReaders.text());
        return new ReaderRegistry(all);
    }

    /** Returns the readers in the order they are asked. */
    public List<ProfileReader> readers() {
        return readers;
    }

    /** Returns the reader of the named format, if registered. */
    public Optional<ProfileReader> byFormat(String format) {
        return readers.stream().filter(r -> r.format().equals(format)).findFirst();
    }

    /**
     * Returns the reader whose format the input is in, reading as many first bytes as the readers
     * need.
     *
     * @throws UnrecognizedFormatException if no reader recognizes the input
     */
    public ProfileReader detect(ProfileInput input) throws IOException, UnrecognizedFormatException {
        int want = FIRST_PREFIX;
        while (true) {
            byte[] prefix = input.prefix(want);
            boolean complete = prefix.length < want;
            boolean needMore = false;
            for (ProfileReader reader : readers) {
                Detection d = reader.detect(prefix, prefix.length, complete || want >= MAX_PREFIX);
                if (d == Detection.YES) {
                    return reader;
                }
                needMore |= d == Detection.NEED_MORE;
            }
            if (!needMore || complete || want >= MAX_PREFIX) {
                String what = prefix.length == 0 ? "the input is empty" : "not a profile flamediff can read (expected "
                        + String.join(", ", readers.stream().map(ProfileReader::format).toList()) + ")"
                        + FormatHints.of(prefix).map(hint -> "; " + hint).orElse("");
                throw new UnrecognizedFormatException(what, input.name(), null, null, null);
            }
            want *= 4;
        }
    }
}
