package dev.flamediff.cli;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine;

/** Parses a regular expression option, reporting a bad one in one line instead of Java's three. */
final class PatternConverter implements CommandLine.ITypeConverter<Pattern> {

    /**
     * Returns the compiled pattern.
     *
     * @throws CommandLine.TypeConversionException if the text is not a valid regular expression
     */
    @Override
    public Pattern convert(String value) {
        try {
            return Pattern.compile(value);
        } catch (PatternSyntaxException e) {
            String where = e.getIndex() >= 0 ? " at index " + e.getIndex() : "";
            throw new CommandLine.TypeConversionException(
                    "'" + value + "': not a valid regular expression (" + e.getDescription() + where + ")");
        }
    }
}
