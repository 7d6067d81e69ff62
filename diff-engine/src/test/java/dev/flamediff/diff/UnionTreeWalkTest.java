package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The union walk compares frames as precomputed int ranks; this checks it against a plain walk
 * that compares the frames themselves (the merge as it was written first), on seeded random trees
 * whose frames differ only in kind often enough to merge several nodes of one tree.
 */
class UnionTreeWalkTest {

    private static final String[] NAMES = {"main", "run", "parse", "a", "b", "c", ""};
    /** Every kind: those that merge (unknown, interpreted, JIT...) and those that do not. */
    private static final FrameKind[] KINDS = FrameKind.values();

    @Test
    void visitsTheSameNodesInTheSameOrderAsAFrameComparingWalk() {
        for (long seed = 1; seed <= 300; seed++) {
            Random random = new Random(seed);
            int k = 1 + random.nextInt(4);
            CallTree[] trees = new CallTree[k];
            for (int t = 0; t < k; t++) {
                trees[t] = randomTree(random);
            }
            for (boolean exact : new boolean[] {false, true}) {
                List<String> expected = new ReferenceWalk(trees, exact).walk();
                List<String> actual = new ArrayList<>();
                new UnionTreeWalk(trees, exact).walk((parent, nodes, from, to) -> {
                    actual.add(visit(parent, nodes, from, to));
                    return actual.size() - 1;
                });
                assertThat(actual).as("seed %d, k %d, exact kinds %s", seed, k, exact).isEqualTo(expected);
            }
        }
    }

    @Test
    void framesThatDifferOnlyInAMergingKindShareOneUnionNode() {
        CallTree base = tree(Map.of(List.of(new Frame("m", FrameKind.JIT)), 1L,
                List.of(new Frame("m", FrameKind.INTERPRETED)), 2L));
        CallTree head = tree(Map.of(List.of(new Frame("m", FrameKind.C1)), 3L,
                List.of(new Frame("m", FrameKind.KERNEL)), 4L));
        List<String> visits = new ArrayList<>();
        new UnionTreeWalk(new CallTree[] {base, head}, false).walk((parent, nodes, from, to) -> {
            visits.add(visit(parent, nodes, from, to));
            return visits.size() - 1;
        });
        // m_[0] and m_[j] of base with m_[1] of head; head's kernel frame m alone.
        assertThat(visits).containsExactly("-1 [0] [0]", "0 [1, 2] [1]", "0 [] [2]");
    }

    private static String visit(int parent, int[] nodes, int[] from, int[] to) {
        StringBuilder out = new StringBuilder().append(parent);
        for (int t = 0; t < from.length; t++) {
            out.append(' ').append(Arrays.toString(Arrays.copyOfRange(nodes, from[t], to[t])));
        }
        return out.toString();
    }

    private static CallTree randomTree(Random random) {
        Map<List<Frame>, Long> stacks = new LinkedHashMap<>();
        int count = random.nextInt(40);
        for (int s = 0; s < count; s++) {
            List<Frame> stack = new ArrayList<>();
            int depth = 1 + random.nextInt(5);
            for (int d = 0; d < depth; d++) {
                stack.add(new Frame(NAMES[random.nextInt(NAMES.length)], KINDS[random.nextInt(KINDS.length)]));
            }
            stacks.merge(stack, 1L + random.nextInt(9), Long::sum);
        }
        return tree(stacks);
    }

    private static CallTree tree(Map<List<Frame>, Long> stacks) {
        return RandomProfiles.build(stacks, "t", List.of(ValueType.SAMPLES)).tree();
    }

    /** The first merge walk: children gathered per node, compared as frames, boxed sort. */
    private static final class ReferenceWalk {
        private final CallTree[] trees;
        private final boolean exact;
        private final List<String> visits = new ArrayList<>();

        ReferenceWalk(CallTree[] trees, boolean exact) {
            this.trees = trees;
            this.exact = exact;
        }

        List<String> walk() {
            int[][] root = new int[trees.length][];
            Arrays.fill(root, new int[] {0});
            visit(-1, root);
            return visits;
        }

        private void visit(int parent, int[][] match) {
            int[] nodes = Arrays.stream(match).flatMapToInt(Arrays::stream).toArray();
            int[] from = new int[match.length];
            int[] to = new int[match.length];
            for (int t = 0, n = 0; t < match.length; t++) {
                from[t] = n;
                n += match[t].length;
                to[t] = n;
            }
            visits.add(UnionTreeWalkTest.visit(parent, nodes, from, to));
            int id = visits.size() - 1;
            int k = trees.length;
            int[][] kids = new int[k][];
            int[] at = new int[k];
            for (int t = 0; t < k; t++) {
                kids[t] = childrenInKeyOrder(trees[t], match[t]);
            }
            while (true) {
                Frame smallest = null;
                for (int t = 0; t < k; t++) {
                    if (at[t] < kids[t].length) {
                        Frame f = trees[t].frame(kids[t][at[t]]);
                        if (smallest == null || key(f, smallest) < 0) {
                            smallest = f;
                        }
                    }
                }
                if (smallest == null) {
                    return;
                }
                int[][] childMatch = new int[k][];
                for (int t = 0; t < k; t++) {
                    int start = at[t];
                    while (at[t] < kids[t].length && key(trees[t].frame(kids[t][at[t]]), smallest) == 0) {
                        at[t]++;
                    }
                    childMatch[t] = Arrays.copyOfRange(kids[t], start, at[t]);
                }
                visit(id, childMatch);
            }
        }

        private int key(Frame a, Frame b) {
            return FrameMatch.compare(a, b, exact);
        }

        private int[] childrenInKeyOrder(CallTree tree, int[] nodes) {
            List<Integer> out = new ArrayList<>();
            for (int node : nodes) {
                for (int c = tree.firstChild(node); c >= 0; c = tree.nextSibling(c)) {
                    out.add(c);
                }
            }
            if (nodes.length > 1) {
                out.sort((a, b) -> {
                    int byKey = key(tree.frame(a), tree.frame(b));
                    return byKey != 0 ? byKey : Integer.compare(a, b);
                });
            }
            return out.stream().mapToInt(Integer::intValue).toArray();
        }
    }
}
