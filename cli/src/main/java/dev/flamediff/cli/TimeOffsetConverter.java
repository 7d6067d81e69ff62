package dev.flamediff.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads an offset from the start of a recording, in milliseconds as jfrconv's {@code --from}
 * and {@code --to} take it, or with a unit: {@code 1500}, {@code 1500ms}, {@code 2.5s},
 * {@code 1m}. Returns nanoseconds.
 */
final class TimeOffsetConverter implements ITypeConverter<Long> {

    private static final Pattern OFFSET = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|ms|s|m|min)?");

    @Override
    public Long convert(String value) {
        Matcher m = OFFSET.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a time offset such as 1500, 1500ms, 2.5s or 1m");
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "ms" : m.group(2);
        double nanosPerUnit = switch (unit) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            default -> 60e9;
        };
        double nanos = amount * nanosPerUnit;
        if (nanos > Long.MAX_VALUE) {
            throw new TypeConversionException("'" + value + "' is too large");
        }
        return (long) nanos;
    }
}
