package dev.flamediff.diff.significance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.diff.stats.Distributions;
import dev.flamediff.model.IncompatibleProfilesException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The CI gate on a noisy machine, measured: every run of the same program gets its whole profile
 * scaled by a random factor with a 2.66% coefficient of variation (the worst CI machines), on top
 * of Poisson noise per stack (fixed seed). A naive gate (head's mean total more than 2% above
 * base's) raises false alerts all the time; flamediff's gate, counting only significant growth,
 * must stay at or under its 1% level.
 */
class GateFalseAlarmTest {

    private static final FoldedStacks BASE = FoldedStacks.fixture("base.collapsed");
    private static final double MACHINE_VARIATION = 0.0266;
    private static final int TRIALS = 200;

    @Test
    void threeRunsPerSideOnANoisyMachine() throws IncompatibleProfilesException {
        Random random = new Random(266);
        DiffOptions options = DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withWholeProfile(0.02).withFixedWork(true));
        int gateFailures = 0;
        int naiveFailures = 0;
        int diffsFlaggingNodes = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            DiffTree diff = Diffs.diff(FoldedStacks.profiles("base", runs(random)),
                    FoldedStacks.profiles("head", runs(random)), options);
            gateFailures += DiffSummary.of(diff).gate().failed() ? 1 : 0;
            naiveFailures += diff.headTotal(0) > 1.02 * diff.baseTotal(0) ? 1 : 0;
            boolean any = false;
            for (int n = 1; n < diff.size(); n++) {
                any |= diff.significance().significant(n) || diff.significance().selfSignificant(n);
            }
            diffsFlaggingNodes += any ? 1 : 0;
        }
        System.out.printf("gate false alarms with 2.66%% machine variation, 3 vs 3 runs, 2%% threshold: "
                + "flamediff %d of %d, naive %d of %d; diffs flagging a node: %d%n", gateFailures, TRIALS,
                naiveFailures, TRIALS, diffsFlaggingNodes);
        assertThat(Distributions.binomialUpperTail(diffsFlaggingNodes, TRIALS, DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL))
                .as("%d of %d diffs flag a node", diffsFlaggingNodes, TRIALS).isGreaterThan(0.001);
        assertThat(Distributions.binomialUpperTail(gateFailures, TRIALS, DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL))
                .as("%d false gate failures of %d", gateFailures, TRIALS).isGreaterThan(0.001);
        assertThat(naiveFailures).as("the naive gate's false alarms").isGreaterThan(5 * Math.max(1, gateFailures));
    }

    private static FoldedStacks[] runs(Random random) {
        FoldedStacks[] runs = new FoldedStacks[3];
        for (int r = 0; r < runs.length; r++) {
            double machine = Math.exp(MACHINE_VARIATION * random.nextGaussian());
            runs[r] = BASE.resample(random, s -> true, machine);
        }
        return runs;
    }
}
