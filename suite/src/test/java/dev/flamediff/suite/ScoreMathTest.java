package dev.flamediff.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.flamediff.diff.stats.Distributions;
import org.junit.jupiter.api.Test;

class ScoreMathTest {

    @Test
    void falseAlertOfATwoPercentGateAtTwoPointSixSixPercentCvIsFortyFivePercent() {
        // The figure the issue quotes: 2[1 - Phi(2 / 2.66)] = 2[1 - Phi(0.752)].
        assertThat(ScoreMath.falseAlert(0.02, 0.0266)).isCloseTo(0.452, within(0.001));
        assertThat(ScoreMath.falseAlert(0.02, 0.01)).isCloseTo(0.0455, within(0.0005));
        assertThat(ScoreMath.falseAlert(0.02, 0)).isZero();
        assertThat(ScoreMath.falseAlert(0.02, Double.NaN)).isNaN();
    }

    @Test
    void quantilesInvertTheTails() {
        assertThat(ScoreMath.normalQuantile(0.975)).isCloseTo(1.95996, within(1e-4));
        assertThat(ScoreMath.normalQuantile(0.8)).isCloseTo(0.84162, within(1e-4));
        assertThat(ScoreMath.normalQuantile(0.1)).isCloseTo(-1.28155, within(1e-4));
        // t with 4 degrees of freedom: 4.604 for a two-sided 1%; 9.925 with 2.
        assertThat(ScoreMath.studentTwoSidedQuantile(0.01, 4)).isCloseTo(4.604, within(1e-3));
        assertThat(ScoreMath.studentTwoSidedQuantile(0.01, 2)).isCloseTo(9.925, within(1e-3));
        assertThat(Distributions.studentTwoSided(ScoreMath.studentTwoSidedQuantile(0.05, 7.3), 7.3))
                .isCloseTo(0.05, within(1e-9));
    }

    @Test
    void forksNeededFollowTheNormalApproximation() {
        // 2 (2.576 + 0.842)^2 (0.0266 / 0.02)^2 = 41.3: 42 forks per side to measure 2% at 2.66% CV.
        assertThat(ScoreMath.forksNeeded(0.02, 0.0266, 0.01)).isEqualTo(42);
        assertThat(ScoreMath.forksNeeded(0.5, 0.01, 0.01)).isEqualTo(3);
        assertThat(ScoreMath.forksNeeded(0, 0.01, 0.01)).isEqualTo(Integer.MAX_VALUE);
        assertThat(ScoreMath.forksNeeded(0.02, Double.NaN, 0.01)).isEqualTo(-1);
    }
}
