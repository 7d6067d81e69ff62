package dev.flamediff.collect.jfr;

import dev.flamediff.model.ValueType;
import java.util.List;

/**
 * The streams of stack-carrying events a recording can hold, kept apart while reading so the
 * reader can choose between them afterwards (for example CPU-time samples over execution samples,
 * or allocation samples over TLAB events, which would count the same bytes twice).
 */
enum JfrSource {
    /** jdk.ExecutionSample: one per sample of a thread running Java code (JDK), or any CPU sample (async-profiler). */
    EXECUTION("jdk.ExecutionSample", JfrEvent.CPU),
    /** jdk.CPUTimeSample (JDK 25, experimental): one per sample of a thread's CPU time. */
    CPU_TIME("jdk.CPUTimeSample", JfrEvent.CPU),
    /** jdk.NativeMethodSample: one per sample of a thread in a JNI method. */
    NATIVE_METHOD("jdk.NativeMethodSample", JfrEvent.NATIVE),
    /** profiler.WallClockSample (async-profiler): weighted by its batch count. */
    WALL_CLOCK("profiler.WallClockSample", JfrEvent.WALL),
    /** jdk.ObjectAllocationSample: weighted by its weight, an estimate of the bytes allocated. */
    ALLOCATION_SAMPLE("jdk.ObjectAllocationSample", JfrEvent.ALLOC),
    /** jdk.ObjectAllocationInNewTLAB and jdk.ObjectAllocationOutsideTLAB: weighted by TLAB or object size. */
    ALLOCATION_TLAB("jdk.ObjectAllocationInNewTLAB+OutsideTLAB", JfrEvent.ALLOC),
    /** jdk.JavaMonitorEnter and jdk.ThreadPark: weighted by how long the thread waited. */
    CONTENTION("jdk.JavaMonitorEnter+ThreadPark", JfrEvent.LOCK);

    private final String eventNames;
    private final JfrEvent event;

    JfrSource(String eventNames, JfrEvent event) {
        this.eventNames = eventNames;
        this.event = event;
    }

    /** Returns the JFR event type names of this stream, for notes. */
    String eventNames() {
        return eventNames;
    }

    /** Returns the profile type this stream feeds. */
    JfrEvent event() {
        return event;
    }

    /** Returns the value types of a tree of this stream; the first one is the diffed default. */
    List<ValueType> valueTypes() {
        return event.valueTypes();
    }

    /** Returns the stream of a JFR event type name, or null when flamediff does not read it. */
    static JfrSource of(String eventTypeName) {
        return switch (eventTypeName) {
            case "jdk.ExecutionSample" -> EXECUTION;
            case "jdk.CPUTimeSample" -> CPU_TIME;
            case "jdk.NativeMethodSample" -> NATIVE_METHOD;
            case "profiler.WallClockSample" -> WALL_CLOCK;
            case "jdk.ObjectAllocationSample" -> ALLOCATION_SAMPLE;
            case "jdk.ObjectAllocationInNewTLAB", "jdk.ObjectAllocationOutsideTLAB" -> ALLOCATION_TLAB;
            case "jdk.JavaMonitorEnter", "jdk.ThreadPark" -> CONTENTION;
            default -> null;
        };
    }
}
