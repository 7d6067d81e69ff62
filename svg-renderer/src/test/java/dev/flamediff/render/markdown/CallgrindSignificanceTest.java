package dev.flamediff.render.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.diff.RunVariation;
import dev.flamediff.diff.SummaryEntry;
import dev.flamediff.fixtures.FixtureFiles;
import org.junit.jupiter.api.Test;

/**
 * The fixture program's callgrind recordings (fixtures/callgrind): instruction counts are exact,
 * so one run per side flags the slower parse_records and the faster compute_checksum, and no
 * run-to-run variation enters (it is not measured either).
 */
class CallgrindSignificanceTest {

    @Test
    void theSlowerParsingAndTheFasterChecksumAreSignificant() throws Exception {
        DiffTree diff = Diffs.diff(Profiles.read(FixtureFiles.path("callgrind/callgrind.out.base"), ReadOptions.DEFAULT),
                Profiles.read(FixtureFiles.path("callgrind/callgrind.out.head"), ReadOptions.DEFAULT), DiffOptions.DEFAULT);

        assertThat(diff.significance().noiseModel()).isEqualTo(NoiseModel.EXACT);
        assertThat(diff.significance().runVariationDetails().measured()).isFalse();
        DiffSummary summary = DiffSummary.of(diff, 50);
        assertThat(summary.selfRegressions()).extracting(e -> e.frame().name()).contains("parse_records");
        assertThat(summary.selfImprovements()).extracting(e -> e.frame().name()).contains("compute_checksum");
        assertThat(summary.selfRegressions()).allMatch(SummaryEntry::significant);
        assertThat(diff.significance().runVariationDetails().source()).isEqualTo(RunVariation.Source.FALLBACK);
    }
}
