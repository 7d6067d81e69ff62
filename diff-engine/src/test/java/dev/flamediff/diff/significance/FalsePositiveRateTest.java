package dev.flamediff.diff.significance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.stats.Distributions;
import dev.flamediff.model.IncompatibleProfilesException;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The false-positive rate, measured: many simulated re-recordings of one real recording (each
 * stack's count redrawn from a Poisson distribution, fixed seed), diffed pairwise. None of them
 * differs in anything but noise, so every flag is a false positive. Two guarantees, two checks:
 * the share of diffs that flag any node (the Benjamini–Hochberg family) and the share whose whole
 * profile change is flagged (tested alone) must each be at or under the configured level, up to
 * sampling error of the measurement itself: an observed count that a true rate of exactly the
 * level would reach with probability under 0.1% fails.
 */
class FalsePositiveRateTest {

    private static final FoldedStacks BASE = FoldedStacks.fixture("base.collapsed");

    @Test
    void oneRunPerSideAtTheDefaultLevel() throws IncompatibleProfilesException {
        Rate rate = measure(new Random(20261129), 300, 1, DiffOptions.DEFAULT);
        System.out.println("false positives, 1 vs 1 run, default options: " + rate);
        rate.assertAtMost(DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL);
    }

    @Test
    void oneRunPerSideAgainstSamplingNoiseAlone() throws IncompatibleProfilesException {
        // Without the assumed run-to-run term the exact tests and the FDR adjustment carry the
        // guarantee on their own.
        DiffOptions options = DiffOptions.DEFAULT.withRunVariation(0);
        Rate rate = measure(new Random(7), 300, 1, options);
        System.out.println("false positives, 1 vs 1 run, sampling noise only: " + rate);
        rate.assertAtMost(options.significanceLevel());
    }

    @Test
    void atALooserLevelTheRateStaysUnderThatLevel() throws IncompatibleProfilesException {
        DiffOptions options = DiffOptions.DEFAULT.withRunVariation(0).withSignificanceLevel(0.10);
        Rate rate = measure(new Random(11), 200, 1, options);
        System.out.println("false positives, 1 vs 1 run, sampling noise only, level 0.10: " + rate);
        rate.assertAtMost(0.10);
    }

    @Test
    void oneRunPerSideWithRealOverdispersion() throws IncompatibleProfilesException {
        // Every stack of every re-recording varies by its own log-normal factor of spread 0.3 on
        // top of sampling, far beyond the Poisson noise: the measured run variation must see it.
        Rate rate = measure(new Random(30), 200, 1, DiffOptions.DEFAULT, r -> BASE.resampleOverdispersed(r, 0.3));
        System.out.println("false positives, 1 vs 1 run, 30% log-normal overdispersion, default options: " + rate);
        rate.assertAtMost(DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL);
        assertThat(rate.meanRunVariation()).as("the mean measured run variation").isBetween(0.2, 0.4);
        // What protects is the measurement, not a lucky constant: the floor's 10%, assumed, flags
        // these same draws again and again.
        Rate assumed = measure(new Random(30), 200, 1, DiffOptions.DEFAULT.withRunVariation(DiffOptions.MIN_RUN_VARIATION),
                r -> BASE.resampleOverdispersed(r, 0.3));
        System.out.println("the same, 10% assumed: " + assumed);
        assertThat(assumed.diffsFlagged()).isGreaterThan(20 * Math.max(1, rate.diffsFlagged()));
    }

    @Test
    void threeRunsPerSideWithWelch() throws IncompatibleProfilesException {
        Rate rate = measure(new Random(3), 100, 3, DiffOptions.DEFAULT);
        System.out.println("false positives, 3 vs 3 runs (Welch): " + rate);
        rate.assertAtMost(DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL);
    }

    /** Diffs that flag any node below the root, diffs whose whole profile is flagged, node tests flagged. */
    record Rate(int diffs, int diffsFlagged, int wholeProfileFlagged, long tests, long testsFlagged,
                double meanRunVariation) {

        void assertAtMost(double level) {
            assertThat(Distributions.binomialUpperTail(diffsFlagged, diffs, level))
                    .as("%d of %d diffs flag a node at level %s", diffsFlagged, diffs, level)
                    .isGreaterThan(0.001);
            assertThat(Distributions.binomialUpperTail(wholeProfileFlagged, diffs, level))
                    .as("%d of %d diffs flag the whole profile at level %s", wholeProfileFlagged, diffs, level)
                    .isGreaterThan(0.001);
        }

        @Override
        public String toString() {
            return diffsFlagged + " of " + diffs + " diffs flag a node, " + wholeProfileFlagged
                    + " the whole profile; " + testsFlagged + " of " + tests + " node tests flagged; "
                    + String.format(java.util.Locale.ROOT, "mean run variation used %.3f", meanRunVariation);
        }
    }

    static Rate measure(Random random, int trials, int runs, DiffOptions options)
            throws IncompatibleProfilesException {
        return measure(random, trials, runs, options, BASE::resample);
    }

    static Rate measure(Random random, int trials, int runs, DiffOptions options,
                        Function<Random, FoldedStacks> rerecord) throws IncompatibleProfilesException {
        double variationSum = 0;
        int flaggedDiffs = 0;
        int flaggedWhole = 0;
        long tests = 0;
        long flaggedTests = 0;
        for (int trial = 0; trial < trials; trial++) {
            FoldedStacks[] base = new FoldedStacks[runs];
            FoldedStacks[] head = new FoldedStacks[runs];
            for (int r = 0; r < runs; r++) {
                base[r] = rerecord.apply(random);
                head[r] = rerecord.apply(random);
            }
            DiffTree diff = Diffs.diff(FoldedStacks.profiles("base", base), FoldedStacks.profiles("head", head), options);
            variationSum += diff.significance().runVariation();
            int flagged = 0;
            for (int n = 1; n < diff.size(); n++) {
                flagged += (diff.significance().significant(n) ? 1 : 0) + (diff.significance().selfSignificant(n) ? 1 : 0);
            }
            flaggedWhole += diff.significance().significant(0) ? 1 : 0;
            tests += 2L * diff.size();
            flaggedTests += flagged;
            flaggedDiffs += flagged > 0 ? 1 : 0;
        }
        return new Rate(trials, flaggedDiffs, flaggedWhole, tests, flaggedTests, variationSum / trials);
    }
}
