package dev.flamediff.cli;

import dev.flamediff.model.ValueType;
import picocli.CommandLine;

/** Parses {@code --value-type KIND/UNIT}, for example {@code alloc/bytes} or {@code Ir/instructions}. */
final class ValueTypeConverter implements CommandLine.ITypeConverter<ValueType> {

    /**
     * Returns the value type.
     *
     * @throws CommandLine.TypeConversionException if the text is not {@code kind/unit}
     */
    @Override
    public ValueType convert(String value) {
        int slash = value.indexOf('/');
        if (slash <= 0 || slash == value.length() - 1 || value.indexOf('/', slash + 1) >= 0) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "': expected KIND/UNIT, for example samples/count or alloc/bytes");
        }
        return new ValueType(value.substring(0, slash).trim(), value.substring(slash + 1).trim());
    }
}
