package dev.flamediff.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a profile came from and how far to trust it; every output repeats what matters here.
 *
 * @param source the input's name (a file name, or {@code -} for stdin)
 * @param format the format read, for example {@code collapsed}, {@code jfr}, {@code callgrind}
 * @param event what was profiled, for example {@code cpu}, {@code alloc}, {@code Ir}
 * @param durationNanos the recording's duration, or -1 when the format does not say
 * @param truncated whether the input ended early and only a part of it was read
 * @param approximate whether the stacks were reconstructed rather than recorded (callgrind
 *     without caller contexts)
 * @param notes further remarks for the reader of the outputs, in the order they arose
 */
public record ProfileMetadata(String source, String format, String event, long durationNanos,
                              boolean truncated, boolean approximate, List<String> notes) {

    /** Checks for nulls and copies the notes. */
    public ProfileMetadata {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(event, "event");
        notes = List.copyOf(notes);
    }

    /** Returns metadata with the given source, format and event, and nothing else known. */
    public static ProfileMetadata of(String source, String format, String event) {
        return new ProfileMetadata(source, format, event, -1, false, false, List.of());
    }

    public ProfileMetadata withSource(String value) {
        return new ProfileMetadata(value, format, event, durationNanos, truncated, approximate, notes);
    }

    public ProfileMetadata withEvent(String value) {
        return new ProfileMetadata(source, format, value, durationNanos, truncated, approximate, notes);
    }

    public ProfileMetadata withDurationNanos(long value) {
        return new ProfileMetadata(source, format, event, value, truncated, approximate, notes);
    }

    public ProfileMetadata withTruncated(boolean value) {
        return new ProfileMetadata(source, format, event, durationNanos, value, approximate, notes);
    }

    public ProfileMetadata withApproximate(boolean value) {
        return new ProfileMetadata(source, format, event, durationNanos, truncated, value, notes);
    }

    /** Returns a copy with one more note at the end. */
    public ProfileMetadata withNote(String note) {
        List<String> more = new ArrayList<>(notes);
        more.add(note);
        return new ProfileMetadata(source, format, event, durationNanos, truncated, approximate, more);
    }
}
