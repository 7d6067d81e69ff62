package dev.flamediff.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class StackReverserTest {

    private static Profile profile(Map<String, Long> stacks) throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        for (Map.Entry<String, Long> e : stacks.entrySet()) {
            List<Frame> frames = new ArrayList<>();
            for (String name : e.getKey().split(";")) {
                frames.add(Frame.of(name));
            }
            b.addStack(frames, e.getValue());
        }
        return new Profile(b.build(), ProfileMetadata.of("t", "test", "cpu"));
    }

    private static Map<String, Long> stacks(CallTree tree) {
        Map<String, Long> out = new TreeMap<>();
        for (int n = 1; n < tree.size(); n++) {
            if (tree.self(0, n) != 0) {
                List<String> names = new ArrayList<>();
                for (Frame f : tree.path(n)) {
                    names.add(f.name());
                }
                out.merge(String.join(";", names), tree.self(0, n), Long::sum);
            }
        }
        return out;
    }

    @Test
    void callersOfOneLeafAreMergedUnderIt() throws Exception {
        Profile p = profile(Map.of("main;a;hot", 5L, "main;b;hot", 3L, "main;b", 2L));

        Profile r = StackReverser.reverse(p);

        assertThat(stacks(r.tree())).containsExactly(
                Map.entry("b;main", 2L), Map.entry("hot;a;main", 5L), Map.entry("hot;b;main", 3L));
        assertThat(r.tree().grandTotal(0)).isEqualTo(10);
        assertThat(r.metadata().notes()).contains("stacks reversed: leaf frames at the root");
    }

    @Test
    void reversingTwiceGivesTheSameStacksOnRandomProfiles() throws Exception {
        Random random = new Random(7);
        for (int round = 0; round < 100; round++) {
            Map<String, Long> in = new TreeMap<>();
            for (int s = 0; s < 20; s++) {
                List<String> frames = new ArrayList<>();
                for (int d = 0; d <= random.nextInt(6); d++) {
                    frames.add("f" + random.nextInt(5));
                }
                in.merge(String.join(";", frames), 1L + random.nextInt(50), Long::sum);
            }
            Profile p = profile(in);
            assertThat(stacks(StackReverser.reverse(StackReverser.reverse(p)).tree())).isEqualTo(stacks(p.tree()));
        }
    }
}
