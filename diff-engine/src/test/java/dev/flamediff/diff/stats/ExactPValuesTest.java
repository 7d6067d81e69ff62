package dev.flamediff.diff.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A remembered exact p-value is the sum's, bit for bit, whichever thread asked first. */
class ExactPValuesTest {

    @Test
    void rememberedValuesAreTheSumsBitForBit() {
        ExactPValues memo = new ExactPValues();
        Random random = new Random(20261201);
        for (int i = 0; i < 20_000; i++) {
            // Few distinct arguments, so most calls are answered from the memo.
            long base = random.nextInt(40);
            long head = random.nextInt(300);
            int baseRuns = 1 + random.nextInt(2);
            int headRuns = 1 + random.nextInt(2);
            double ratio = random.nextBoolean() ? 1.0960698689956334 : 0.5;
            double dispersion = random.nextBoolean() ? 0.16000000000000003 : 0;
            double direct = NegativeBinomialExact.exact(base, head, baseRuns, headRuns, ratio, dispersion);
            assertThat(Double.doubleToRawLongBits(memo.exact(base, head, baseRuns, headRuns, ratio, dispersion)))
                    .as("%d %d %d %d %s %s", base, head, baseRuns, headRuns, ratio, dispersion)
                    .isEqualTo(Double.doubleToRawLongBits(direct));
        }
    }

    @Test
    void pValuesSummedFromATotalsSharedWeightsAreTheOneLoopSumsBitForBit() {
        ExactPValues memo = new ExactPValues();
        Random random = new Random(20261216);
        double[] ratios = {1.0960698689956334, 0.5, 1, 1.2031948970386342, 0.83};
        double[] dispersions = {0.16000000000000003, 0.0225, 0.04, 1e-6, 0};
        for (int i = 0; i < 6_000; i++) {
            // Totals up to the exact limit, many splits of each, from both ends.
            long total = random.nextInt(4) == 0 ? random.nextInt(NegativeBinomialExact.EXACT_LIMIT + 1) : random.nextInt(60);
            long head = random.nextInt((int) total + 1);
            long base = total - head;
            int baseRuns = 1 + random.nextInt(3);
            int headRuns = 1 + random.nextInt(3);
            double ratio = ratios[random.nextInt(ratios.length)];
            double dispersion = dispersions[random.nextInt(dispersions.length)];
            double expected = oneLoopSum(base, head, baseRuns, headRuns, ratio, dispersion);
            String args = base + " " + head + " " + baseRuns + " " + headRuns + " " + ratio + " " + dispersion;
            assertThat(Double.doubleToRawLongBits(memo.exact(base, head, baseRuns, headRuns, ratio, dispersion)))
                    .as(args).isEqualTo(Double.doubleToRawLongBits(expected));
            assertThat(Double.doubleToRawLongBits(NegativeBinomialExact.exact(base, head, baseRuns, headRuns, ratio, dispersion)))
                    .as(args).isEqualTo(Double.doubleToRawLongBits(expected));
        }
    }

    /**
     * The exact test as it was written before the weights of a total were shared: one loop that
     * builds the log weights and one that sums them, kept here as the oracle.
     */
    private static double oneLoopSum(long base, long head, int baseRuns, int headRuns, double ratio, double dispersion) {
        long n = base + head;
        double mu = n / (baseRuns + headRuns * ratio);
        double meanHead = headRuns * ratio * mu;
        double meanBase = baseRuns * mu;
        if (dispersion <= 0) {
            return Distributions.binomialTwoSided(head, n, meanHead / n);
        }
        double sizeHead = headRuns / dispersion;
        double sizeBase = baseRuns / dispersion;
        double qHead = meanHead / (sizeHead + meanHead);
        double qBase = meanBase / (sizeBase + meanBase);
        int count = (int) n + 1;
        double[] logWeight = new double[count];
        double lw = 0;
        double logBaseAtN = 0;
        for (long j = 0; j < n; j++) {
            logBaseAtN += Math.log((j + sizeBase) / (j + 1) * qBase);
        }
        lw = logBaseAtN;
        logWeight[0] = lw;
        double max = lw;
        for (int k = 0; k < n; k++) {
            long rest = n - k;
            lw += Math.log((k + sizeHead) / (k + 1) * qHead) - Math.log((rest - 1 + sizeBase) / rest * qBase);
            logWeight[k + 1] = lw;
            max = Math.max(max, lw);
        }
        double sum = 0;
        double lower = 0;
        double upper = 0;
        int observed = (int) head;
        for (int k = 0; k < count; k++) {
            double w = Math.exp(logWeight[k] - max);
            sum += w;
            if (k <= observed) {
                lower += w;
            }
            if (k >= observed) {
                upper += w;
            }
        }
        return Math.min(1, 2 * Math.min(lower, upper) / sum);
    }

    @Test
    void argumentsThatDifferOnlyInTheLastBitAreNotConfused() {
        ExactPValues memo = new ExactPValues();
        double ratio = 1.25;
        double next = Math.nextUp(ratio);
        double a = memo.exact(3, 40, 1, 1, ratio, 0.01);
        double b = memo.exact(3, 40, 1, 1, next, 0.01);
        assertThat(a).isEqualTo(NegativeBinomialExact.exact(3, 40, 1, 1, ratio, 0.01));
        assertThat(b).isEqualTo(NegativeBinomialExact.exact(3, 40, 1, 1, next, 0.01));
        assertThat(memo.exact(40, 3, 1, 1, ratio, 0.01)).isEqualTo(NegativeBinomialExact.exact(40, 3, 1, 1, ratio, 0.01));
        assertThat(memo.exact(3, 40, 2, 1, ratio, 0.01)).isEqualTo(NegativeBinomialExact.exact(3, 40, 2, 1, ratio, 0.01));
    }

    @Test
    void threadsSharingTheMemoGetTheSums() {
        ExactPValues memo = new ExactPValues();
        boolean allEqual = IntStream.range(0, 8_000).parallel().allMatch(i -> {
            long base = i % 17;
            long head = (i * 7L) % 211;
            return memo.exact(base, head, 1, 1, 1.1, 0.04) == NegativeBinomialExact.exact(base, head, 1, 1, 1.1, 0.04);
        });
        assertThat(allEqual).isTrue();
    }
}
