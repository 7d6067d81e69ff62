package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A diff on an interrupted thread stops at the union walk's next check and keeps the flag set. */
@Timeout(60)
class DiffInterruptTest {

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void interruptedDiffThrowsCancellation() {
        Profile base = wide("base", 20_000);
        Profile head = wide("head", 20_000);
        Thread.currentThread().interrupt();
        assertThatThrownBy(() -> Diffs.diff(base, head, DiffOptions.DEFAULT))
                .isInstanceOf(CancellationException.class)
                .hasMessage("the diff was interrupted");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void uninterruptedDiffOfTheSameTreesCompletes() throws Exception {
        Profile base = wide("base", 20_000);
        Profile head = wide("head", 20_000);
        DiffTree d = Diffs.diff(base, head, DiffOptions.DEFAULT);
        assertThat(d.size()).isEqualTo(1 + 1 + 20_000);
    }

    /** main;fN for N below n: a union tree of n + 2 union nodes. */
    private static Profile wide(String source, int n) {
        Map<List<Frame>, Long> stacks = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            stacks.put(List.of(Frame.of("main"), Frame.of("f" + i)), 1L + i % 7);
        }
        return RandomProfiles.build(stacks, source, List.of(ValueType.SAMPLES));
    }
}
