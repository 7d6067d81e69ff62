package dev.flamediff.diff;

/**
 * The whole profile's change, base to head.
 *
 * @param base the base grand total (scaled; the mean over base runs)
 * @param head the head grand total
 * @param score the signed test statistic of the change
 * @param pValue its raw two-sided p-value
 * @param significant whether it rises above the noise at the diff's level
 * @param baseRuns how many profiles the base side averages
 * @param headRuns how many profiles the head side averages
 * @param baseVariation the base runs' coefficient of variation of their totals, NaN for one run
 * @param headVariation the head runs' coefficient of variation, NaN for one run
 */
public record OverallChange(double base, double head, double score, double pValue, boolean significant,
                            int baseRuns, int headRuns, double baseVariation, double headVariation) {

    /** Returns head minus base. */
    public double delta() {
        return head - base;
    }

    /** Returns the change relative to base (0.03 = 3% more), NaN when base is 0. */
    public double relative() {
        return base == 0 ? Double.NaN : delta() / base;
    }
}
