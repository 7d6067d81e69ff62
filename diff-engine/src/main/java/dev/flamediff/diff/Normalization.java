package dev.flamediff.diff;

/**
 * How base and head values are scaled before they are compared. Every output states the
 * normalization used, because the same deltas mean different things under each.
 *
 * @param mode which normalization
 * @param baseFactor the factor base values are multiplied by (for {@link Mode#FACTORS})
 * @param headFactor the factor head values are multiplied by (for {@link Mode#FACTORS})
 */
public record Normalization(Mode mode, double baseFactor, double headFactor) {

    /** The kinds of normalization. */
    public enum Mode {
        /** Values compared as recorded; the default, as in every peer tool. */
        NONE,
        /** Base scaled so its grand total equals head's. */
        TOTAL,
        /** Each side multiplied by its own factor (iterations run, recording duration...). */
        FACTORS
    }

    /** Values compared as recorded. */
    public static final Normalization NONE = new Normalization(Mode.NONE, 1, 1);

    /** Base scaled to head's grand total. */
    public static final Normalization TOTAL = new Normalization(Mode.TOTAL, 1, 1);

    /** Checks the factors are positive and finite. */
    public Normalization {
        if (!(baseFactor > 0) || !(headFactor > 0) || Double.isInfinite(baseFactor) || Double.isInfinite(headFactor)) {
            throw new IllegalArgumentException("scale factors must be positive and finite");
        }
    }

    /**
     * Returns the record's usual text, {@code Normalization[mode=NONE, baseFactor=1.0, headFactor=1.0]}:
     * picocli prints every option's default value this way, and the generated method is bound
     * through invokedynamic on its first call, about 10 ms of every command-line run.
     */
    @Override
    public String toString() {
        return "Normalization[mode=" + mode + ", baseFactor=" + baseFactor + ", headFactor=" + headFactor + "]";
    }

    /** Returns explicit per-side scale factors. */
    public static Normalization factors(double base, double head) {
        return new Normalization(Mode.FACTORS, base, head);
    }

    /** Returns a short description for outputs, for example {@code none} or {@code factors base×2 head×1}. */
    public String describe() {
        return switch (mode) {
            case NONE -> "none";
            case TOTAL -> "total (base scaled to head's total)";
            case FACTORS -> "factors (base ×" + trim(baseFactor) + ", head ×" + trim(headFactor) + ")";
        };
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
