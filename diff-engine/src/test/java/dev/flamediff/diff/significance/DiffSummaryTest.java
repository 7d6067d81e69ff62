package dev.flamediff.diff.significance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.diff.Normalization;
import dev.flamediff.diff.SummaryEntry;
import dev.flamediff.model.Frame;
import dev.flamediff.model.IncompatibleProfilesException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiffSummaryTest {

    private static final FoldedStacks BASE = FoldedStacks.fixture("base.collapsed");
    private static final FoldedStacks HEAD = FoldedStacks.fixture("head.collapsed");
    private static final String CHECKSUM = "fixture/FixtureApp.computeChecksum";
    private static final String PARSE = "fixture/FixtureApp.parseRecords";

    @Test
    void baseVersusHeadRanksTheRealChanges() throws IncompatibleProfilesException {
        DiffTree diff = Diffs.diff(BASE.profile("base"), HEAD.profile("head"),
                DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL));

        DiffSummary summary = DiffSummary.of(diff, 5);

        assertThat(names(summary.selfImprovements())).first().isEqualTo(CHECKSUM);
        // parseRecords keeps its name in head and calls a slower helper: the top path regression
        // runs through it into that new callee, and neither changed method counts as added or removed.
        SummaryEntry top = summary.totalRegressions().get(0);
        assertThat(frameNames(top.path())).contains(PARSE);
        assertThat(top.frame().name()).isEqualTo("fixture/FixtureApp.splitWithRegex");
        assertThat(names(summary.added())).contains("fixture/FixtureApp.splitWithRegex").doesNotContain(PARSE, CHECKSUM);
        assertThat(names(summary.removed())).doesNotContain(PARSE, CHECKSUM);
        assertThat(summary.selfImprovements()).allMatch(e -> e.significant() && e.delta() < 0 && e.aggregatesPaths());
        assertThat(summary.totalRegressions()).allMatch(e -> e.significant() && e.delta() > 0 && !e.aggregatesPaths());
        assertThat(summary.selfImprovements()).isSortedAccordingTo(
                (a, b) -> Double.compare(Math.abs(b.impact()), Math.abs(a.impact())));
        assertThat(summary.selfRegressions().size()).isLessThanOrEqualTo(5);
        assertThat(summary.overall().baseRuns()).isEqualTo(1);
        assertThat(summary.overall().relative()).isCloseTo(0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(summary.gate().enabled()).isFalse();
        assertThat(summary.gate().failed()).isFalse();
    }

    @Test
    void aMethodSlowerOnEveryPathIsRankedByItsSummedSelf() throws IncompatibleProfilesException {
        String frame = "java/util/TimSort.binarySort";
        FoldedStacks head = BASE.scale(s -> FoldedStacks.leafOf(s).equals(frame), 20);
        DiffTree diff = Diffs.diff(BASE.profile("base"), head.profile("head"), DiffOptions.DEFAULT);

        DiffSummary summary = DiffSummary.of(diff);

        SummaryEntry top = summary.selfRegressions().get(0);
        assertThat(top.frame().name()).isEqualTo(frame);
        double samples = BASE.leafSamples(frame);
        assertThat(top.base()).isEqualTo(samples);
        assertThat(top.head()).isCloseTo(20 * samples, org.assertj.core.api.Assertions.within(samples * 0.05));
        assertThat(top.impact()).isCloseTo(19 * samples / BASE.total(), org.assertj.core.api.Assertions.within(0.01));
        assertThat(summary.selfImprovements()).isEmpty();
    }

    @Test
    void theGateFailsOnASignificantFrameRegressionAndSaysWhy() throws IncompatibleProfilesException {
        FoldedStacks head = BASE.scale(s -> FoldedStacks.leafOf(s).equals(CHECKSUM), 12);
        DiffOptions options = DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withAnyFrame(0.05));

        DiffSummary summary = DiffSummary.of(Diffs.diff(BASE.profile("base"), head.profile("head"), options));

        assertThat(summary.gate().failed()).isTrue();
        assertThat(summary.gate().reasons()).anyMatch(r -> r.startsWith(CHECKSUM + " grew by +"));
    }

    @Test
    void withThreeRunsAWholeProfileRegressionFailsTheGate() throws IncompatibleProfilesException {
        // Three runs per side measure the run-to-run spread of the totals, so a 25% growth can be told
        // from noise (with df = 4, 10% may not: see GateFalseAlarmTest for the other side).
        java.util.Random random = new java.util.Random(17);
        FoldedStacks[] base = new FoldedStacks[3];
        FoldedStacks[] head = new FoldedStacks[3];
        for (int r = 0; r < 3; r++) {
            base[r] = BASE.resample(random);
            head[r] = BASE.resample(random, s -> true, 1.25);
        }
        DiffOptions options = DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withWholeProfile(0.02).withFixedWork(true));

        DiffSummary summary = DiffSummary.of(Diffs.diff(FoldedStacks.profiles("base", base),
                FoldedStacks.profiles("head", head), options));

        assertThat(summary.overall().baseRuns()).isEqualTo(3);
        assertThat(summary.overall().baseVariation()).isBetween(0.0, 0.1);
        assertThat(summary.gate().reasons()).singleElement().asString().startsWith("the whole profile grew +");
    }

    @Test
    void theGatePassesAboveItsThreshold() throws IncompatibleProfilesException {
        FoldedStacks head = BASE.scale(s -> FoldedStacks.leafOf(s).equals(CHECKSUM), 12);
        DiffOptions options = DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withAnyFrame(5.0).withWholeProfile(5.0).withFixedWork(true));

        DiffSummary summary = DiffSummary.of(Diffs.diff(BASE.profile("base"), head.profile("head"), options));

        assertThat(summary.gate().enabled()).isTrue();
        assertThat(summary.gate().failed()).isFalse();
    }

    @Test
    void noiseNeverFailsTheGateEvenAtZeroThresholds() throws IncompatibleProfilesException {
        FoldedStacks base2 = FoldedStacks.exists("base2.collapsed") ? FoldedStacks.fixture("base2.collapsed")
                : BASE.resample(new java.util.Random(5));
        DiffOptions options = DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withAnyFrame(0).withWholeProfile(0).withFixedWork(true));

        DiffSummary summary = DiffSummary.of(Diffs.diff(BASE.profile("base"), base2.profile("base2"), options));

        assertThat(summary.gate().reasons()).isEmpty();
        assertThat(summary.selfRegressions()).isEmpty();
        assertThat(summary.belowNoise()).isPositive();
    }

    private static List<String> names(List<SummaryEntry> entries) {
        return entries.stream().map(e -> e.frame().name()).toList();
    }

    private static List<String> frameNames(List<Frame> frames) {
        return frames.stream().map(Frame::name).toList();
    }
}
