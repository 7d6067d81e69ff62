package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.Frame;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Deep stacks (runaway recursion) must not overflow the thread stack anywhere in the diff. */
class DeepTreeDiffTest {

    private static final int DEPTH = 10_000;

    @Test
    void tenThousandFrameStacksDiffWithoutRecursion() throws Exception {
        List<Frame> base = new ArrayList<>();
        List<Frame> head = new ArrayList<>();
        for (int i = 0; i < DEPTH; i++) {
            base.add(Frame.of("recurse"));
            head.add(Frame.of(i == DEPTH / 2 ? "fork" : "recurse"));
        }
        var b = RandomProfiles.build(Map.of(base, 7L), "base", List.of(ValueType.SAMPLES));
        var h = RandomProfiles.build(Map.of(head, 5L), "head", List.of(ValueType.SAMPLES));
        DiffTree d = Diffs.diff(b, h, DiffOptions.DEFAULT);
        // Shared prefix of DEPTH/2 frames, then two one-sided chains of DEPTH/2 frames each.
        assertThat(d.size()).isEqualTo(1 + DEPTH / 2 + 2 * (DEPTH - DEPTH / 2));
        assertThat(d.end(0)).isEqualTo(d.size());
        int deepest = d.size() - 1;
        assertThat(d.depth(deepest)).isEqualTo(DEPTH);
        assertThat(d.path(deepest)).hasSize(DEPTH);
        assertThat(d.baseTotal(1)).isEqualTo(7.0);
        assertThat(d.headTotal(1)).isEqualTo(5.0);
        int forkSide = DEPTH / 2 + 1;
        assertThat(d.frame(forkSide).name()).isEqualTo("fork");
        assertThat(d.status(forkSide)).isEqualTo(NodeStatus.ADDED);
        assertThat(d.status(d.nextSibling(forkSide))).isEqualTo(NodeStatus.REMOVED);
    }
}
