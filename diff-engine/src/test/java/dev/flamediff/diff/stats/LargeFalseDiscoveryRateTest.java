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

    @Test
    void familiesOfFewDistinctValuesAdjustedOnTheirTiesMatchThePlainProcedure() {
        Random random = new Random(20261216);
        for (int trial = 0; trial < 300; trial++) {
            int size = trial < 290 ? 1 + random.nextInt(3_000) : 70_000 + random.nextInt(400_000);
            int distinct = 1 + random.nextInt(trial % 2 == 0 ? 20 : 2_000);
            double[] values = new double[distinct];
            for (int v = 0; v < distinct; v++) {
                int kind = random.nextInt(6);
                values[v] = kind == 0 ? 1 : kind == 1 ? 0.0 : kind == 2 ? -0.0 : kind == 3 ? random.nextInt(50) / 1000.0
                        : random.nextDouble() * random.nextDouble() * random.nextDouble();
            }
            double[] p = new double[size];
            for (int i = 0; i < size; i++) {
                p[i] = random.nextInt(7) == 0 ? Double.NaN : values[random.nextInt(distinct)];
            }
            long[] expected = bits(plainAdjust(p));
            int m = (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
            double[] byTies = TiedPValues.adjust(p, m, size, () -> false, 1 + random.nextInt(5_000));
            assertThat(byTies).isNotNull();
            assertThat(bits(byTies)).as("trial %d, size %d, %d distinct", trial, size, distinct).isEqualTo(expected);
            assertThat(bits(FalseDiscoveryRate.adjust(p))).as("trial %d", trial).isEqualTo(expected);
            int chunks = 2 + trial % 4;
            assertThat(bits(TiedPValues.adjust(p, m, size, () -> false, 1 + random.nextInt(5_000), chunks)))
                    .as("trial %d, %d chunks", trial, chunks).isEqualTo(expected);
            // Too many distinct values is found out whichever chunk holds them.
            assertThat(TiedPValues.adjust(p, m, distinct - 1, () -> false, 64, chunks) == null)
                    .as("trial %d", trial).isEqualTo(TiedPValues.adjust(p, m, distinct - 1, () -> false, 64) == null);
        }
    }

    @Test
    void familiesOfTooManyDistinctValuesAreLeftToTheSort() {
        double[] p = {0.1, 0.2, 0.2, 0.3, Double.NaN, 0.4};
        assertThat(TiedPValues.adjust(p, 5, 3, () -> false, 2)).isNull();
        assertThat(bits(TiedPValues.adjust(p, 5, 4, () -> false, 2))).isEqualTo(bits(plainAdjust(p)));
        for (int chunks = 2; chunks <= 7; chunks++) {
            assertThat(TiedPValues.adjust(p, 5, 3, () -> false, 2, chunks)).as("%d chunks", chunks).isNull();
            assertThat(bits(TiedPValues.adjust(p, 5, 4, () -> false, 2, chunks))).isEqualTo(bits(plainAdjust(p)));
        }
        Random random = new Random(7);
        double[] spread = new double[100_000];
        for (int i = 0; i < spread.length; i++) {
            spread[i] = random.nextDouble();
        }
        assertThat(bits(FalseDiscoveryRate.adjust(spread))).isEqualTo(bits(plainAdjust(spread)));
    }

    private static long[] bits(double[] values) {
        return Arrays.stream(values).mapToLong(Double::doubleToRawLongBits).toArray();
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
