package dev.flamediff.diff.significance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.diff.stats.Distributions;
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

/** The noise model chosen per value type, and how each behaves. */
class NoiseModelTest {

    private static final FoldedStacks BASE = FoldedStacks.fixture("base.collapsed");
    private static final String LEAF = "fixture/FixtureApp.computeChecksum";
    private static final ValueType IR = new ValueType("Ir", "instructions");

    @Test
    void weightedValuesWithSampleCountsAreCompoundPoissonAndNoiseFlagsNothing()
            throws IncompatibleProfilesException {
        Random random = new Random(99);
        int flagged = 0;
        int trials = 100;
        for (int t = 0; t < trials; t++) {
            DiffTree diff = Diffs.diff(BASE.resample(random).weightedProfile("a", s -> false, 1),
                    BASE.resample(random).weightedProfile("b", s -> false, 1), DiffOptions.DEFAULT.withRunVariation(0));
            assertThat(diff.significance().noiseModel()).isEqualTo(NoiseModel.COMPOUND_POISSON);
            assertThat(diff.valueType()).isEqualTo(ValueType.ALLOC_BYTES);
            flagged += SignificanceOnRecordingsTest.flagged(diff).isEmpty() ? 0 : 1;
        }
        assertThat(Distributions.binomialUpperTail(flagged, trials, DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL))
                .as("%d of %d diffs flag something", flagged, trials).isGreaterThan(0.001);
    }

    @Test
    void heavierSamplesWithTheSameCountAreFlagged() throws IncompatibleProfilesException {
        // The same number of allocation samples, each twice the bytes: a change in weight only.
        DiffTree diff = Diffs.diff(BASE.weightedProfile("a", s -> false, 1, true),
                BASE.weightedProfile("b", s -> FoldedStacks.leafOf(s).equals(LEAF), 2, true),
                DiffOptions.DEFAULT.withRunVariation(0));

        assertThat(SignificanceOnRecordingsTest.flagged(diff)).contains(LEAF);
        for (int n = 0; n < diff.size(); n++) {
            if (diff.significance().selfSignificant(n)) {
                assertThat(diff.frame(n).name()).isEqualTo(LEAF);
                assertThat(diff.significance().selfScore(n)).isPositive();
            }
        }
    }

    @Test
    void weightedWithoutSampleCountsFallsBackToPoissonOnlyWhenAsked() throws Exception {
        Profile a = single(ValueType.CPU_NANOS, 1000);
        Profile b = single(ValueType.CPU_NANOS, 1001);

        DiffTree exact = Diffs.diff(a, b, DiffOptions.DEFAULT);
        DiffTree poisson = Diffs.diff(a, b, DiffOptions.DEFAULT.withNoiseModel(NoiseModel.COMPOUND_POISSON));

        assertThat(exact.significance().noiseModel()).isEqualTo(NoiseModel.EXACT);
        assertThat(exact.significance().significant(0)).isTrue();
        assertThat(poisson.significance().noiseModel()).isEqualTo(NoiseModel.POISSON);
        assertThat(poisson.significance().significant(0)).isFalse();
    }

    @Test
    void weightedWithoutSampleCountsFromASamplingFormatArePoissonPerUnit() throws Exception {
        Profile a = single(ValueType.ALLOC_BYTES, 1000, "pprof");
        Profile b = single(ValueType.ALLOC_BYTES, 1001, "pprof");

        DiffTree diff = Diffs.diff(a, b, DiffOptions.DEFAULT);

        assertThat(diff.significance().noiseModel()).isEqualTo(NoiseModel.POISSON);
        assertThat(diff.significance().significant(0)).isFalse();
        // A format not known to sample (callgrind's, a test's) keeps exact values.
        assertThat(Diffs.diff(single(ValueType.ALLOC_BYTES, 1000, "callgrind"), b, DiffOptions.DEFAULT)
                .significance().noiseModel()).isEqualTo(NoiseModel.EXACT);
    }

    @Test
    void exactValuesFlagEveryChangeAndNothingElse() throws Exception {
        DiffTree same = Diffs.diff(single(IR, 123_456), single(IR, 123_456), DiffOptions.DEFAULT);
        DiffTree one = Diffs.diff(single(IR, 123_456), single(IR, 123_457), DiffOptions.DEFAULT);

        assertThat(same.significance().noiseModel()).isEqualTo(NoiseModel.EXACT);
        for (int n = 0; n < same.size(); n++) {
            assertThat(same.significance().significant(n)).isFalse();
            assertThat(same.significance().pValue(n)).isEqualTo(1.0);
        }
        assertThat(one.significance().significant(0)).isTrue();
        assertThat(one.significance().selfSignificant(one.size() - 1)).isTrue();
        assertThat(one.significance().pValue(0)).isZero();
        assertThat(one.significance().score(0)).isInfinite().isPositive();
    }

    @Test
    void severalRunsReportRunCountsAndVariation() throws Exception {
        List<Profile> base = List.of(single(ValueType.SAMPLES, 1000), single(ValueType.SAMPLES, 1100),
                single(ValueType.SAMPLES, 900));
        List<Profile> head = List.of(single(ValueType.SAMPLES, 1000), single(ValueType.SAMPLES, 1000));

        DiffTree diff = Diffs.diff(base, head, DiffOptions.DEFAULT);

        assertThat(diff.baseRuns()).isEqualTo(3);
        assertThat(diff.headRuns()).isEqualTo(2);
        assertThat(diff.significance().usesRunToRunSpread()).isTrue();
        assertThat(diff.significance().baseVariation()).isCloseTo(0.1, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(diff.significance().headVariation()).isZero();
        assertThat(diff.baseTotal(0)).isEqualTo(1000.0);
        assertThat(diff.significance().significant(0)).isFalse();
        assertThat(Diffs.diff(base.get(0), head.get(0), DiffOptions.DEFAULT).significance().baseVariation()).isNaN();
    }

    @Test
    void scaleFactorsEnterTheTest() throws Exception {
        // Base ran half as many iterations: per iteration, 500 samples x2 equal head's 1000.
        DiffOptions perIteration = DiffOptions.DEFAULT.withRunVariation(0)
                .withNormalization(dev.flamediff.diff.Normalization.factors(2, 1));

        DiffTree same = Diffs.diff(single(ValueType.SAMPLES, 500), single(ValueType.SAMPLES, 1000), perIteration);
        DiffTree slower = Diffs.diff(single(ValueType.SAMPLES, 500), single(ValueType.SAMPLES, 1200), perIteration);

        assertThat(same.significance().pValue(0)).isGreaterThan(0.5);
        assertThat(same.significance().significant(0)).isFalse();
        assertThat(slower.significance().significant(0)).isTrue();
        assertThat(slower.significance().score(0)).isPositive();
        // Without the factors the same counts are a large, significant change.
        assertThat(Diffs.diff(single(ValueType.SAMPLES, 500), single(ValueType.SAMPLES, 1000),
                DiffOptions.DEFAULT.withRunVariation(0)).significance().significant(0)).isTrue();
    }

    @Test
    void smallCountsNeverReachSignificance() throws Exception {
        // 1 sample against 3 means nothing, whatever the model's options.
        DiffTree diff = Diffs.diff(single(ValueType.SAMPLES, 1), single(ValueType.SAMPLES, 3),
                DiffOptions.DEFAULT.withRunVariation(0).withSignificanceLevel(0.5));

        for (int n = 0; n < diff.size(); n++) {
            assertThat(diff.significance().significant(n)).isFalse();
        }
        assertThat(diff.significance().pValue(0)).isCloseTo(0.625, org.assertj.core.api.Assertions.within(1e-12));
    }

    private static Profile single(ValueType type, long value) throws LimitExceededException {
        return single(type, value, "test");
    }

    private static Profile single(ValueType type, long value, String format) throws LimitExceededException {
        CallTreeBuilder b = new CallTreeBuilder(List.of(type));
        b.addStack(List.of(Frame.of("main"), Frame.of("work")), value);
        return new Profile(b.build(), ProfileMetadata.of("p", format, "cpu"));
    }
}
