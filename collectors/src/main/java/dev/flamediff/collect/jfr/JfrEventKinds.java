package dev.flamediff.collect.jfr;

import java.util.HashMap;
import java.util.Map;

/**
 * The event types of one metadata layout that carry stacks flamediff reads, with the positions of
 * the fields it takes from them, worked out once per layout. Immutable.
 */
final class JfrEventKinds {

    /**
     * One event type.
     *
     * @param source its stream
     * @param codes its fields' codes ({@link JfrLayout})
     * @param time the positions of its fields, -1 where it has none: start time, duration,
     *     thread (the sampled thread of samples, else the event's), stack trace, thread state,
     *     batch count, weight, TLAB size, allocation size
     * @param execution whether it is jdk.ExecutionSample, which async-profiler also writes for
     *     wall-clock samples, told apart by their thread state
     */
    record Kind(JfrSource source, int[] codes, int time, int duration, int thread, int stack, int state,
                int samples, int weight, int tlabSize, int allocationSize, boolean execution) {
    }

    private final Kind[] byId;
    private final Map<Long, Kind> large;
    private final boolean asyncProfilerWriter;

    private JfrEventKinds(Kind[] byId, Map<Long, Kind> large, boolean asyncProfilerWriter) {
        this.byId = byId;
        this.large = large;
        this.asyncProfilerWriter = asyncProfilerWriter;
    }

    static JfrEventKinds of(JfrLayout layout) {
        Map<Long, Kind> kinds = new HashMap<>();
        long max = 0;
        for (int type = 0; type < layout.typeCount(); type++) {
            String name = layout.name(type);
            JfrSource source = name == null ? null : JfrSource.of(name);
            if (source == null) {
                continue;
            }
            int sampled = layout.field(type, "sampledThread");
            Kind kind = new Kind(source, layout.fields(type), layout.field(type, "startTime"),
                    layout.field(type, "duration"), sampled >= 0 ? sampled : layout.field(type, "eventThread"),
                    layout.field(type, "stackTrace"), layout.field(type, "state"), layout.field(type, "samples"),
                    layout.field(type, "weight"), layout.field(type, "tlabSize"),
                    layout.field(type, "allocationSize"), "jdk.ExecutionSample".equals(name));
            long id = layout.id(type) & 0xFFFFFFFFL;
            kinds.put(id, kind);
            max = Math.max(max, id);
        }
        // Only async-profiler declares profiler.* types.
        boolean async = layout.indexOf("profiler.WallClockSample") >= 0;
        if (max < 1 << 16) {
            Kind[] byId = new Kind[(int) max + 1];
            kinds.forEach((id, k) -> byId[(int) (long) id] = k);
            return new JfrEventKinds(byId, null, async);
        }
        return new JfrEventKinds(null, kinds, async);
    }

    /** Returns the kind of the event type id, or null when flamediff does not read its events. */
    Kind of(long typeId) {
        if (byId != null) {
            return typeId >= 0 && typeId < byId.length ? byId[(int) typeId] : null;
        }
        return large.get(typeId);
    }

    /** Returns whether async-profiler wrote the chunk. */
    boolean asyncProfilerWriter() {
        return asyncProfilerWriter;
    }
}
