package dev.flamediff.model;

import java.util.Objects;

/**
 * What a profile's values measure, as a kind and a unit (as in pprof's {@code ValueType}), for
 * example {@code samples/count}, {@code cpu/nanoseconds} or {@code Ir/instructions}. Diffs only
 * compare values of the same kind.
 *
 * <p>Call trees hold whole numbers. Inputs whose values have fractions (collapsed stacks with
 * weighted or scaled counts such as {@code 31.23}) are stored exactly as whole numbers of
 * 10<sup>-decimals</sup> units: {@code 31.23} with {@code decimals} 2 is stored as 3123.
 * {@link #value(double)} turns a stored value back into the number the input wrote. Two value
 * types with different decimals are different types; bring profiles to common decimals before
 * diffing them (the collectors module's {@code DecimalValues.align} does).
 *
 * @param kind what is measured, for example {@code cpu}, {@code alloc}, {@code Ir}
 * @param unit the unit of each value, for example {@code count}, {@code nanoseconds}, {@code bytes}
 * @param decimals how many decimal places the stored whole numbers hold, 0 to {@link #MAX_DECIMALS}
 */
public record ValueType(String kind, String unit, int decimals) {

    /** The most decimal places a value type can hold (a long then still holds 9.2 billion units). */
    public static final int MAX_DECIMALS = 9;

    public static final ValueType SAMPLES = new ValueType("samples", "count");
    public static final ValueType CPU_NANOS = new ValueType("cpu", "nanoseconds");
    public static final ValueType WALL_NANOS = new ValueType("wall", "nanoseconds");
    public static final ValueType ALLOC_BYTES = new ValueType("alloc", "bytes");
    public static final ValueType LOCK_NANOS = new ValueType("lock", "nanoseconds");

    /**
     * Creates a value type; throws {@link NullPointerException} if either part is null and
     * {@link IllegalArgumentException} if {@code decimals} is outside 0 to {@link #MAX_DECIMALS}.
     */
    public ValueType {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(unit, "unit");
        if (decimals < 0 || decimals > MAX_DECIMALS) {
            throw new IllegalArgumentException("decimals must be 0 to " + MAX_DECIMALS + ", not " + decimals);
        }
    }

    /** Creates a value type of whole numbers. */
    public ValueType(String kind, String unit) {
        this(kind, unit, 0);
    }

    // equals and hashCode written out, with the record's own definitions: the generated ones are
    // bound through invokedynamic on their first call, milliseconds of a small diff's run.
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof ValueType v && decimals == v.decimals && kind.equals(v.kind)
                && unit.equals(v.unit);
    }

    @Override
    public int hashCode() {
        return (31 * kind.hashCode() + unit.hashCode()) * 31 + Integer.hashCode(decimals);
    }

    /** Returns the same kind and unit with the given decimals. */
    public ValueType withDecimals(int value) {
        return new ValueType(kind, unit, value);
    }

    /** Returns 10<sup>decimals</sup>, the number of stored units in one unit of the value. */
    public long scale() {
        return powerOfTen(decimals);
    }

    /** Returns 10<sup>n</sup> for {@code n} from 0 to {@link #MAX_DECIMALS}. */
    public static long powerOfTen(int n) {
        if (n < 0 || n > MAX_DECIMALS) {
            throw new IllegalArgumentException("not 0 to " + MAX_DECIMALS + ": " + n);
        }
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    /** Returns a stored value (or a sum or difference of them) as the number the input wrote. */
    public double value(double stored) {
        return decimals == 0 ? stored : stored / powerOfTen(decimals);
    }

    /**
     * Returns whether the values are counts of independent random samples, for which Poisson noise
     * applies; instruction counts and measured totals are not sampled counts, and neither are
     * counts with fractions (weighted or scaled samples, whose sampling noise is unknown).
     */
    public boolean isSampleCount() {
        return decimals == 0 && (unit.equals("count") || unit.equals("samples"));
    }

    /** Returns {@code kind/unit}; the decimals are a storage detail and are not shown. */
    @Override
    public String toString() {
        return kind + "/" + unit;
    }
}
