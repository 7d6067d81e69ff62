package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.CancellationLatency;
import dev.flamediff.model.Profile;
import dev.flamediff.testkit.LargeProfiles;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A diff large enough to take seconds stops soon after its thread is interrupted, wherever the
 * interrupt lands: the union walk, the totals, the node tests (on the common pool), the
 * run-variation estimate, the false-discovery adjustment, the by-function view, the culprits.
 * The target is 100 ms: asserted on the CPU time the diff's thread spends after the interrupt,
 * while the time to stop gets a bound a loaded two-core machine keeps (threads wait there for a
 * core); the report on standard output has both for every point.
 */
@Timeout(900)
class DiffCancellationLatencyTest {

    static final double[] POINTS = {0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85, 0.92};

    @Test
    void aLargeDiffStopsSoonAfterAnInterrupt() throws Exception {
        Profile base = LargeProfiles.random("base", 1);
        Profile head = LargeProfiles.random("head", 2);
        CancellationLatency.Measurement m = CancellationLatency.measure("diff",
                () -> Diffs.diff(base, head, DiffOptions.DEFAULT), POINTS, 100);
        System.out.println(m.describe());
        assertThat(m.violations(CancellationException.class, "the diff was interrupted", 100, 2000))
                .as(m.describe()).isEmpty();
    }
}
