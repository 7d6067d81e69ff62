package dev.flamediff.diff.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The log-gamma look-up must return the very bits {@link Distributions#logGamma} computes. */
class LogGammaTableTest {

    @Test
    void everyWholeArgumentAndOneHalfGiveTheComputedBits() {
        for (int i = 1; i <= 10_000; i++) {
            assertThat(Double.doubleToRawLongBits(Distributions.cachedLogGamma(i))).as("x %d", i)
                    .isEqualTo(Double.doubleToRawLongBits(Distributions.logGamma(i)));
        }
        assertThat(Distributions.cachedLogGamma(0.5)).isEqualTo(Distributions.logGamma(0.5));
        assertThat(Distributions.cachedLogGamma(0.5)).isCloseTo(0.5 * Math.log(Math.PI), org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void otherArgumentsAreComputed() {
        Random random = new Random(3);
        for (int n = 0; n < 10_000; n++) {
            double x = random.nextDouble() * (random.nextBoolean() ? 10 : 1e7);
            assertThat(Double.doubleToRawLongBits(Distributions.cachedLogGamma(x))).as("x %s", x)
                    .isEqualTo(Double.doubleToRawLongBits(Distributions.logGamma(x)));
        }
        assertThat(Distributions.cachedLogGamma(4095.5)).isEqualTo(Distributions.logGamma(4095.5));
        assertThat(Distributions.cachedLogGamma(1e9)).isEqualTo(Distributions.logGamma(1e9));
    }
}
