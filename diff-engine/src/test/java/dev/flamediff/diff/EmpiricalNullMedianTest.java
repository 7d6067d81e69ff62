package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The empirical null's median by selection is the median of a sorted copy, bit for bit. */
class EmpiricalNullMedianTest {

    @Test
    void selectionGivesTheSortedMedian() {
        Random random = new Random(41);
        for (int round = 0; round < 3_000; round++) {
            int n = 1 + random.nextInt(round < 2_000 ? 40 : 5_000);
            double[] values = new double[n];
            int kind = random.nextInt(4);
            for (int i = 0; i < n; i++) {
                values[i] = switch (kind) {
                    // Many ties, signed zeros among them.
                    case 0 -> random.nextInt(5) - 2 + (random.nextBoolean() ? 0.0 : -0.0);
                    case 1 -> Math.log(1 + random.nextInt(50)) - Math.log(1 + random.nextInt(50));
                    case 2 -> i; // already sorted
                    default -> random.nextGaussian();
                };
            }
            if (kind == 2 && random.nextBoolean()) {
                for (int i = 0; i < n / 2; i++) {
                    double t = values[i];
                    values[i] = values[n - 1 - i];
                    values[n - 1 - i] = t;
                }
            }
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            double expected = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            assertThat(Double.doubleToRawLongBits(EmpiricalNull.median(values.clone())))
                    .as("round %d, n %d", round, n).isEqualTo(Double.doubleToRawLongBits(expected));
        }
    }
}
