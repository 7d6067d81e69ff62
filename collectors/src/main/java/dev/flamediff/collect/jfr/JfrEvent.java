package dev.flamediff.collect.jfr;

import dev.flamediff.model.ValueType;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The profile types a recording can be read as ({@code --event}), in the order the reader
 * prefers them when none is asked for.
 */
public enum JfrEvent {
    /** CPU samples: jdk.CPUTimeSample when the recording has them, else jdk.ExecutionSample. */
    CPU(List.of(ValueType.SAMPLES)),
    /** Wall-clock samples of every thread, running or not (async-profiler's profiler.WallClockSample). */
    WALL(List.of(ValueType.SAMPLES)),
    /** Allocated bytes (allocation samples, else TLAB events), and the number of events. */
    ALLOC(List.of(ValueType.ALLOC_BYTES, ValueType.SAMPLES)),
    /** Time spent waiting to enter monitors and parked, and the number of events. */
    LOCK(List.of(ValueType.LOCK_NANOS, ValueType.SAMPLES)),
    /** Samples of threads inside JNI methods (jdk.NativeMethodSample). */
    NATIVE(List.of(ValueType.SAMPLES));

    private final List<ValueType> valueTypes;

    JfrEvent(List<ValueType> valueTypes) {
        this.valueTypes = valueTypes;
    }

    /** Returns the name used by {@code --event} and in the profile's metadata, such as {@code cpu}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Returns the value types of a profile of this type; the first one is the diffed default. */
    public List<ValueType> valueTypes() {
        return valueTypes;
    }

    /** Returns the type named by {@code --event} (case-insensitive), if it is one. */
    public static Optional<JfrEvent> byLabel(String label) {
        for (JfrEvent e : values()) {
            if (e.label().equalsIgnoreCase(label)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
