package dev.flamediff.diff.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The Benjamini–Hochberg step-up procedure. flamediff tests every node of a diff (thousands of
 * tests), so an unadjusted 1% level would flag dozens of noise wobbles in every diff. Under the
 * complete null (base versus base) controlling the false discovery rate at level q is the same as
 * controlling the chance of flagging anything at all at q, which is exactly the promise
 * "base vs base flags nothing"; yet when real changes exist it keeps much more power than
 * Bonferroni.
 */
public final class FalseDiscoveryRate {

    private FalseDiscoveryRate() {
    }

    /**
     * Returns the Benjamini–Hochberg adjusted p-values (q-values): test i is a discovery at level
     * q exactly when {@code adjusted[i] <= q}. NaN entries are not tests: they stay NaN and do not
     * count towards the number of tests.
     *
     * @param pValues the raw p-values, not modified
     * @return a new array of the same length
     */
    public static double[] adjust(double[] pValues) {
        int[] order = IntStream.range(0, pValues.length)
                .filter(i -> !Double.isNaN(pValues[i]))
                .boxed()
                .sorted(Comparator.comparingDouble(i -> pValues[i]))
                .mapToInt(Integer::intValue)
                .toArray();
        double[] adjusted = new double[pValues.length];
        Arrays.fill(adjusted, Double.NaN);
        int m = order.length;
        double running = 1;
        for (int rank = m; rank >= 1; rank--) {
            int i = order[rank - 1];
            running = Math.min(running, pValues[i] * m / rank);
            adjusted[i] = Math.min(1, running);
        }
        return adjusted;
    }
}
