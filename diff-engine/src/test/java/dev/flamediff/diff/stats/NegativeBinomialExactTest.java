package dev.flamediff.diff.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The negative-binomial exact test against a plain computation from the probability mass
 * functions, and the cases that motivated it: zeros against clear counts, small counts that mean
 * nothing, and more runs never weaker than one.
 */
class NegativeBinomialExactTest {

    /** ln of the negative-binomial pmf with mean m and size r, straight from the formula. */
    private static double logPmf(long k, double m, double r) {
        return Distributions.logGamma(k + r) - Distributions.logGamma(r) - Distributions.logGamma(k + 1)
                + r * Math.log(r / (r + m)) + k * Math.log(m / (r + m));
    }

    /** Twice the smaller tail of head given the total, each term from logPmf. */
    private static double plain(long b, long h, int nb, int nh, double ratio, double phi) {
        long n = b + h;
        double mu = n / (nb + nh * ratio);
        double[] w = new double[(int) n + 1];
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k <= n; k++) {
            w[k] = logPmf(k, nh * ratio * mu, nh / phi) + logPmf(n - k, nb * mu, nb / phi);
            max = Math.max(max, w[k]);
        }
        double sum = 0;
        double lower = 0;
        double upper = 0;
        for (int k = 0; k <= n; k++) {
            double e = Math.exp(w[k] - max);
            sum += e;
            lower += k <= h ? e : 0;
            upper += k >= h ? e : 0;
        }
        return Math.min(1, 2 * Math.min(lower, upper) / sum);
    }

    @Test
    void theExactSumEqualsThePlainOne() {
        Random random = new Random(41);
        for (int i = 0; i < 3000; i++) {
            long b = random.nextInt(300);
            long h = random.nextInt(300);
            if (b + h == 0) {
                continue;
            }
            int nb = 1 + random.nextInt(4);
            int nh = 1 + random.nextInt(4);
            double ratio = 0.3 + 3 * random.nextDouble();
            double phi = 0.001 + random.nextDouble();
            double expected = plain(b, h, nb, nh, ratio, phi);
            assertThat(NegativeBinomialExact.exact(b, h, nb, nh, ratio, phi))
                    .as("b %d h %d nb %d nh %d ratio %s phi %s", b, h, nb, nh, ratio, phi)
                    .isCloseTo(expected, within(1e-9 + 1e-7 * expected));
        }
    }

    @Test
    void withoutDispersionItIsTheBinomialTest() {
        assertThat(NegativeBinomialExact.exact(30, 50, 1, 1, 1.0, 0))
                .isEqualTo(Distributions.binomialTwoSided(50, 80, 0.5));
    }

    @Test
    void zeroAgainstFortySevenIsACertainChange() {
        // The case seen on a real pair: 8,140 samples in base, 10,975 in head, a call path from 0
        // to 47; even with 40% run-to-run variation per run it is no accident.
        double ratio = 10975.0 / 8140;
        NegativeBinomialExact.Result r = NegativeBinomialExact.test(0, 47, 1, 1, ratio, 0.16);
        System.out.println("0 vs 47, c = 0.4: p = " + r.pValue());
        assertThat(r.pValue()).isLessThan(1e-4);
        assertThat(r.z()).isPositive();
        assertThat(NegativeBinomialExact.test(0, 47, 1, 1, ratio, 0).pValue()).isLessThan(1e-10);
    }

    @Test
    void oneAgainstThreeMeansNothing() {
        NegativeBinomialExact.Result r = NegativeBinomialExact.test(1, 3, 1, 1, 1.0, 0);
        assertThat(r.pValue()).isCloseTo(0.625, within(1e-12));
        assertThat(NegativeBinomialExact.test(1, 3, 1, 1, 1.0, 0.16).pValue()).isGreaterThan(0.6);
    }

    @Test
    void moreRunsNeverDetectLess() {
        // The same per-run means: 20 against 60 samples per run, 1 to 5 runs per side.
        double previous = 1;
        for (int runs = 1; runs <= 5; runs++) {
            double p = NegativeBinomialExact.test(20L * runs, 60L * runs, runs, runs, 1.0, 0.16).pValue();
            assertThat(p).as("%d runs", runs).isLessThan(previous);
            previous = p;
        }
    }

    @Test
    void theApproximationAgreesWithTheExactSumWhereItIsUsed() {
        // Above 256 samples a clearly null change (|z| < 1.5) takes the log-ratio approximation.
        Random random = new Random(5);
        for (int i = 0; i < 300; i++) {
            long b = 200 + random.nextInt(1500);
            long h = (long) (b * (0.7 + 0.6 * random.nextDouble()));
            double phi = 0.01 + 0.2 * random.nextDouble();
            NegativeBinomialExact.Result r = NegativeBinomialExact.test(b, h, 1, 1, 1.0, phi);
            double exact = NegativeBinomialExact.exact(b, h, 1, 1, 1.0, phi);
            assertThat(r.pValue()).as("b %d h %d phi %s", b, h, phi).isCloseTo(exact, within(0.06));
        }
    }
}
