package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.flamediff.model.Frame;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
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

    @Test
    void aForkedPartIsGivenTheCallerAndHandsBackItsResult() {
        // Whichever thread runs it (a pool thread, or the caller when it joins before one took
        // it), the part checks the caller's interrupt.
        Thread caller = Thread.currentThread();
        DiffInterrupts.Forked<String> part = DiffInterrupts.fork(true, given -> given == caller ? "given the caller" : "given " + given);
        assertThat(part.join()).isEqualTo("given the caller");
    }

    @Test
    void theCallerInterruptedWhileItWaitsStopsTheForkedPart() throws Exception {
        // With no pool thread the part would run here, before the interrupter starts.
        assumeThat(java.util.concurrent.ForkJoinPool.getCommonPoolParallelism()).isPositive();
        CountDownLatch started = new CountDownLatch(1);
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        // Set once the test is over, so the part cannot outlive it on the shared pool.
        java.util.concurrent.atomic.AtomicBoolean over = new java.util.concurrent.atomic.AtomicBoolean();
        DiffInterrupts.Forked<Integer> part = DiffInterrupts.fork(true, caller -> {
            ranOn.set(Thread.currentThread());
            started.countDown();
            int i = 1;
            while (!over.get()) {
                DiffInterrupts.checkEvery(i++, caller);
            }
            return i;
        });
        assertThat(started.await(20, TimeUnit.SECONDS)).isTrue();
        if (ranOn.get() == Thread.currentThread()) {
            over.set(true);
        }
        assumeThat(ranOn.get()).as("the part runs on a pool thread").isNotSameAs(Thread.currentThread());
        Thread caller = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
            caller.interrupt();
        });
        interrupter.start();
        try {
            assertThatThrownBy(part::join).isInstanceOf(CancellationException.class).hasMessage("the diff was interrupted");
            assertThat(caller.isInterrupted()).isTrue();
        } finally {
            over.set(true);
            // Cleared first: join would throw at once on the interrupted caller.
            Thread.interrupted();
            interrupter.join();
        }
    }

    @Test
    void aPartNotForkedRunsHereAndNow() {
        Thread caller = Thread.currentThread();
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        DiffInterrupts.Forked<Integer> part = DiffInterrupts.fork(false, given -> {
            ranOn.set(Thread.currentThread());
            return 7;
        });
        assertThat(ranOn.get()).isSameAs(caller);
        assertThat(part.join()).isEqualTo(7);
    }

    @Test
    void aForkedPartsFailureReachesTheCaller() {
        DiffInterrupts.Forked<Integer> part = DiffInterrupts.fork(true, given -> {
            throw new IllegalStateException("a frame the tree lacks");
        });
        assertThatThrownBy(part::join).isInstanceOf(IllegalStateException.class).hasMessageContaining("a frame the tree lacks");
    }

    @Test
    void functionIdsWorkedOutOnThePoolStopWhenTheCallerIsInterrupted() {
        // On the pool, as a large diff's ids are worked out beside its node tests.
        Frame[] frames = new Frame[1 << 18];
        frames[0] = Frame.ROOT;
        for (int n = 1; n < frames.length; n++) {
            frames[n] = Frame.of("f" + (n % 5000));
        }
        Thread.currentThread().interrupt();
        DiffInterrupts.Forked<FunctionIds> ids = DiffInterrupts.fork(true, caller -> FunctionIds.of(UnionFrames.ofNodes(frames), caller));
        assertThatThrownBy(ids::join).isInstanceOf(CancellationException.class).hasMessage("the diff was interrupted");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }
}
