package dev.flamediff.collect.jfr;

import dev.flamediff.collect.ReadOptions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the time window and the thread filter kept of a recording's events: a note with the
 * counts before and after, and, when they kept none of the events the recording has, a note that
 * says so and why ({@link #nothingKept}), which a caller comparing profiles turns into an error
 * when no profile kept anything (a window past the recording's end, a thread name with a typo).
 * One side alone may keep nothing: a thread or code that only head has.
 */
final class JfrSelection {

    private JfrSelection() {
    }

    /** Returns the notes on what the filters kept of the chosen stream; none when no filter was asked. */
    static List<String> notes(ReadOptions options, JfrEvent event, JfrSource chosen, JfrSampleSink sink) {
        List<String> notes = new ArrayList<>();
        long seen = sink.seen(chosen);
        long inWindow = seen - sink.outsideWindow(chosen);
        String events = event.label() + " events";
        if (options.fromNanos().isPresent() || options.toNanos().isPresent()) {
            notes.add(window(options) + " kept " + count(inWindow) + " of " + count(seen) + " " + events);
        }
        if (options.threadFilter().isPresent()) {
            notes.add("--thread-filter " + options.threadFilter().get().pattern() + " kept " + count(sink.events(chosen))
                    + " of " + count(inWindow) + " " + events + (inWindow == seen ? "" : " in the time window"));
        }
        return notes;
    }

    /**
     * Returns the note saying that the filters kept none of the chosen stream's events although
     * the recording has some, naming the filter that dropped the last of them; empty otherwise.
     *
     * @param durationNanos the recording's duration, or a negative value when not known
     */
    static java.util.Optional<String> nothingKept(ReadOptions options, JfrEvent event, JfrSource chosen,
                                                  JfrSampleSink sink, long durationNanos) {
        long seen = sink.seen(chosen);
        if (sink.events(chosen) > 0 || seen == 0) {
            return java.util.Optional.empty();
        }
        long inWindow = seen - sink.outsideWindow(chosen);
        if (inWindow == 0) {
            return java.util.Optional.of(window(options) + " kept none of the recording's " + count(seen) + " "
                    + event.label() + " events" + (durationNanos >= 0 ? " (the recording lasts "
                    + String.format(Locale.ROOT, "%.1fs", durationNanos / 1e9) + ")" : ""));
        }
        List<String> names = sink.otherThreadNames();
        return java.util.Optional.of("--thread-filter " + options.threadFilter().map(p -> p.pattern()).orElse("")
                + " kept none of the recording's " + count(inWindow) + " " + event.label() + " events"
                + (inWindow == seen ? "" : " in the time window") + ": it matches none of their threads"
                + (names.isEmpty() ? "" : " (" + String.join(", ", names) + (names.size() < 5 ? ")" : ", ...)")));
    }

    private static String window(ReadOptions options) {
        StringBuilder sb = new StringBuilder();
        options.fromNanos().ifPresent(n -> sb.append("--from ").append(seconds(n)));
        options.toNanos().ifPresent(n -> sb.append(sb.length() > 0 ? " " : "").append("--to ").append(seconds(n)));
        return sb.toString();
    }

    /** Seconds with the digits the offset needs, as {@code --from} accepts them back: {@code 60s}, {@code 1.5s}. */
    static String seconds(long nanos) {
        return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString() + "s";
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
