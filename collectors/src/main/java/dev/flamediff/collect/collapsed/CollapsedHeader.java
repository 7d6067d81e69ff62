package dev.flamediff.collect.collapsed;

import dev.flamediff.model.ValueType;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * What the comment lines of a collapsed file say about it. austin writes {@code # austin: 3.3.0},
 * {@code # interval: 100} (microseconds) and {@code # mode: wall} (or {@code cpu}, {@code memory})
 * before its stacks, and its counts are then microseconds of wall or CPU time (kilobytes in
 * memory mode), not sample counts. Other comments are ignored. Mutable, one per read.
 */
final class CollapsedHeader {

    private static final int MAX_VALUE_CHARS = 64;

    private String tool;
    private String version;
    private String mode;
    private String interval;

    /** Reads one comment line, {@code buf[s, e)} starting with {@code #}. */
    void comment(byte[] buf, int s, int e) {
        int len = Math.min(e - s, 256);
        String text = new String(buf, s + 1, len - 1, StandardCharsets.UTF_8).strip();
        int colon = text.indexOf(':');
        if (colon <= 0) {
            return;
        }
        String key = text.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        String value = text.substring(colon + 1).strip();
        if (value.isEmpty() || value.length() > MAX_VALUE_CHARS || !isPlain(value)) {
            return;
        }
        switch (key) {
            case "austin" -> {
                tool = "austin";
                version = value;
            }
            case "mode" -> mode = value.toLowerCase(Locale.ROOT);
            case "interval" -> interval = value;
            default -> {
            }
        }
    }

    /** Takes what the comments of a later part of the input said, as if this header had read them after its own. */
    void addAll(CollapsedHeader later) {
        if (later.tool != null) {
            tool = later.tool;
            version = later.version;
        }
        mode = later.mode != null ? later.mode : mode;
        interval = later.interval != null ? later.interval : interval;
    }

    /** Returns the event the header names ({@code wall}, {@code cpu}, {@code memory}), if any. */
    Optional<String> event() {
        return Optional.ofNullable(mode);
    }

    /**
     * Returns the value type of the counts: austin's time in microseconds for cpu and wall mode,
     * kilobytes for memory mode, and plain sample counts otherwise.
     */
    ValueType valueType() {
        if (mode == null) {
            return ValueType.SAMPLES;
        }
        return switch (mode) {
            case "cpu", "wall" -> new ValueType(mode, "microseconds");
            case "memory" -> new ValueType("memory", "kilobytes");
            default -> ValueType.SAMPLES;
        };
    }

    /** Returns the note for the outputs, or empty when the file had no such header. */
    Optional<String> note() {
        if (tool == null && mode == null && interval == null) {
            return Optional.empty();
        }
        StringBuilder s = new StringBuilder("header: ");
        s.append(tool == null ? "collapsed stacks" : tool + (version == null ? "" : " " + version));
        if (mode != null) {
            s.append(", mode ").append(mode);
        }
        if (interval != null) {
            s.append(", sampling interval ").append(interval).append(isDigits(interval) ? " \u00b5s" : "");
        }
        if (!valueType().equals(ValueType.SAMPLES)) {
            s.append("; values are ").append(valueType().unit());
        }
        return Optional.of(s.toString());
    }

    // Header values end up in every output: only short printable ASCII is taken.
    private static boolean isPlain(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7E || c == '<' || c == '>' || c == '&' || c == '`') {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigits(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
