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
