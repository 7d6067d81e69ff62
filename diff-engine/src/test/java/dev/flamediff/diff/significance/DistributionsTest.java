package dev.flamediff.diff.significance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.flamediff.diff.stats.Distributions;
import dev.flamediff.diff.stats.FalseDiscoveryRate;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DistributionsTest {

    @Test
    void normalTailMatchesTableValues() {
        assertThat(Distributions.normalTwoSided(1.959963984540054)).isCloseTo(0.05, within(1e-9));
        assertThat(Distributions.normalTwoSided(2.5758293035489)).isCloseTo(0.01, within(1e-9));
        assertThat(Distributions.normalTwoSided(0)).isCloseTo(1, within(1e-12));
        assertThat(Distributions.normalTwoSided(-1)).isCloseTo(0.3173105078629141, within(1e-9));
    }

    @Test
    void studentTailMatchesTableValues() {
        // t(0.975, 4) = 2.776445105; t(0.995, 2) = 9.924843201
        assertThat(Distributions.studentTwoSided(2.776445105, 4)).isCloseTo(0.05, within(1e-8));
        assertThat(Distributions.studentTwoSided(9.924843201, 2)).isCloseTo(0.01, within(1e-8));
        assertThat(Distributions.studentTwoSided(1.959963985, Double.POSITIVE_INFINITY))
                .isCloseTo(0.05, within(1e-8));
    }

    @Test
    void binomialTailsMatchDirectSummation() {
        Random random = new Random(42);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + random.nextInt(60);
            int k = random.nextInt(n + 1);
            double p = 0.05 + 0.9 * random.nextDouble();
            double upper = 0;
            double lower = 0;
            for (int i = 0; i <= n; i++) {
                double pmf = Math.exp(Distributions.logGamma(n + 1) - Distributions.logGamma(i + 1)
                        - Distributions.logGamma(n - i + 1) + i * Math.log(p) + (n - i) * Math.log1p(-p));
                if (i >= k) {
                    upper += pmf;
                }
                if (i <= k) {
                    lower += pmf;
                }
            }
            assertThat(Distributions.binomialUpperTail(k, n, p)).isCloseTo(upper, within(1e-10));
            assertThat(Distributions.binomialLowerTail(k, n, p)).isCloseTo(lower, within(1e-10));
        }
    }

    @Test
    void exactBinomialOfAllInOneSide() {
        // 9 head samples, 0 base: 2 * 0.5^9.
        assertThat(Distributions.binomialTwoSided(9, 9, 0.5)).isCloseTo(2 * Math.pow(0.5, 9), within(1e-12));
        // 1 vs 3 samples means nothing.
        assertThat(Distributions.binomialTwoSided(3, 4, 0.5)).isCloseTo(0.625, within(1e-12));
    }

    @Test
    void benjaminiHochbergMatchesHandComputation() {
        double[] p = {0.01, 0.04, 0.03, Double.NaN, 0.20};
        double[] q = FalseDiscoveryRate.adjust(p);
        // m = 4 tests; sorted 0.01, 0.03, 0.04, 0.20 -> 0.04, 0.0533, 0.0533, 0.20
        assertThat(q[0]).isCloseTo(0.04, within(1e-12));
        assertThat(q[2]).isCloseTo(0.04 * 4 / 3, within(1e-12));
        assertThat(q[1]).isCloseTo(0.04 * 4 / 3, within(1e-12));
        assertThat(q[3]).isNaN();
        assertThat(q[4]).isCloseTo(0.20, within(1e-12));
    }
}
