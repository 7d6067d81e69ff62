package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.IncompatibleProfilesException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Testing the nodes on several threads must give the very same bits as testing them one after
 * another: every score, p-value and adjusted q-value, whatever the block size and tree shape.
 */
class ParallelSignificanceTest {

    @ParameterizedTest
    @CsvSource({
        "1, 1, 1, POISSON, 1",
        "2, 1, 1, POISSON, 37",
        "3, 1, 1, COMPOUND_POISSON, 100",
        "4, 2, 3, POISSON, 64",
        "5, 3, 2, COMPOUND_POISSON, 7",
        "6, 1, 2, EXACT, 500",
    })
    void randomTreesGiveIdenticalArrays(long seed, int baseRuns, int headRuns, NoiseModel model, int block) {
        Random random = new Random(seed);
        for (int size : new int[] {1, 2, 50, 3_000, 70_000}) {
            RunValues runs = randomRuns(random, size, baseRuns, headRuns, model != NoiseModel.EXACT);
            for (double variation : new double[] {DiffOptions.ESTIMATE_RUN_VARIATION, 0, 0.3}) {
                ChangeTester test = new ChangeTester(model, 1, 0.5 + random.nextDouble(), variation);
                NodeSignificance sequential = NodeSignificance.compute(size, runs, test, 0.01, false, size);
                NodeSignificance parallel = NodeSignificance.compute(size, runs, test, 0.01, true, block);
                assertThat(bits(parallel, size)).as("size %d c %s", size, variation)
                        .isEqualTo(bits(sequential, size));
                assertThat(bits(NodeSignificance.compute(size, runs, test, 0.01), size))
                        .isEqualTo(bits(sequential, size));
            }
        }
    }

    @Test
    void theFixturePairGivesIdenticalArrays() throws IOException, IncompatibleProfilesException {
        Profile base = fixture("base.collapsed");
        Profile base2 = fixture("base2.collapsed");
        Profile head = fixture("head.collapsed");
        List<DiffTree> diffs = List.of(
                Diffs.diff(base, head, DiffOptions.DEFAULT.withEstimatedRunVariation()),
                Diffs.diff(List.of(base, base2), List.of(head), DiffOptions.DEFAULT));
        for (DiffTree diff : diffs) {
            RunValues runs = diff.nodeSignificance().runs();
            int size = diff.size();
            assertThat(size).isGreaterThan(100);
            ChangeTester test = new ChangeTester(NoiseModel.POISSON, 1, 1.25, DiffOptions.ESTIMATE_RUN_VARIATION);
            long[] sequential = bits(NodeSignificance.compute(size, runs, test, 0.01, false, size), size);
            for (int block : new int[] {1, 13, 256}) {
                assertThat(bits(NodeSignificance.compute(size, runs, test, 0.01, true, block), size))
                        .as("block %d", block).isEqualTo(sequential);
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anInterruptedComputationEndsWithCancellation() {
        int size = 2 * NodeSignificance.PARALLEL_THRESHOLD;
        RunValues runs = randomRuns(new Random(11), size, 1, 1, false);
        ChangeTester test = new ChangeTester(NoiseModel.POISSON, 1, 1, 0.4);
        for (boolean parallel : new boolean[] {false, true}) {
            Thread.currentThread().interrupt();
            try {
                assertThatThrownBy(() -> NodeSignificance.compute(size, runs, test, 0.01, parallel, 1000))
                        .isInstanceOf(CancellationException.class);
                assertThat(Thread.currentThread().isInterrupted()).isTrue();
            } finally {
                Thread.interrupted();
            }
        }
        // Not interrupted, the same computation completes.
        assertThat(NodeSignificance.compute(size, runs, test, 0.01).totalP(0)).isBetween(0.0, 1.0);
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
        for (int i = 0; i < size * k; i++) {
            int c = random.nextInt(3) == 0 ? 0 : random.nextInt(10) == 0 ? random.nextInt(5_000) : random.nextInt(20);
            self[i] = counts ? c * (1L + random.nextInt(3)) : c;
            if (counts) {
                count[i] = c;
            }
        }
        return new RunValues(k, baseRuns, self, count, parent);
    }

    private static long[] bits(NodeSignificance s, int size) {
        long[] out = new long[6 * size];
        for (int i = 0; i < size; i++) {
            out[6 * i] = Double.doubleToRawLongBits(s.selfScore(i));
            out[6 * i + 1] = Double.doubleToRawLongBits(s.selfP(i));
            out[6 * i + 2] = Double.doubleToRawLongBits(s.selfQ(i));
            out[6 * i + 3] = Double.doubleToRawLongBits(s.totalScore(i));
            out[6 * i + 4] = Double.doubleToRawLongBits(s.totalP(i));
            out[6 * i + 5] = Double.doubleToRawLongBits(s.totalQ(i));
        }
        return out;
    }

    /** Reads fixtures/collapsed/{name}: "frame;frame;... count" lines, frames of unknown kind. */
    private static Profile fixture(String name) throws IOException {
        Map<List<Frame>, Long> stacks = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("..", "fixtures", "collapsed", name))) {
            int space = line.lastIndexOf(' ');
            if (line.isBlank() || space < 0) {
                continue;
            }
            List<Frame> stack = new ArrayList<>();
            for (String f : line.substring(0, space).split(";")) {
                stack.add(new Frame(f, FrameKind.UNKNOWN));
            }
            stacks.merge(List.copyOf(stack), Long.parseLong(line.substring(space + 1).trim()), Long::sum);
        }
        return RandomProfiles.build(stacks, name, List.of(ValueType.SAMPLES));
    }
}
