package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Cancellation out of the diff's parallel blocks keeps its message, whichever thread noticed it. */
@Timeout(60)
class DiffInterruptsTest {

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void aCancellationNoticedOnAPoolThreadReachesTheCallerWithItsMessage() throws Exception {
        Thread caller = Thread.currentThread();
        CountDownLatch poolBlockRan = new CountDownLatch(1);
        // A pool thread interrupts the caller and notices it at its next block, while the
        // caller is still busy in a block of its own: the pool thread's exception is the one the
        // stream reports (before, as a copy without a message).
        assertThatThrownBy(() -> DiffInterrupts.forEachBlock(64, true, b -> {
            if (Thread.currentThread() != caller) {
                caller.interrupt();
                poolBlockRan.countDown();
            } else {
                try {
                    poolBlockRan.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                long until = System.nanoTime() + 300_000_000L;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
        })).isInstanceOf(CancellationException.class).hasMessage("the diff was interrupted");
        assumeThat(poolBlockRan.getCount()).as("a pool thread ran a block").isZero();
        assertThat(caller.isInterrupted()).isTrue();
    }

    @Test
    void aLargeParallelAdjustmentStopsWithTheDiffsMessage() {
        double[] p = new double[1 << 20];
        for (int i = 0; i < p.length; i++) {
            p[i] = (i * 0x9E3779B97F4A7C15L >>> 11) * 0x1.0p-53;
        }
        Thread.currentThread().interrupt();
        assertThatThrownBy(() -> DiffInterrupts.adjust(p))
                .isInstanceOf(CancellationException.class).hasMessage("the diff was interrupted");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }
}
