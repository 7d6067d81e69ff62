package dev.flamediff.diff.significance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.NodeStatus;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.diff.Normalization;
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

    @Test
    void aProfileAgainstItselfFlagsNothingAndEveryPIsOne() throws IncompatibleProfilesException {
        DiffTree diff = Diffs.diff(BASE.profile("base"), BASE.profile("base"), DiffOptions.DEFAULT);

        assertThat(diff.noiseModel()).isEqualTo(NoiseModel.POISSON);
        for (int n = 0; n < diff.size(); n++) {
            assertThat(diff.significant(n)).isFalse();
            assertThat(diff.selfSignificant(n)).isFalse();
            assertThat(diff.pValue(n)).isEqualTo(1.0);
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

    @Test
    void theRunToRunTermCostsDetectionPower() throws IncompatibleProfilesException {
        // The assumed run-to-run variation keeps a second recording of base quiet, and costs
        // power on real changes: without it, base against head flags more.
        DiffOptions options = DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL);

        DiffTree assumed = Diffs.diff(BASE.profile("base"), HEAD.profile("head"), options);
        DiffTree samplingOnly = Diffs.diff(BASE.profile("base"), HEAD.profile("head"), options.withRunVariation(0));

        assertThat(flagged(samplingOnly)).hasSizeGreaterThan(flagged(assumed).size())
                .anyMatch(name -> name.endsWith("FixtureApp.parseRecords"));
    }

    @Test
    void theRealChangesOfTheHeadProgramAreFlagged() throws IncompatibleProfilesException {
        DiffTree diff = Diffs.diff(BASE.profile("base"), HEAD.profile("head"),
                DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL));

        List<String> flagged = flagged(diff);
        // head's parseRecords and computeChecksum keep their names: one frame each, on both sides.
        // parseRecords' own growth (about 5x) stays below the level with one run per side and the
        // assumed 40% run variation; its new callee, where the time went, is flagged.
        assertThat(flagged).anyMatch(name -> name.endsWith("FixtureApp.splitWithRegex"));
        assertThat(flagged).anyMatch(name -> name.endsWith("FixtureApp.computeChecksum"));
        int slower = nodeNamed(diff, "fixture/FixtureApp.parseRecords");
        assertThat(diff.status(slower)).isEqualTo(NodeStatus.COMMON);
        assertThat(diff.significance(slower)).isPositive();
        assertThat(slower).isEqualTo(extremeCommonAppNode(diff, +1));
        int faster = nodeNamed(diff, "fixture/FixtureApp.computeChecksum");
        assertThat(diff.status(faster)).isEqualTo(NodeStatus.COMMON);
        assertThat(diff.selfSignificance(faster)).isNegative();
        assertThat(faster).isEqualTo(extremeCommonAppNode(diff, -1));
    }

    @Test
    void anInjectedRegressionIsFlaggedAndNothingUnrelated() throws IncompatibleProfilesException {
        // One run per side must beat the assumed 40% run-to-run variation: a large change.
        assertOnlyInjectedFrameFlagged(12, DiffOptions.DEFAULT);
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
            if (diff.selfSignificant(n)) {
                selfFlagged.add(n);
            }
            if (diff.significant(n)) {
                // Only the frame and the callers above it change.
                assertThat(diff.totalDelta(n)).isPositive();
            }
        }
        assertThat(selfFlagged).isNotEmpty().allMatch(n -> diff.frame(n).name().equals(leaf));
        assertThat(selfFlagged).allMatch(n -> diff.selfSignificance(n) > 0);
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
            if (diff.significant(n) || diff.selfSignificant(n)) {
                out.add(diff.frame(n).name());
            }
        }
        return out;
    }
}
