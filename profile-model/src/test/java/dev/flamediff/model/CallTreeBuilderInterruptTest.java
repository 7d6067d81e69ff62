package dev.flamediff.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Growing the builder's arrays and building the tree stop on an interrupted thread with
 * CancellationException and leave the flag set; a builder interrupted while it grows keeps its
 * nodes, and without an interrupt the same stacks build.
 */
class CallTreeBuilderInterruptTest {

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void buildStopsOnAnInterruptedThread() throws Exception {
        CallTreeBuilder builder = chain(10_000);
        Thread.currentThread().interrupt();
        assertThatThrownBy(builder::build).isInstanceOf(CancellationException.class)
                .hasMessage("building the call tree was interrupted");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void growingStopsOnAnInterruptedThreadAndKeepsTheNodes() throws Exception {
        // The root and 1,023 frames fill the first arrays: the next node makes them grow.
        CallTreeBuilder builder = chain(1023);
        int last = builder.nodeCount() - 1;
        int frame = builder.frameId(Frame.of("f1023"));
        Thread.currentThread().interrupt();
        assertThatThrownBy(() -> builder.child(last, frame)).isInstanceOf(CancellationException.class);
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
        Thread.interrupted();
        assertThat(builder.nodeCount()).isEqualTo(1024);
        assertThat(builder.child(last, frame)).isEqualTo(1024);
        assertThat(builder.build().size()).isEqualTo(1025);
    }

    @Test
    void frameRankingStopsOnAnInterruptedThread() {
        FrameTable.Builder frames = new FrameTable.Builder();
        for (int i = 0; i < 50_000; i++) {
            frames.intern(Frame.of("f" + i));
        }
        Thread.currentThread().interrupt();
        assertThatThrownBy(frames::build).isInstanceOf(CancellationException.class);
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void withoutAnInterruptTheChainBuilds() throws Exception {
        CallTree tree = chain(10_000).build();
        assertThat(tree.size()).isEqualTo(10_001);
        assertThat(tree.grandTotal(0)).isEqualTo(1);
    }

    private static CallTreeBuilder chain(int frames) throws LimitExceededException {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        int[] ids = new int[frames];
        for (int i = 0; i < frames; i++) {
            ids[i] = builder.frameId(Frame.of("f" + i));
        }
        builder.addStack(ids, frames, 1);
        return builder;
    }
}
