package dev.flamediff.cli;

import java.util.Locale;

/** The checks of numeric flag values that several commands share, each failing with one usage line. */
final class FlagValues {

    private FlagValues() {
    }

    /**
     * Returns the value of a flag that must be positive.
     *
     * @throws CliFailure (exit code 2) for 0 or less
     */
    static long positive(String flag, long value) throws CliFailure {
        if (value <= 0) {
            throw CliFailure.badInput(flag + " must be a positive number, not " + value, null);
        }
        return value;
    }

    /**
     * Returns a percentage flag as a fraction (2 for 2% is 0.02).
     *
     * @throws CliFailure (exit code 2) for a negative or non-finite percentage
     */
    static double percent(String flag, double value) throws CliFailure {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw CliFailure.badInput(flag + " must be a percentage >= 0, not "
                    + String.format(Locale.ROOT, "%s", value), null);
        }
        return value / 100;
    }

    /**
     * Returns the value of {@code --significance}, a false discovery rate.
     *
     * @throws CliFailure (exit code 2) for a level outside (0, 1)
     */
    static double significanceLevel(double value) throws CliFailure {
        if (!(value > 0 && value < 1)) {
            throw CliFailure.badInput("--significance must be a level between 0 and 1 (exclusive), not " + value,
                    null);
        }
        return value;
    }
}
