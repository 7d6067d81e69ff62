package dev.flamediff.diff;

/**
 * The relative run-to-run variation c per node that a diff with one run per side was tested
 * with (a node's variance is its sampling variance plus (c·value)² per side), and where it came
 * from. With several runs per side the spread is measured instead (see
 * {@link DiffSignificance#baseRunSpread()}) and this is reported as given but not used.
 *
 * @param value the c the tests used, &gt;= 0
 * @param source where {@code value} came from
 * @param estimate the c measured on the diff itself before the floor was applied; NaN when not
 *     estimated ({@link Source#FIXED}, {@link Source#FALLBACK})
 * @param nodes how many nodes the estimate was measured on (0 when not estimated)
 * @param shift the center the node tests are taken around (head over base, after
 *     normalization, minus 1): the median relative change of the measured nodes, or, when the
 *     variation was not measured, the sides' robust size ratio ({@link SizeRatio}); 0 for exact
 *     values
 */
public record RunVariation(double value, Source source, double estimate, int nodes, double shift) {

    /** Where the c of a diff came from. */
    public enum Source {
        /** Given in the options ({@link DiffOptions#withRunVariation(double)}). */
        FIXED,
        /** Measured on the diff's own nodes (see {@link DiffOptions#ESTIMATE_RUN_VARIATION}). */
        ESTIMATED,
        /**
         * Measured, but below the floor ({@link DiffOptions#MIN_RUN_VARIATION}, for weighted
         * samples {@link DiffOptions#MIN_WEIGHTED_RUN_VARIATION}): the floor was used.
         */
        FLOOR,
        /** Measured, but above {@link DiffOptions#MAX_ESTIMATED_RUN_VARIATION}: that was used. */
        CEILING,
        /**
         * Asked to measure, but it could not be (too few nodes qualified, several runs per side,
         * exact values): {@link DiffOptions#DEFAULT_RUN_VARIATION} was used (for weighted samples
         * {@link DiffOptions#MIN_WEIGHTED_RUN_VARIATION}).
         */
        FALLBACK
    }

    /** Returns a fixed (given, not measured) variation. */
    public static RunVariation fixed(double value) {
        return new RunVariation(value, Source.FIXED, Double.NaN, 0, 0);
    }

    /** Returns whether the value was measured on this diff (within the floor and ceiling or not). */
    public boolean measured() {
        return source == Source.ESTIMATED || source == Source.FLOOR || source == Source.CEILING;
    }
}
