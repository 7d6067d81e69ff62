package dev.flamediff.diff;

import dev.flamediff.model.ValueType;
import java.util.Objects;
import java.util.Optional;

/**
 * How to diff two profiles.
 *
 * @param normalization how base and head are scaled; default {@link Normalization#NONE}
 * @param valueType which value type to compare; empty (the default) takes the first value type
 *     of base that head also has
 */
public record DiffOptions(Normalization normalization, Optional<ValueType> valueType) {

    /** The defaults: no normalization, first common value type. */
    public static final DiffOptions DEFAULT = new DiffOptions(Normalization.NONE, Optional.empty());

    /** Checks for nulls. */
    public DiffOptions {
        Objects.requireNonNull(normalization, "normalization");
        Objects.requireNonNull(valueType, "valueType");
    }

    /** Returns a copy with the given normalization. */
    public DiffOptions withNormalization(Normalization value) {
        return new DiffOptions(value, valueType);
    }

    /** Returns a copy that compares the given value type. */
    public DiffOptions withValueType(ValueType value) {
        return new DiffOptions(normalization, Optional.of(value));
    }
}
