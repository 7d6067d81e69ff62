package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.stats.FalseDiscoveryRate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The node tests' scores and p-values are worked out when first read: they must be the values an
 * eager test of every node gives, the ones the tested family was adjusted on, whatever order and
 * however many threads read them.
 */
class NodeOutcomesTest {

    @ParameterizedTest
    @CsvSource({
        "21, 1, 1, POISSON",
        "22, 1, 1, COMPOUND_POISSON",
        "23, 2, 3, POISSON",
        "24, 3, 2, COMPOUND_POISSON",
        "25, 1, 2, EXACT",
        "26, 1, 1, EXACT",
    })
    void lazyValuesAreTheEagerTestsAndTheFamilysInputs(long seed, int baseRuns, int headRuns, NoiseModel model) {
        Random random = new Random(seed);
        for (int size : new int[] {1, 2, 300, 5_000, 40_000}) {
            RunValues runs = randomRuns(random, size, baseRuns, headRuns, model != NoiseModel.EXACT);
            for (double variation : new double[] {DiffOptions.ESTIMATE_RUN_VARIATION, 0, 0.3}) {
                ChangeTester given = new ChangeTester(model, 1, 0.5 + random.nextDouble(), variation);
                NodeSignificance s = NodeSignificance.compute(size, runs, given, 0.01);
                ChangeTester test = s.tester();
                double[] family = new double[2 * size];
                for (int node = 0; node < size; node++) {
                    ChangeTester.Outcome self = eager(test, runs, node, true);
                    assertThat(bits(s.selfScore(node))).as("self score %d", node).isEqualTo(bits(self.score()));
                    assertThat(bits(s.selfP(node))).as("self p %d", node).isEqualTo(bits(nanToOne(self.pValue())));
                    if (node > 0) {
                        ChangeTester.Outcome total = eager(test, runs, node, false);
                        assertThat(bits(s.totalScore(node))).as("total score %d", node).isEqualTo(bits(total.score()));
                        assertThat(bits(s.totalP(node))).as("total p %d", node).isEqualTo(bits(nanToOne(total.pValue())));
                    }
                    // Raw p-values: NaN (nothing to test) is no member of the family.
                    family[node] = inFamily(runs, model, node, true) ? self.pValue() : Double.NaN;
                    family[size + node] = node > 0 && inFamily(runs, model, node, false)
                            ? eager(test, runs, node, false).pValue() : Double.NaN;
                }
                // Adjusting the eager values gives the q-values the diff holds: the family was
                // tested on the very values read later, which are the eager ones.
                double[] q = FalseDiscoveryRate.adjust(family);
                for (int node = 0; node < size; node++) {
                    assertThat(bits(s.selfQ(node))).as("self q %d", node).isEqualTo(bits(nanToOne(q[node])));
                    if (node > 0) {
                        assertThat(bits(s.totalQ(node))).as("total q %d", node).isEqualTo(bits(nanToOne(q[size + node])));
                    }
                }
                // The whole profile is judged on its own: its q is its p.
                assertThat(bits(s.totalQ(0))).isEqualTo(bits(s.totalP(0)));
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void concurrentReadsInAnyOrderGiveTheSameBits() throws Exception {
        int size = 3 * NodeSignificance.PARALLEL_THRESHOLD + 17;
        RunValues runs = randomRuns(new Random(31), size, 1, 1, true);
        ChangeTester test = new ChangeTester(NoiseModel.COMPOUND_POISSON, 1, 1.3, DiffOptions.ESTIMATE_RUN_VARIATION);
        long[] expected = read(NodeSignificance.compute(size, runs, test, 0.01), ascending(size));
        NodeSignificance shared = NodeSignificance.compute(size, runs, test, 0.01);
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<long[]>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                List<Integer> order = ascending(size);
                Collections.shuffle(order, new Random(100 + t));
                results.add(pool.submit(() -> {
                    start.await();
                    return read(shared, order);
                }));
            }
            start.countDown();
            for (Future<long[]> r : results) {
                assertThat(r.get()).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
        // Read again once every block is there: the same.
        assertThat(read(shared, ascending(size))).isEqualTo(expected);
    }

    /** Reads every node's values in the given order, returned in node order. */
    private static long[] read(NodeSignificance s, List<Integer> order) {
        long[] out = new long[4 * order.size()];
        for (int node : order) {
            out[4 * node] = bits(s.selfScore(node));
            out[4 * node + 1] = bits(s.selfP(node));
            out[4 * node + 2] = bits(s.totalScore(node));
            out[4 * node + 3] = bits(s.totalP(node));
        }
        return out;
    }

    private static List<Integer> ascending(int size) {
        List<Integer> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(i);
        }
        return out;
    }

    /** The test of one node's change, as the node tests ran before they were made lazy. */
    private static ChangeTester.Outcome eager(ChangeTester test, RunValues runs, int node, boolean self) {
        int k = runs.runs();
        int nb = runs.baseRuns();
        long[] b = new long[nb];
        long[] h = new long[k - nb];
        double[] bc = runs.hasCounts() ? new double[nb] : null;
        double[] hc = runs.hasCounts() ? new double[k - nb] : null;
        for (int r = 0; r < k; r++) {
            long v = self ? runs.self(node, r) : runs.total(node, r);
            double c = !runs.hasCounts() ? 0 : self ? runs.selfVariance(node, r) : runs.totalVariance(node, r);
            if (r < nb) {
                b[r] = v;
                if (bc != null) {
                    bc[r] = c;
                }
            } else {
                h[r - nb] = v;
                if (hc != null) {
                    hc[r - nb] = c;
                }
            }
        }
        return test.test(b, h, bc, hc, runs.systemShare(node, self));
    }

    private static boolean inFamily(RunValues runs, NoiseModel model, int node, boolean self) {
        if (model == NoiseModel.EXACT) {
            return true;
        }
        long samples = 0;
        for (int r = 0; r < runs.runs(); r++) {
            if (runs.hasCounts()) {
                samples += self ? runs.selfCount(node, r) : runs.totalCount(node, r);
            } else {
                samples += self ? runs.self(node, r) : runs.total(node, r);
            }
        }
        return samples >= NodeSignificance.MIN_SAMPLES;
    }

    /** Random counts on a random tree: parents precede children, many zero and small values. */
    private static RunValues randomRuns(Random random, int size, int baseRuns, int headRuns, boolean counts) {
        int k = baseRuns + headRuns;
        int[] parent = new int[size];
        parent[0] = -1;
        for (int i = 1; i < size; i++) {
            parent[i] = random.nextInt(4) == 0 ? random.nextInt(i) : i - 1 - random.nextInt(Math.min(i, 3));
        }
        long[] self = new long[size * k];
        long[] count = counts ? new long[size * k] : null;
        boolean[] system = new boolean[size];
        for (int i = 0; i < size; i++) {
            system[i] = random.nextInt(5) == 0;
        }
        for (int i = 0; i < size * k; i++) {
            int c = random.nextInt(3) == 0 ? 0 : random.nextInt(10) == 0 ? random.nextInt(5_000) : random.nextInt(8);
            self[i] = counts ? c * (1L + random.nextInt(3)) : c;
            if (counts) {
                count[i] = c;
            }
        }
        return new RunValues(k, baseRuns, self, count, parent, system);
    }

    private static double nanToOne(double p) {
        return Double.isNaN(p) ? 1 : p;
    }

    private static long bits(double v) {
        return Double.doubleToRawLongBits(v);
    }
}
