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
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RunReportTest {

    @Test
    void theChangeIsWhatFormatterWrites() {
        Random random = new Random(20261201);
        for (int i = 0; i < 200_000; i++) {
            double pct = switch (i % 4) {
                case 0 -> (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(9) - 3);
                // Ties of the first decimal, and the doubles next to them.
                case 1 -> (random.nextInt(2_000_001) - 1_000_000 + 0.5) / 10;
                case 2 -> Math.nextUp((random.nextInt(20_001) - 10_000 + 0.5) / 10);
                default -> (random.nextInt(2_000_001) - 1_000_000) / 100.0 * 100 / 100;
            };
            assertThat(RunReport.signedPercent(pct)).as("%s", pct)
                    .isEqualTo(String.format(Locale.ROOT, "%+.1f%%", pct));
        }
        for (double pct : new double[] {0.0, -0.0, -0.04, 0.05, 0.15, 0.25, 0.35, -0.05, 99.95, 1e-300, -1e-300, 1e17,
                Double.MAX_VALUE, Double.MIN_VALUE, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertThat(RunReport.signedPercent(pct)).as("%s", pct)
                    .isEqualTo(String.format(Locale.ROOT, "%+.1f%%", pct));
        }
    }

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
