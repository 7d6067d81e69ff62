package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.Normalization;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunReportTest {

    @Test
    void notesArePrefixedWithTheirInput() throws ProfileException {
        Profile base = profile("base.jfr", ValueType.SAMPLES, 10)
                .withMetadata(ProfileMetadata.of("base.jfr", "jfr", "cpu").withTruncated(true)
                        .withNote("truncated recording, read 3 of 4 chunks"));
        Profile head = profile("head.jfr", ValueType.SAMPLES, 10);
        assertThat(RunReport.notes(List.of(base, head)))
                .containsExactly("base.jfr: truncated recording, read 3 of 4 chunks");
    }

    @Test
    void truncationAndApproximationAreSaidEvenWithoutANote() throws ProfileException {
        Profile base = profile("a", ValueType.SAMPLES, 1).withMetadata(
                ProfileMetadata.of("a.jfr", "jfr", "cpu").withTruncated(true));
        Profile head = profile("b", ValueType.SAMPLES, 1).withMetadata(
                ProfileMetadata.of("b.out", "callgrind", "Ir").withApproximate(true));
        assertThat(RunReport.notes(List.of(base, head))).containsExactly(
                "a.jfr: truncated input, only a part of it was read",
                "b.out: stacks are reconstructed, so approximate");
    }

    @Test
    void summaryShowsRecordedTotalsAndTheChange() throws ProfileException {
        var diff = Diffs.diff(profile("b", ValueType.SAMPLES, 1234), profile("h", ValueType.SAMPLES, 1500),
                DiffOptions.DEFAULT);
        assertThat(RunReport.summary(diff)).isEqualTo("base 1234 samples, head 1500 samples (+21.6%)");
    }

    @Test
    void summaryKeepsRecordedTotalsUnderNormalization() throws ProfileException {
        var diff = Diffs.diff(profile("b", ValueType.SAMPLES, 2971), profile("h", ValueType.SAMPLES, 1774),
                DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL));
        assertThat(RunReport.summary(diff)).isEqualTo("base 2971 samples, head 1774 samples (-40.3%), "
                + "normalization total (base scaled to head's total)");
    }

    @Test
    void summaryNamesOtherUnitsAndAnEmptyBase() throws ProfileException {
        ValueType ir = new ValueType("Ir", "instructions");
        var diff = Diffs.diff(profile("b", ir, 0), profile("h", ir, 394262), DiffOptions.DEFAULT);
        assertThat(RunReport.summary(diff))
                .isEqualTo("base 0 Ir instructions, head 394262 Ir instructions (base is empty)");
    }

    private static Profile profile(String name, ValueType type, long samples) throws ProfileException {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(type));
        if (samples > 0) {
            builder.addStack(List.of(Frame.of("main"), Frame.of("work")), samples);
        }
        return new Profile(builder.build(), ProfileMetadata.of(name, "collapsed", "cpu"));
    }
}
