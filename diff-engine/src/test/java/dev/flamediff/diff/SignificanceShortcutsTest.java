package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.stats.Distributions;
import dev.flamediff.diff.stats.FalseDiscoveryRate;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The shortcuts that make significance cheaper must not change a single bit of its results: the
 * binomial bound that lets a caller skip an exact p-value is never below it; the exact two-sided
 * p-value computes one tail when the other is provably larger;
 * the Benjamini–Hochberg adjustment sorts primitive values. Each is checked against the plain
 * computation.
 */
class SignificanceShortcutsTest {

    @Test
    void theBoundIsNeverBelowTheExactPValue() {
        double[] ps = {0.5, 0.3, 0.7, 0.05, 0.95, 0.001};
        for (double p : ps) {
            for (int n = 0; n <= 200; n++) {
                for (int k = 0; k <= n; k++) {
                    double exact = Distributions.binomialTwoSided(k, n, p);
                    // Where the bound is tight (k = 0 or n) the two agree up to rounding.
                    assertThat(Distributions.binomialTwoSidedBound(k, n, p)).as("k %d n %d p %s", k, n, p)
                            .isGreaterThanOrEqualTo(exact * (1 - 1e-12)).isLessThanOrEqualTo(1);
                }
            }
        }
        Random random = new Random(17);
        for (int i = 0; i < 20_000; i++) {
            int n = 1 + random.nextInt(2_000_000);
            int k = random.nextInt(n + 1);
            double p = 0.01 + 0.98 * random.nextDouble();
            assertThat(Distributions.binomialTwoSidedBound(k, n, p))
                    .isGreaterThanOrEqualTo(Distributions.binomialTwoSided(k, n, p) * (1 - 1e-12));
        }
    }

    @Test
    void theTwoSidedPValueIsTwiceTheSmallerTailComputedBothWays() {
        double[] ps = {0.5, 0.3, 0.7, 0.05, 0.95, 0.001, 1.0 / 3};
        for (double p : ps) {
            for (int n = 0; n <= 300; n++) {
                for (int k = 0; k <= n; k++) {
                    assertThat(Distributions.binomialTwoSided(k, n, p)).as("k %d n %d p %s", k, n, p)
                            .isEqualTo(plainTwoSided(k, n, p));
                }
            }
        }
        Random random = new Random(29);
        for (int i = 0; i < 20_000; i++) {
            int n = 1 + random.nextInt(5_000_000);
            int k = (int) Math.max(0, Math.min(n, n * 0.5 + random.nextGaussian() * Math.sqrt(n) * 3));
            double p = 0.05 + 0.9 * random.nextDouble();
            assertThat(Distributions.binomialTwoSided(k, n, p)).isEqualTo(plainTwoSided(k, n, p));
        }
    }

    private static double plainTwoSided(double k, double n, double p) {
        return Math.min(1, 2 * Math.min(Distributions.binomialLowerTail(k, n, p), Distributions.binomialUpperTail(k, n, p)));
    }

    @Test
    void theAdjustmentEqualsTheOneWithAnIndexSort() {
        Random random = new Random(31);
        for (int round = 0; round < 200; round++) {
            double[] p = new double[random.nextInt(400)];
            for (int i = 0; i < p.length; i++) {
                int kind = random.nextInt(6);
                p[i] = kind == 0 ? Double.NaN : kind == 1 ? 1 : kind == 2 ? 0 : kind == 3 ? (random.nextInt(5) + 1) / 100.0
                        : random.nextDouble() * random.nextDouble();
            }
            assertThat(FalseDiscoveryRate.adjust(p)).as("round %d", round).isEqualTo(indexSortAdjust(p));
        }
    }

    /** Benjamini–Hochberg as first written: a stable sort of the indices by p-value. */
    private static double[] indexSortAdjust(double[] pValues) {
        int[] order = java.util.stream.IntStream.range(0, pValues.length).filter(i -> !Double.isNaN(pValues[i]))
                .boxed().sorted(java.util.Comparator.comparingDouble(i -> pValues[i]))
                .mapToInt(Integer::intValue).toArray();
        double[] adjusted = new double[pValues.length];
        java.util.Arrays.fill(adjusted, Double.NaN);
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
