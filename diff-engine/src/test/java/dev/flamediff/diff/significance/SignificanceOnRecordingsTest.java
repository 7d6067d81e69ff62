package dev.flamediff.diff.significance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.NodeStatus;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.diff.Normalization;
import dev.flamediff.diff.RunVariation;
import dev.flamediff.model.IncompatibleProfilesException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Significance on the real recordings of the fixture program (fixtures/collapsed). */
class SignificanceOnRecordingsTest {

    private static final FoldedStacks BASE = FoldedStacks.fixture("base.collapsed");
    private static final FoldedStacks HEAD = FoldedStacks.fixture("head.collapsed");
    private static final FoldedStacks BUSY_BASE = FoldedStacks.resource("/significance/busy-base.collapsed.gz");
    private static final FoldedStacks BUSY_BASE2 = FoldedStacks.resource("/significance/busy-base2.collapsed.gz");

    @Test
    void aProfileAgainstItselfFlagsNothingAndEveryPIsOne() throws IncompatibleProfilesException {
        DiffTree diff = Diffs.diff(BASE.profile("base"), BASE.profile("base"), DiffOptions.DEFAULT);

        assertThat(diff.significance().noiseModel()).isEqualTo(NoiseModel.POISSON);
        for (int n = 0; n < diff.size(); n++) {
            assertThat(diff.significance().significant(n)).isFalse();
            assertThat(diff.significance().selfSignificant(n)).isFalse();
            assertThat(diff.significance().pValue(n)).isEqualTo(1.0);
        }
    }

    @ParameterizedTest
    @EnumSource(Normalization.Mode.class)
    void twoRecordingsOfTheSameProgramFlagNothing(Normalization.Mode mode) throws IncompatibleProfilesException {
        assumeThat(FoldedStacks.exists("base2.collapsed")).isTrue();
        Normalization normalization = mode == Normalization.Mode.TOTAL ? Normalization.TOTAL
                : mode == Normalization.Mode.NONE ? Normalization.NONE : Normalization.factors(1, 2);
        FoldedStacks base2 = FoldedStacks.fixture("base2.collapsed");

        DiffTree diff = Diffs.diff(BASE.profile("base"), base2.profile("base2"),
                DiffOptions.DEFAULT.withNormalization(normalization));

        assertThat(flagged(diff)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Normalization.Mode.class)
    void theBusyMachinePairFlagsNothing(Normalization.Mode mode) throws IncompatibleProfilesException {
        // The first two recordings of base, made on a busy machine: the noisiest real pair known.
        // Its measured variation is higher than the quiet pair's, and it protects.
        Normalization normalization = mode == Normalization.Mode.TOTAL ? Normalization.TOTAL
                : mode == Normalization.Mode.NONE ? Normalization.NONE : Normalization.factors(1, 2);

        DiffTree diff = Diffs.diff(BUSY_BASE.profile("busy-base"), BUSY_BASE2.profile("busy-base2"),
                DiffOptions.DEFAULT.withNormalization(normalization));

        assertThat(flagged(diff)).isEmpty();
        RunVariation c = diff.significance().runVariationDetails();
        System.out.println("busy-machine pair, " + mode + ": " + c);
        assertThat(c.measured()).isTrue();
        // What makes this pair noisy is the machine's work (page faults under a busy kernel,
        // the JIT's threads), measured apart from the program's frames and tested with its own,
        // larger variation; the program's frames vary about as in the quiet pair.
        assertThat(c.value()).isBetween(DiffOptions.MIN_RUN_VARIATION, DiffOptions.DEFAULT_RUN_VARIATION);
        assertThat(diff.significance().systemRunVariation()).isGreaterThanOrEqualTo(1.0);
        assertThat(diff.functions().culprits()).isEmpty();
    }

    @Test
    void theQuietPairMeasuresALowVariation() throws IncompatibleProfilesException {
        assumeThat(FoldedStacks.exists("base2.collapsed")).isTrue();
        double c = measuredOnQuietPair();
        System.out.println("quiet pair (base, base2): measured run variation " + c);
        assertThat(c).isBetween(DiffOptions.MIN_RUN_VARIATION, DiffOptions.DEFAULT_RUN_VARIATION);
    }

    private static double measuredOnQuietPair() throws IncompatibleProfilesException {
        DiffTree diff = Diffs.diff(BASE.profile("base"), FoldedStacks.fixture("base2.collapsed").profile("base2"),
                DiffOptions.DEFAULT);
        assertThat(diff.significance().runVariationDetails().source()).isEqualTo(RunVariation.Source.ESTIMATED);
        return diff.significance().runVariationDetails().estimate();
    }

    @Test
    void theRunToRunTermCostsDetectionPower() throws IncompatibleProfilesException {
        // The run-to-run variation keeps a second recording of base quiet, and costs power on
        // real changes: without it, base against head flags more.
        DiffOptions options = DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL);

        DiffTree assumed = Diffs.diff(BASE.profile("base"), HEAD.profile("head"), options);
        DiffTree samplingOnly = Diffs.diff(BASE.profile("base"), HEAD.profile("head"), options.withRunVariation(0));

        assertThat(flagged(samplingOnly)).hasSizeGreaterThan(flagged(assumed).size())
                .anyMatch(name -> name.endsWith("FixtureApp.parseRecords"));
    }

    @ParameterizedTest
    @EnumSource(value = Normalization.Mode.class, names = {"NONE", "TOTAL"})
    void theRealChangesOfTheHeadProgramAreFlagged(Normalization.Mode mode) throws IncompatibleProfilesException {
        DiffTree diff = Diffs.diff(BASE.profile("base"), HEAD.profile("head"), DiffOptions.DEFAULT
                .withNormalization(mode == Normalization.Mode.TOTAL ? Normalization.TOTAL : Normalization.NONE));

        List<String> flagged = flagged(diff);
        // head's parseRecords and computeChecksum keep their names: one frame each, on both sides.
        // With one run per side, parseRecords' growth (7% to 39% of the samples) is flagged, and
        // so is its new callee, where the time went.
        assertThat(flagged).anyMatch(name -> name.endsWith("FixtureApp.splitWithRegex"));
        int slower = nodeNamed(diff, "fixture/FixtureApp.parseRecords");
        assertThat(diff.status(slower)).isEqualTo(NodeStatus.COMMON);
        assertThat(diff.significance().significant(slower)).isTrue();
        assertThat(diff.significance().score(slower)).isPositive();
        assertThat(slower).isEqualTo(extremeCommonAppNode(diff, +1));
        int faster = nodeNamed(diff, "fixture/FixtureApp.computeChecksum");
        assertThat(diff.status(faster)).isEqualTo(NodeStatus.COMMON);
        assertThat(diff.significance().selfSignificant(faster)).isTrue();
        assertThat(diff.significance().selfScore(faster)).isNegative();
        assertThat(faster).isEqualTo(extremeCommonAppNode(diff, -1));
        // The measurement is centered on the bulk of the profile, which head's slower parsing
        // shrank by about half in a recording of the same length.
        assertThat(diff.significance().runVariationDetails().shift()).isBetween(-0.7, -0.4);
    }

    @Test
    void theAssumedVariationAloneLeftTheSlowerParsingPale() throws IncompatibleProfilesException {
        // The former default, 40% assumed and uncentered, is still available and still too
        // conservative for this pair: parseRecords stays within the noise.
        DiffTree diff = Diffs.diff(BASE.profile("base"), HEAD.profile("head"),
                DiffOptions.DEFAULT.withRunVariation(DiffOptions.DEFAULT_RUN_VARIATION));

        int slower = nodeNamed(diff, "fixture/FixtureApp.parseRecords");
        assertThat(diff.significance().runVariationDetails()).isEqualTo(RunVariation.fixed(DiffOptions.DEFAULT_RUN_VARIATION));
        assertThat(diff.significance().significant(slower)).isFalse();
        assertThat(diff.significance().qValue(slower)).isBetween(0.01, 0.1);
    }

    @Test
    void anInjectedRegressionIsFlaggedAndNothingUnrelated() throws IncompatibleProfilesException {
        // One run per side must beat the run-to-run variation measured on the pair: a large change.
        assertOnlyInjectedFrameFlagged(3, DiffOptions.DEFAULT);
    }

    @Test
    void againstSamplingNoiseAloneASmallInjectedRegressionIsFlagged() throws IncompatibleProfilesException {
        assertOnlyInjectedFrameFlagged(1.5, DiffOptions.DEFAULT.withRunVariation(0));
    }

    private static void assertOnlyInjectedFrameFlagged(double factor, DiffOptions options)
            throws IncompatibleProfilesException {
        String leaf = "fixture/FixtureApp.computeChecksum";
        FoldedStacks head = BASE.scale(s -> FoldedStacks.leafOf(s).equals(leaf), factor);

        DiffTree diff = Diffs.diff(BASE.profile("base"), head.profile("head"), options);

        List<Integer> selfFlagged = new ArrayList<>();
        for (int n = 0; n < diff.size(); n++) {
            if (diff.significance().selfSignificant(n)) {
                selfFlagged.add(n);
            }
            if (diff.significance().significant(n)) {
                // Only the frame and the callers above it change.
                assertThat(diff.totalDelta(n)).isPositive();
            }
        }
        assertThat(selfFlagged).isNotEmpty().allMatch(n -> diff.frame(n).name().equals(leaf));
        assertThat(selfFlagged).allMatch(n -> diff.significance().selfScore(n) > 0);
    }

    private static int nodeNamed(DiffTree diff, String name) {
        int best = -1;
        for (int n = 0; n < diff.size(); n++) {
            if (diff.frame(n).name().equals(name)
                    && (best < 0 || Math.abs(diff.totalDelta(n)) > Math.abs(diff.totalDelta(best)))) {
                best = n;
            }
        }
        assertThat(best).as("a node named %s", name).isNotNegative();
        return best;
    }

    /** The COMMON FixtureApp node whose total grew most (sign +1) or shrank most (sign -1). */
    private static int extremeCommonAppNode(DiffTree diff, int sign) {
        int best = -1;
        for (int n = 0; n < diff.size(); n++) {
            if (diff.status(n) == NodeStatus.COMMON && diff.frame(n).name().startsWith("fixture/FixtureApp.")
                    && (best < 0 || sign * diff.totalDelta(n) > sign * diff.totalDelta(best))) {
                best = n;
            }
        }
        return best;
    }

    static List<String> flagged(DiffTree diff) {
        List<String> out = new ArrayList<>();
        for (int n = 0; n < diff.size(); n++) {
            if (diff.significance().significant(n) || diff.significance().selfSignificant(n)) {
                out.add(diff.frame(n).name());
            }
        }
        return out;
    }
}
