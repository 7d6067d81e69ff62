package dev.flamediff.diff.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Above its parallel threshold the adjustment must give the same array as the plain
 * step-up procedure computed one p-value after another.
 */
class LargeFalseDiscoveryRateTest {

    @Test
    void largeFamiliesWithTiesAndGapsMatchThePlainProcedure() {
        Random random = new Random(41);
        for (int size : new int[] {10, 9_000, 70_000, 300_000}) {
            double[] p = new double[size];
            for (int i = 0; i < size; i++) {
                int kind = random.nextInt(5);
                p[i] = kind == 0 ? Double.NaN : kind == 1 ? 1 : kind == 2 ? random.nextInt(100) / 1000.0
                        : random.nextDouble() * random.nextDouble();
            }
            double[] expected = plainAdjust(p);
            double[] actual = FalseDiscoveryRate.adjust(p);
            assertThat(Arrays.stream(actual).mapToLong(Double::doubleToRawLongBits).toArray()).as("size %d", size)
                    .isEqualTo(Arrays.stream(expected).mapToLong(Double::doubleToRawLongBits).toArray());
        }
    }

    /** Benjamini–Hochberg with a stable index sort, every step on this thread. */
    private static double[] plainAdjust(double[] pValues) {
        Integer[] order = java.util.stream.IntStream.range(0, pValues.length).filter(i -> !Double.isNaN(pValues[i]))
                .boxed().sorted((a, b) -> Double.compare(pValues[a], pValues[b])).toArray(Integer[]::new);
        int m = order.length;
        double[] adjusted = new double[pValues.length];
        Arrays.fill(adjusted, Double.NaN);
        double running = 1;
        for (int rank = m; rank >= 1; rank--) {
            int i = order[rank - 1];
            running = Math.min(running, pValues[i] * m / rank);
            adjusted[i] = Math.min(1, running);
        }
        return adjusted;
    }
}
