package dev.flamediff.model;

import java.util.Objects;

/**
 * What a profile's values measure, as a kind and a unit (as in pprof's {@code ValueType}), for
 * example {@code samples/count}, {@code cpu/nanoseconds} or {@code Ir/instructions}. Diffs only
 * compare values of the same kind.
 *
 * @param kind what is measured, for example {@code cpu}, {@code alloc}, {@code Ir}
 * @param unit the unit of each value, for example {@code count}, {@code nanoseconds}, {@code bytes}
 */
public record ValueType(String kind, String unit) {

    public static final ValueType SAMPLES = new ValueType("samples", "count");
    public static final ValueType CPU_NANOS = new ValueType("cpu", "nanoseconds");
    public static final ValueType WALL_NANOS = new ValueType("wall", "nanoseconds");
    public static final ValueType ALLOC_BYTES = new ValueType("alloc", "bytes");
    public static final ValueType LOCK_NANOS = new ValueType("lock", "nanoseconds");

    /** Creates a value type; throws {@link NullPointerException} if either part is null. */
    public ValueType {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(unit, "unit");
    }

    /**
     * Returns whether the values are counts of independent random samples, for which Poisson noise
     * applies; instruction counts and measured totals are not sampled counts.
     */
    public boolean isSampleCount() {
        return unit.equals("count") || unit.equals("samples");
    }

    @Override
    public String toString() {
        return kind + "/" + unit;
    }
}
