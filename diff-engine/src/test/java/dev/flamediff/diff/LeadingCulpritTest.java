package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.IncompatibleProfilesException;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The leading culprit is the one the summary's culprit lists put first, read without the summary. */
class LeadingCulpritTest {

    @Test
    void leadingCulpritIsTheSummarysTopRegressionElseTopImprovement() throws IncompatibleProfilesException {
        Random random = new Random(1516);
        int withRegression = 0;
        int improvementOnly = 0;
        int none = 0;
        for (int i = 0; i < 400; i++) {
            RandomProfiles.Sample base = RandomProfiles.sample(random, "base", 1 + random.nextInt(60), 1 + random.nextInt(6));
            RandomProfiles.Sample head = RandomProfiles.sample(random, "head", 1 + random.nextInt(60), 1 + random.nextInt(6));
            DiffOptions options = DiffOptions.DEFAULT.withReversedStacks(i % 5 == 0);
            DiffTree diff = Diffs.diff(base.profile(), head.profile(), options);
            DiffSummary summary = DiffSummary.of(diff, DiffSummary.DEFAULT_LIMIT);
            List<Culprit> top = !summary.culpritRegressions().isEmpty() ? summary.culpritRegressions()
                    : summary.culpritImprovements();
            Optional<Culprit> expected = top.isEmpty() ? Optional.empty() : Optional.of(top.get(0));
            assertThat(diff.functions().leadingCulprit()).as("diff %d", i).isEqualTo(expected);
            if (!summary.culpritRegressions().isEmpty()) {
                withRegression++;
            } else if (expected.isPresent()) {
                improvementOnly++;
            } else {
                none++;
            }
        }
        // Every branch of the rule is exercised.
        assertThat(withRegression).isPositive();
        assertThat(improvementOnly).isPositive();
        assertThat(none).isPositive();
    }
}
