package dev.flamediff.cli;

import dev.flamediff.diff.Normalization;
import java.util.Locale;
import picocli.CommandLine;

/**
 * Parses {@code --normalize}: {@code none}, {@code total}, or per-side factors written
 * {@code base=X,head=Y} (either side may be left out and defaults to 1), for example
 * {@code base=2} when base ran half as many iterations.
 */
final class NormalizationConverter implements CommandLine.ITypeConverter<Normalization> {

    private static final String EXPECTED = "expected none, total or base=X,head=Y";
    static final double MIN_FACTOR = 1e-9;
    static final double MAX_FACTOR = 1e9;

    /**
     * Returns the normalization the text names.
     *
     * @throws CommandLine.TypeConversionException if the text is none of the accepted forms
     */
    @Override
    public Normalization convert(String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        switch (text) {
            case "none":
                return Normalization.NONE;
            case "total":
                return Normalization.TOTAL;
            default:
                return factors(value);
        }
    }

    private static Normalization factors(String original) {
        double base = 1;
        double head = 1;
        boolean any = false;
        for (String part : original.trim().split(",")) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                throw bad(original);
            }
            String side = part.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            double factor = number(original, part.substring(eq + 1).trim());
            switch (side) {
                case "base" -> base = factor;
                case "head" -> head = factor;
                default -> throw bad(original);
            }
            any = true;
        }
        if (!any) {
            throw bad(original);
        }
        return Normalization.factors(base, head);
    }

    private static double number(String original, String text) {
        double d;
        try {
            d = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw bad(original);
        }
        if (!(d > 0) || Double.isInfinite(d)) {
            throw new CommandLine.TypeConversionException(
                    "'" + original + "': scale factors must be positive numbers");
        }
        // A factor is a ratio of iterations or durations; past these, scaled totals leave the
        // range of exact numbers (base=1e308 made every total infinite).
        if (d < MIN_FACTOR || d > MAX_FACTOR) {
            throw new CommandLine.TypeConversionException("'" + original + "': scale factors must be between "
                    + MIN_FACTOR + " and " + MAX_FACTOR);
        }
        return d;
    }

    private static CommandLine.TypeConversionException bad(String original) {
        return new CommandLine.TypeConversionException("'" + original + "': " + EXPECTED);
    }
}
