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
 * @param losses the notes that say a part of the input was not read (events dropped, a recording
 *     cut short, lines skipped), in the same order; each is also one of {@code notes}. An output
 *     with room for only some of the notes shows these first
 */
public record ProfileMetadata(String source, String format, String event, long durationNanos,
                              boolean truncated, boolean approximate, List<String> notes, List<String> losses) {

    /**
     * Checks for nulls and copies the notes.
     *
     * @throws IllegalArgumentException if a loss is not one of the notes
     */
    public ProfileMetadata {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(event, "event");
        notes = List.copyOf(notes);
        losses = List.copyOf(losses);
        if (!notes.containsAll(losses)) {
            throw new IllegalArgumentException("every loss must also be a note");
        }
    }

    /** Returns metadata whose notes report no loss. */
    public ProfileMetadata(String source, String format, String event, long durationNanos,
                           boolean truncated, boolean approximate, List<String> notes) {
        this(source, format, event, durationNanos, truncated, approximate, notes, List.of());
    }

    /** Returns metadata with the given source, format and event, and nothing else known. */
    public static ProfileMetadata of(String source, String format, String event) {
        return new ProfileMetadata(source, format, event, -1, false, false, List.of(), List.of());
    }

    public ProfileMetadata withSource(String value) {
        return new ProfileMetadata(value, format, event, durationNanos, truncated, approximate, notes, losses);
    }

    public ProfileMetadata withEvent(String value) {
        return new ProfileMetadata(source, format, value, durationNanos, truncated, approximate, notes, losses);
    }

    public ProfileMetadata withDurationNanos(long value) {
        return new ProfileMetadata(source, format, event, value, truncated, approximate, notes, losses);
    }

    public ProfileMetadata withTruncated(boolean value) {
        return new ProfileMetadata(source, format, event, durationNanos, value, approximate, notes, losses);
    }

    public ProfileMetadata withApproximate(boolean value) {
        return new ProfileMetadata(source, format, event, durationNanos, truncated, value, notes, losses);
    }

    /** Returns a copy with one more note at the end. */
    public ProfileMetadata withNote(String note) {
        return new ProfileMetadata(source, format, event, durationNanos, truncated, approximate, plus(notes, note),
                losses);
    }

    /**
     * Returns a copy with one more note at the end that reports a loss: a part of the input that
     * was not read, such as dropped events or skipped lines.
     */
    public ProfileMetadata withLoss(String note) {
        return new ProfileMetadata(source, format, event, durationNanos, truncated, approximate, plus(notes, note),
                plus(losses, note));
    }

    /** Returns whether the note reports a loss (one of {@link #losses()}). */
    public boolean isLoss(String note) {
        return losses.contains(note);
    }

    private static List<String> plus(List<String> list, String item) {
        List<String> more = new ArrayList<>(list);
        more.add(item);
        return more;
    }
}
