package dev.flamediff.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The child index against a plain map of (parent, frame) to child: seeded random puts, overwrites
 * and lookups, present and absent, over parents and frames from a handful of values (so keys share
 * a parent or a frame and collide) to the whole int range, while the table grows from its
 * smallest size.
 */
class ChildIndexTest {

    @Test
    void randomPutsAndLookupsAgreeWithAPlainMap() {
        for (long seed = 1; seed <= 200; seed++) {
            Random random = new Random(seed);
            int nodeRange = random.nextBoolean() ? 1 + random.nextInt(50) : Integer.MAX_VALUE;
            int frameRange = random.nextBoolean() ? 1 + random.nextInt(50) : Integer.MAX_VALUE;
            ChildIndex index = new ChildIndex(random.nextInt(40));
            Map<Long, Integer> reference = new HashMap<>();
            int operations = 1 + random.nextInt(5000);
            for (int op = 0; op < operations; op++) {
                int node = random.nextInt(nodeRange);
                int frame = random.nextInt(frameRange);
                long key = (long) node << 32 | frame;
                if (random.nextInt(3) == 0) {
                    int child = random.nextInt(Integer.MAX_VALUE);
                    index.put(node, frame, child);
                    reference.put(key, child);
                } else {
                    assertThat(index.get(node, frame)).as("seed %d op %d", seed, op)
                            .isEqualTo(reference.getOrDefault(key, -1));
                }
                assertThat(index.size()).isEqualTo(reference.size());
            }
            for (Map.Entry<Long, Integer> e : reference.entrySet()) {
                long key = e.getKey();
                assertThat(index.get((int) (key >>> 32), (int) key)).as("seed %d", seed).isEqualTo(e.getValue());
            }
        }
    }

    @Test
    void theSameFrameUnderAnotherParentIsAnotherChild() {
        ChildIndex index = new ChildIndex(1);
        index.put(0, 7, 1);
        index.put(1, 7, 2);
        index.put(7, 0, 3);
        assertThat(index.get(0, 7)).isEqualTo(1);
        assertThat(index.get(1, 7)).isEqualTo(2);
        assertThat(index.get(7, 0)).isEqualTo(3);
        assertThat(index.get(0, 0)).isEqualTo(-1);
        assertThat(index.get(7, 7)).isEqualTo(-1);
    }
}
