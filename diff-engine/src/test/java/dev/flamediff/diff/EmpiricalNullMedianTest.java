package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The empirical null's median by selection is the median of a sorted copy, bit for bit; and its
 * estimate is the same read in blocks of nodes on several threads as in one pass.
 */
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

    @Test
    void theEstimateIsTheSameInAnyBlocks() {
        Random random = new Random(20261206);
        for (int trial = 0; trial < 40; trial++) {
            int size = 1 + random.nextInt(trial < 30 ? 3_000 : 60_000);
            boolean counts = random.nextBoolean();
            RunValues runs = randomRuns(random, size, counts);
            NoiseModel model = counts && random.nextBoolean() ? NoiseModel.COMPOUND_POISSON : NoiseModel.POISSON;
            double headScale = 0.5 + random.nextDouble();
            for (java.util.function.IntPredicate include : List.<java.util.function.IntPredicate>of(
                    n -> true, runs::system, n -> !runs.system(n))) {
                RunVariation one = EmpiricalNull.estimate(size, runs, model, 1, headScale, include, 1);
                for (int blocks : new int[] {2, 3, 8, 33}) {
                    assertThat(EmpiricalNull.estimate(size, runs, model, 1, headScale, include, blocks))
                            .as("trial %d size %d blocks %d", trial, size, blocks).isEqualTo(one);
                }
            }
        }
    }

    /** One run a side of random counts on a random tree, many of them too small to count. */
    private static RunValues randomRuns(Random random, int size, boolean counts) {
        int[] parent = new int[size];
        parent[0] = -1;
        for (int i = 1; i < size; i++) {
            parent[i] = random.nextInt(4) == 0 ? random.nextInt(i) : i - 1 - random.nextInt(Math.min(i, 3));
        }
        long[] self = new long[size * 2];
        long[] count = counts ? new long[size * 2] : null;
        boolean[] system = new boolean[size];
        for (int i = 0; i < size; i++) {
            system[i] = random.nextInt(5) == 0;
        }
        for (int i = 0; i < size * 2; i++) {
            int c = random.nextInt(3) == 0 ? 0 : random.nextInt(10) == 0 ? random.nextInt(5_000) : random.nextInt(40);
            self[i] = counts ? c * (1L + random.nextInt(3)) : c;
            if (counts) {
                count[i] = c;
            }
        }
        return new RunValues(2, 1, self, count, parent, system);
    }
}
