package dev.flamediff.collect.callgrind;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Laws over seeded random programs: a random "true" call tree is written as callgrind would
 * write it, both with caller contexts and as a plain call graph (with callgrind's nested
 * recursive call costs), and read back.
 */
class CallgrindLawsTest {

    private static final int ROUNDS = 200;

    /** A true call tree: stacks (root first, ';'-joined) with self costs for two events. */
    private static Map<String, long[]> randomTree(Random random, int functions) {
        Map<String, long[]> stacks = new LinkedHashMap<>();
        grow(random, "f" + random.nextInt(functions), functions, 1, stacks);
        return stacks;
    }

    private static void grow(Random random, String stack, int functions, int depth, Map<String, long[]> out) {
        out.put(stack, new long[] {random.nextInt(1000), random.nextInt(50)});
        int children = depth >= 6 ? 0 : random.nextInt(4);
        for (int c = 0; c < children; c++) {
            String child = stack + ";f" + random.nextInt(functions);
            if (!out.containsKey(child)) {
                grow(random, child, functions, depth + 1, out);
            }
        }
    }

    private static long[] total(Map<String, long[]> stacks, String prefix) {
        long[] t = new long[2];
        stacks.forEach((s, v) -> {
            if (s.equals(prefix) || s.startsWith(prefix + ";")) {
                t[0] += v[0];
                t[1] += v[1];
            }
        });
        return t;
    }

    /** Writes the tree with --separate-callers names: function, then callers nearest first. */
    private static String withContexts(Map<String, long[]> stacks) {
        StringBuilder sb = new StringBuilder("# callgrind format\nevents: Ir Dr\n");
        int id = 1;
        for (Map.Entry<String, long[]> e : stacks.entrySet()) {
            List<String> frames = new ArrayList<>(List.of(e.getKey().split(";")));
            java.util.Collections.reverse(frames);
            sb.append("fn=(").append(id++).append(") ").append(String.join("'", frames)).append('\n');
            sb.append("1 ").append(e.getValue()[0]).append(' ').append(e.getValue()[1]).append('\n');
        }
        return sb.toString();
    }

    /** Writes the tree as a plain call graph: self per function, inclusive cost per call edge. */
    private static String asCallGraph(Map<String, long[]> stacks) {
        Map<String, long[]> self = new TreeMap<>();
        Map<String, Map<String, long[]>> calls = new TreeMap<>();
        for (Map.Entry<String, long[]> e : stacks.entrySet()) {
            String[] frames = e.getKey().split(";");
            String f = frames[frames.length - 1];
            long[] s = self.computeIfAbsent(f, k -> new long[2]);
            s[0] += e.getValue()[0];
            s[1] += e.getValue()[1];
            self.computeIfAbsent(f, k -> new long[2]);
            if (frames.length > 1) {
                // Every call is one interval; recursive calls nest, so their costs add up nested, as in callgrind.
                long[] t = total(stacks, e.getKey());
                long[] c = calls.computeIfAbsent(frames[frames.length - 2], k -> new TreeMap<>())
                        .computeIfAbsent(f, k -> new long[2]);
                c[0] += t[0];
                c[1] += t[1];
            }
        }
        Map<String, Integer> ids = new HashMap<>();
        StringBuilder sb = new StringBuilder("events: Ir Dr\n");
        for (String f : self.keySet()) {
            sb.append("fn=").append(name(ids, f)).append('\n');
            sb.append("1 ").append(self.get(f)[0]).append(' ').append(self.get(f)[1]).append('\n');
            for (Map.Entry<String, long[]> c : calls.getOrDefault(f, Map.of()).entrySet()) {
                sb.append("cfn=").append(name(ids, c.getKey())).append("\ncalls=1 +1\n* ")
                        .append(c.getValue()[0]).append(' ').append(c.getValue()[1]).append('\n');
            }
        }
        return sb.toString();
    }

    private static String name(Map<String, Integer> ids, String f) {
        Integer id = ids.get(f);
        if (id != null) {
            return "(" + id + ")";
        }
        ids.put(f, ids.size() + 1);
        return "(" + ids.size() + ") " + f;
    }

    private static Map<String, Long> expectedStacks(Map<String, long[]> stacks, int event) {
        Map<String, Long> out = new TreeMap<>();
        for (String s : stacks.keySet()) {
            out.put(s, total(stacks, s)[event]);
        }
        return out;
    }

    @Test
    void callerContextNamesReadBackTheTrueTree() throws Exception {
        Random random = new Random(42);
        for (int round = 0; round < ROUNDS; round++) {
            Map<String, long[]> truth = randomTree(random, 8);
            var tree = CallgrindText.read(withContexts(truth)).tree();
            for (int v = 0; v < 2; v++) {
                Map<String, Long> actual = CallgrindFixtures.stacks(tree, v);
                actual.values().removeIf(x -> x == 0);
                Map<String, Long> expected = expectedStacks(truth, v);
                expected.values().removeIf(x -> x == 0);
                assertThat(actual).as("round %d", round).isEqualTo(expected);
            }
        }
    }

    @Test
    void proportionalExpansionKeepsTheTotalOfEveryEventWhateverTheRecursion() throws Exception {
        Random random = new Random(7);
        for (int round = 0; round < ROUNDS; round++) {
            // Few function names: recursion and cycles in most rounds.
            Map<String, long[]> truth = randomTree(random, 4);
            var profile = CallgrindText.read(asCallGraph(truth));
            long[] all = total(truth, truth.keySet().iterator().next());
            assertThat(profile.tree().total(0, 0)).as("round %d", round).isEqualTo(all[0]);
            assertThat(profile.tree().total(1, 0)).as("round %d", round).isEqualTo(all[1]);
            assertThat(profile.metadata().approximate()).isEqualTo(truth.size() > 1);
            for (String stack : CallgrindFixtures.stacks(profile.tree(), 0).keySet()) {
                String[] frames = stack.split(";");
                assertThat(new java.util.HashSet<>(List.of(frames))).as("round %d: %s", round, stack).hasSize(frames.length);
            }
        }
    }

    @Test
    void proportionalExpansionIsExactWhenEveryFunctionHasOneCaller() throws Exception {
        Random random = new Random(11);
        for (int round = 0; round < ROUNDS; round++) {
            // A distinct name for every stack: a call graph that is a tree loses nothing.
            Map<String, long[]> truth = randomTree(random, 8);
            Map<String, String> nameOf = new HashMap<>();
            truth.keySet().forEach(stack -> nameOf.put(stack, "n" + nameOf.size()));
            Map<String, long[]> unique = new LinkedHashMap<>();
            truth.forEach((stack, v) -> {
                String[] frames = stack.split(";");
                List<String> path = new ArrayList<>();
                for (int i = 0; i < frames.length; i++) {
                    path.add(nameOf.get(String.join(";", List.of(frames).subList(0, i + 1))));
                }
                unique.put(String.join(";", path), v);
            });
            var tree = CallgrindText.read(asCallGraph(unique)).tree();
            for (int v = 0; v < 2; v++) {
                Map<String, Long> actual = CallgrindFixtures.stacks(tree, v);
                actual.values().removeIf(x -> x == 0);
                Map<String, Long> expected = expectedStacks(unique, v);
                expected.values().removeIf(x -> x == 0);
                assertThat(actual).as("round %d", round).isEqualTo(expected);
            }
        }
    }

    @Test
    void apportionedSharesAddUpAndStayWithinOneOfTheExactShare() {
        Random random = new Random(3);
        for (int round = 0; round < 2000; round++) {
            int n = 1 + random.nextInt(6);
            long[] parts = new long[n];
            long sum = 0;
            for (int i = 0; i < n; i++) {
                parts[i] = random.nextInt(4) == 0 ? 0 : (long) (random.nextDouble() * (round % 3 == 0 ? 1e15 : 1000));
                sum += parts[i];
            }
            long amount = (long) (random.nextDouble() * (round % 5 == 0 ? 4e18 : 10000));
            long[] shares = Apportion.split(amount, parts);
            if (sum == 0) {
                assertThat(shares).containsOnly(0L);
                continue;
            }
            assertThat(java.util.Arrays.stream(shares).sum()).isEqualTo(amount);
            for (int i = 0; i < n; i++) {
                double exact = (double) amount * parts[i] / sum;
                assertThat((double) shares[i]).isBetween(Math.floor(exact) - exact * 1e-12 - 1, Math.ceil(exact) + exact * 1e-12 + 1);
            }
        }
    }
}
