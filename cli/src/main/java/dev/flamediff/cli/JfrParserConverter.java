package dev.flamediff.cli;

import dev.flamediff.collect.jfr.JfrParserChoice;
import java.util.Arrays;
import picocli.CommandLine;

/**
 * Parses {@code --jfr-parser}: the parsers' labels ({@code jdk}, {@code async}, {@code flamediff}),
 * in any case as the command's other fixed choices are, with the message picocli gives for them.
 */
final class JfrParserConverter implements CommandLine.ITypeConverter<JfrParserChoice> {

    /**
     * Returns the parser the label names.
     *
     * @throws CommandLine.TypeConversionException if it names none
     */
    @Override
    public JfrParserChoice convert(String value) {
        return JfrParserChoice.byLabel(value).orElseThrow(() -> new CommandLine.TypeConversionException(
                "expected one of " + Arrays.stream(JfrParserChoice.values()).map(JfrParserChoice::label).toList()
                        + " (case-insensitive) but was '" + value + "'"));
    }
}
