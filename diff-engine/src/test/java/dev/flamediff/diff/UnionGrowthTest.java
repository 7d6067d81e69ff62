package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Unions larger than the merger's first arrays (an eighth more than the larger tree), up to
 * nearly both trees' nodes, so the arrays grow by the extrapolated size once or several times:
 * every union node's path and self values against plain maps of the stacks, and no path missing.
 */
class UnionGrowthTest {

    @Test
    void unionsPastTheFirstArraysHoldEveryPathWithItsValues() throws Exception {
        for (long seed = 1; seed <= 12; seed++) {
            Random random = new Random(seed);
            // From heads that share most of base's frames to heads that share none.
            int shared = random.nextInt(101);
            Map<List<String>, Long> baseSelf = new HashMap<>();
            Map<List<String>, Long> headSelf = new HashMap<>();
            Profile base = profile(random, "b", 100, baseSelf);
            Profile head = profile(random, random.nextInt(100) < shared ? "b" : "h", 100, headSelf);
            DiffTree diff = Diffs.diff(base, head, DiffOptions.DEFAULT);
            Map<List<String>, long[]> expected = new HashMap<>();
            expected.put(List.of(), new long[2]);
            addPaths(baseSelf, expected, 0);
            addPaths(headSelf, expected, 1);
            assertThat(diff.size()).as("seed %d", seed).isEqualTo(expected.size());
            for (int n = 0; n < diff.size(); n++) {
                List<String> path = Arrays.stream(diff.path(n)).map(Frame::name).toList();
                long[] values = expected.get(path);
                assertThat(values).as("seed %d path %s", seed, path).isNotNull();
                assertThat(new double[] {diff.baseSelf(n), diff.headSelf(n)}).as("seed %d path %s", seed, path)
                        .containsExactly(values[0], values[1]);
            }
        }
    }

    private static void addPaths(Map<List<String>, Long> self, Map<List<String>, long[]> out, int side) {
        for (Map.Entry<List<String>, Long> e : self.entrySet()) {
            List<String> stack = e.getKey();
            for (int i = 1; i < stack.size(); i++) {
                out.computeIfAbsent(stack.subList(0, i), k -> new long[2]);
            }
            out.computeIfAbsent(stack, k -> new long[2])[side] += e.getValue();
        }
    }

    private static Profile profile(Random random, String prefix, int stacks, Map<List<String>, Long> self)
            throws Exception {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        for (int s = 0; s < stacks * 20; s++) {
            List<String> names = new ArrayList<>();
            // Few names near the root, many below: wide and deep, and distinct paths by the thousand.
            for (int d = 1 + random.nextInt(14); d > 0; d--) {
                names.add(prefix + random.nextInt(names.size() < 2 ? 3 : 40));
            }
            long count = 1 + random.nextInt(9);
            builder.addStack(names.stream().map(Frame::of).toList(), count);
            self.merge(names, count, Long::sum);
        }
        return new Profile(builder.build(), ProfileMetadata.of(prefix, "collapsed", "samples"));
    }
}
