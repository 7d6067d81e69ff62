package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.model.Frame;
import dev.flamediff.model.IncompatibleProfilesException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A diff's summary is built once and shared by every caller and thread; a build stopped by an
 * interrupt keeps nothing, so the next caller builds the whole summary again.
 */
@Timeout(60)
class DiffSummaryOnceTest {

    private static final int FRAMES = 20_000;

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void everyCallerGetsTheOneSummaryEqualToAFreshBuild() {
        DiffTree diff = diff(DiffOptions.DEFAULT);
        DiffSummary first = diff.summary();
        assertThat(diff.summary()).isSameAs(first);
        assertThat(DiffSummary.of(diff)).isSameAs(first);
        DiffSummary fresh = DiffSummary.of(diff, DiffSummary.DEFAULT_LIMIT);
        assertThat(fresh).isNotSameAs(first).isEqualTo(first);
        assertThat(first.selfRegressions()).isNotEmpty();
        assertThat(first.culpritRegressions()).isNotEmpty();
    }

    @Test
    void reversedStacksShareTheRecordedDiffsSummary() {
        DiffTree reversed = diff(DiffOptions.DEFAULT.withReversedStacks(true));
        assertThat(reversed.asRecorded()).isNotSameAs(reversed);
        assertThat(reversed.summary()).isSameAs(reversed.asRecorded().summary());
        assertThat(reversed.summary()).isEqualTo(DiffSummary.of(diff(DiffOptions.DEFAULT), DiffSummary.DEFAULT_LIMIT));
    }

    @Test
    void threadsAskingAtOnceGetOneInstance() throws Exception {
        DiffTree diff = diff(DiffOptions.DEFAULT);
        int threads = 6;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<DiffSummary>> asked = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                asked.add(pool.submit(() -> {
                    start.await();
                    return diff.summary();
                }));
            }
            start.countDown();
            DiffSummary first = asked.get(0).get(30, TimeUnit.SECONDS);
            for (Future<DiffSummary> f : asked) {
                assertThat(f.get(30, TimeUnit.SECONDS)).isSameAs(first);
            }
            assertThat(diff.summary()).isSameAs(first);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anInterruptedBuildKeepsNothingAndTheNextCallerBuildsItAgain() {
        DiffTree diff = diff(DiffOptions.DEFAULT);
        Thread.currentThread().interrupt();
        // The build starts on the interrupted thread and stops at its first check, past 4096 nodes.
        assertThatThrownBy(diff::summary)
                .isInstanceOf(CancellationException.class)
                .hasMessage("the diff was interrupted");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
        assertThatThrownBy(diff::summary).isInstanceOf(CancellationException.class);
        Thread.interrupted();
        DiffSummary summary = diff.summary();
        assertThat(summary).isEqualTo(DiffSummary.of(diff, DiffSummary.DEFAULT_LIMIT));
        assertThat(diff.summary()).isSameAs(summary);
        // Once built, an interrupted caller has no work left to stop.
        Thread.currentThread().interrupt();
        assertThat(diff.summary()).isSameAs(summary);
    }

    @Test
    void aFailedBuildIsTriedAgainByTheNextCaller() {
        AtomicInteger builds = new AtomicInteger();
        DiffSummary built = diff(DiffOptions.DEFAULT).summary();
        SummaryMemo memo = new SummaryMemo(() -> {
            if (builds.incrementAndGet() == 1) {
                throw DiffInterrupts.cancelled();
            }
            return built;
        });
        assertThatThrownBy(memo::get).isInstanceOf(CancellationException.class);
        assertThat(memo.get()).isSameAs(built);
        assertThat(memo.get()).isSameAs(built);
        assertThat(builds).hasValue(2);
    }

    @Test
    void waitersShareTheBuildInProgressAndAnInterruptedWaiterStopsWaiting() throws Exception {
        DiffSummary built = diff(DiffOptions.DEFAULT).summary();
        AtomicInteger builds = new AtomicInteger();
        CountDownLatch building = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        SummaryMemo memo = new SummaryMemo(() -> {
            builds.incrementAndGet();
            building.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            return built;
        });
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<DiffSummary> builder = pool.submit(memo::get);
            assertThat(building.await(30, TimeUnit.SECONDS)).isTrue();
            Future<DiffSummary> waiter = pool.submit(memo::get);
            Future<Throwable> interrupted = pool.submit(() -> {
                Thread.currentThread().interrupt();
                try {
                    memo.get();
                    return null;
                } catch (CancellationException e) {
                    return Thread.currentThread().isInterrupted() ? e : new AssertionError("flag cleared", e);
                }
            });
            assertThat(interrupted.get(30, TimeUnit.SECONDS))
                    .isInstanceOf(CancellationException.class)
                    .hasMessage("the diff was interrupted");
            release.countDown();
            assertThat(builder.get(30, TimeUnit.SECONDS)).isSameAs(built);
            assertThat(waiter.get(30, TimeUnit.SECONDS)).isSameAs(built);
            assertThat(memo.get()).isSameAs(built);
            assertThat(builds).hasValue(1);
        } finally {
            pool.shutdownNow();
        }
    }

    /** main;work;fN for N below FRAMES, head a hundred times heavier in f1 to f5. */
    private static DiffTree diff(DiffOptions options) {
        try {
            return Diffs.diff(wide("base", 1), wide("head", 100), options);
        } catch (IncompatibleProfilesException e) {
            throw new AssertionError(e);
        }
    }

    private static Profile wide(String source, long hot) {
        Map<List<Frame>, Long> stacks = new LinkedHashMap<>();
        for (int i = 0; i < FRAMES; i++) {
            long weight = (1L + i % 7) * (i >= 1 && i <= 5 ? hot : 1);
            stacks.put(List.of(Frame.of("main"), Frame.of("work"), Frame.of("f" + i)), weight);
        }
        return RandomProfiles.build(stacks, source, List.of(ValueType.SAMPLES));
    }
}
