package dev.flamediff.diff.significance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.diff.Normalization;
import dev.flamediff.diff.RunVariation;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.IncompatibleProfilesException;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The run-to-run variation measured on a diff with one run per side: when, what, and its bounds. */
class RunVariationEstimateTest {

    private static final FoldedStacks BASE = FoldedStacks.fixture("base.collapsed");

    @Test
    void measuringIsTheDefaultAndAFixedValueStaysAvailable() {
        assertThat(DiffOptions.DEFAULT.estimatesRunVariation()).isTrue();
        assertThat(DiffOptions.DEFAULT.runVariation()).isNaN();
        assertThat(DiffOptions.DEFAULT.withRunVariation(0.2).estimatesRunVariation()).isFalse();
        assertThat(DiffOptions.DEFAULT.withRunVariation(0.2).withEstimatedRunVariation()).isEqualTo(DiffOptions.DEFAULT);
        assertThatThrownBy(() -> DiffOptions.DEFAULT.withRunVariation(-0.1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DiffOptions.DEFAULT.withRunVariation(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theMeasurementFollowsTheTrueVariation() throws IncompatibleProfilesException {
        // Re-recordings with a known per-stack log-normal variation: the measured c (an upper
        // bound, one standard error above the fit) grows with it and sits near it.
        Random random = new Random(41);
        double[] spreads = {0, 0.2, 0.3};
        double[] mean = new double[spreads.length];
        int trials = 20;
        for (int i = 0; i < spreads.length; i++) {
            for (int t = 0; t < trials; t++) {
                DiffTree diff = Diffs.diff(BASE.resampleOverdispersed(random, spreads[i]).profile("a"),
                        BASE.resampleOverdispersed(random, spreads[i]).profile("b"), DiffOptions.DEFAULT);
                assertThat(diff.significance().runVariationDetails().measured()).isTrue();
                mean[i] += diff.significance().runVariationDetails().estimate() / trials;
            }
            System.out.printf("true run variation %.2f: mean measured %.3f%n", spreads[i], mean[i]);
        }
        assertThat(mean[0]).isLessThan(0.2);
        assertThat(mean[1]).isBetween(0.15, 0.35).isGreaterThan(mean[0]);
        assertThat(mean[2]).isBetween(0.25, 0.45).isGreaterThan(mean[1]);
    }

    @Test
    void aProfileAgainstItselfMeasuresNothingAndTheFloorHolds() throws IncompatibleProfilesException {
        DiffTree diff = Diffs.diff(BASE.profile("a"), BASE.profile("b"), DiffOptions.DEFAULT);

        RunVariation c = diff.significance().runVariationDetails();
        assertThat(c.source()).isEqualTo(RunVariation.Source.FLOOR);
        assertThat(c.estimate()).isZero();
        assertThat(c.value()).isEqualTo(DiffOptions.MIN_RUN_VARIATION);
        assertThat(diff.significance().runVariation()).isEqualTo(DiffOptions.MIN_RUN_VARIATION);
        assertThat(c.shift()).isZero();
        // Measured on the program's own frames (system work is measured apart).
        assertThat(c.nodes()).isGreaterThan(40);
    }

    @Test
    void aWholeProfileShiftMovesTheCenterNotTheVariation() throws IncompatibleProfilesException {
        // head recorded twice as long: every node doubles. That is not per-node noise: the center
        // moves by +100%, c stays what the pair shows without the shift, and under `none` no
        // node is flagged for it (the whole profile keeps the assumed variation).
        Random random = new Random(5);
        FoldedStacks a = BASE.resample(random);
        FoldedStacks b = BASE.resample(random);

        DiffTree plain = Diffs.diff(a.profile("a"), b.profile("b"), DiffOptions.DEFAULT);
        DiffTree doubled = Diffs.diff(a.profile("a"), b.scale(s -> true, 2).profile("b"), DiffOptions.DEFAULT);

        assertThat((1 + doubled.significance().runVariationDetails().shift()) / (1 + plain.significance().runVariationDetails().shift()))
                .isCloseTo(2.0, within(0.15));
        assertThat(doubled.significance().runVariationDetails().estimate())
                .isCloseTo(plain.significance().runVariationDetails().estimate(), within(0.1));
        assertThat(SignificanceOnRecordingsTest.flagged(doubled)).isEmpty();
    }

    @Test
    void tooFewNodesFallBackToTheAssumedVariation() throws Exception {
        DiffTree diff = Diffs.diff(single(ValueType.SAMPLES, 1000), single(ValueType.SAMPLES, 1100), DiffOptions.DEFAULT);

        assertThat(diff.significance().runVariationDetails().source()).isEqualTo(RunVariation.Source.FALLBACK);
        assertThat(diff.significance().runVariation()).isEqualTo(DiffOptions.DEFAULT_RUN_VARIATION);
        assertThat(diff.significance().runVariationDetails().estimate()).isNaN();
    }

    @Test
    void severalRunsMeasureTheirSpreadInstead() throws Exception {
        DiffTree diff = Diffs.diff(FoldedStacks.profiles("a", BASE, BASE), FoldedStacks.profiles("b", BASE, BASE),
                DiffOptions.DEFAULT);

        assertThat(diff.significance().usesRunToRunSpread()).isTrue();
        assertThat(diff.significance().runVariationDetails().source()).isEqualTo(RunVariation.Source.FALLBACK);
    }

    @Test
    void weightedSamplesNeverGoBelowTheirOwnFloor() throws IncompatibleProfilesException {
        Random random = new Random(8);
        DiffTree diff = Diffs.diff(BASE.resample(random).weightedProfile("a", s -> false, 1),
                BASE.resample(random).weightedProfile("b", s -> false, 1), DiffOptions.DEFAULT);

        assertThat(diff.significance().noiseModel()).isEqualTo(NoiseModel.COMPOUND_POISSON);
        assertThat(diff.significance().runVariationDetails().measured()).isTrue();
        assertThat(diff.significance().runVariation()).isEqualTo(DiffOptions.MIN_WEIGHTED_RUN_VARIATION);
    }

    @Test
    void aPairFullOfRealChangesIsCappedAtTheAssumedVariation() throws IncompatibleProfilesException {
        // A third of the stacks three times heavier in head: the changes are no small minority,
        // and the measurement sees them; it is used at the assumed variation at most.
        Random random = new Random(10);
        FoldedStacks head = BASE.resample(random, s -> Math.floorMod(s.hashCode(), 3) == 0, 3);

        DiffTree diff = Diffs.diff(BASE.resample(random).profile("a"), head.profile("b"), DiffOptions.DEFAULT);

        assertThat(diff.significance().runVariationDetails().estimate()).isGreaterThan(DiffOptions.MAX_ESTIMATED_RUN_VARIATION);
        assertThat(diff.significance().runVariationDetails().source()).isEqualTo(RunVariation.Source.CEILING);
        assertThat(diff.significance().runVariation()).isEqualTo(DiffOptions.MAX_ESTIMATED_RUN_VARIATION);
    }

    @Test
    void underTotalNormalizationTheCenterIsNearZero() throws IncompatibleProfilesException {
        Random random = new Random(9);
        DiffTree diff = Diffs.diff(BASE.resample(random).profile("a"), BASE.resample(random).scale(s -> true, 3).profile("b"),
                DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL));

        assertThat(diff.significance().runVariationDetails().shift()).isCloseTo(0, within(0.15));
    }

    private static Profile single(ValueType type, long value) throws LimitExceededException {
        CallTreeBuilder b = new CallTreeBuilder(List.of(type));
        b.addStack(List.of(Frame.of("main"), Frame.of("work")), value);
        return new Profile(b.build(), ProfileMetadata.of("p", "test", "cpu"));
    }
}
