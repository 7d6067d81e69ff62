package dev.flamediff.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A builder given whole stacks lays its tree out by sorting them ({@link BufferedStacks}); the
 * tree must be the one its linked nodes give (the path every node-level call takes), array for
 * array: the same pre-order, frames, depths, subtree ends and values.
 */
class BufferedStacksTest {

    private static final List<ValueType> TYPES = List.of(ValueType.SAMPLES, ValueType.CPU_NANOS);

    /** Stacks over a small alphabet, so they share prefixes, repeat, and are prefixes of others. */
    private static List<int[]> stacks(Random random, int count, int names, int maxDepth) {
        List<int[]> stacks = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            int[] stack = new int[random.nextInt(maxDepth + 1)];
            for (int d = 0; d < stack.length; d++) {
                stack[d] = random.nextInt(names);
            }
            stacks.add(stack);
            if (random.nextInt(4) == 0) {
                stacks.add(stack.clone());
            }
            if (stack.length > 1 && random.nextInt(4) == 0) {
                stacks.add(java.util.Arrays.copyOf(stack, random.nextInt(stack.length)));
            }
        }
        java.util.Collections.shuffle(stacks, random);
        return stacks;
    }

    /** Builds the stacks' tree, by the buffer or (with {@code nodes}) by the linked nodes. */
    private static CallTree build(List<int[]> stacks, int names, boolean nodes, TreeLimits limits, long seed)
            throws LimitExceededException {
        CallTreeBuilder builder = new CallTreeBuilder(TYPES, limits);
        Random random = new Random(seed);
        // Frames interned in a shuffled order, so frame ids are not ranks.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < names; i++) {
            order.add(i);
        }
        java.util.Collections.shuffle(order, random);
        int[] id = new int[names];
        for (int name : order) {
            id[name] = builder.frameId(new Frame("f" + name, name % 3 == 0 ? FrameKind.JIT : FrameKind.UNKNOWN));
        }
        if (nodes) {
            builder.nodeCount();
        }
        for (int[] stack : stacks) {
            int[] ids = new int[stack.length + 3];
            for (int d = 0; d < stack.length; d++) {
                ids[d] = id[stack[d]];
            }
            long count = 1 + random.nextInt(40);
            builder.addStack(ids, stack.length, count, count * 1000 + stack.length);
        }
        return builder.build();
    }

    private static void assertSameTree(CallTree actual, CallTree expected, String what) {
        assertThat(actual.size()).as(what).isEqualTo(expected.size());
        for (int n = 0; n < expected.size(); n++) {
            assertThat(actual.parent(n)).as("%s node %d parent", what, n).isEqualTo(expected.parent(n));
            assertThat(actual.frameId(n)).as("%s node %d frame", what, n).isEqualTo(expected.frameId(n));
            assertThat(actual.end(n)).as("%s node %d end", what, n).isEqualTo(expected.end(n));
            assertThat(actual.depth(n)).as("%s node %d depth", what, n).isEqualTo(expected.depth(n));
            for (int v = 0; v < TYPES.size(); v++) {
                assertThat(actual.self(v, n)).as("%s node %d self", what, n).isEqualTo(expected.self(v, n));
                assertThat(actual.total(v, n)).as("%s node %d total", what, n).isEqualTo(expected.total(v, n));
            }
        }
    }

    @Test
    void sortedStacksGiveTheTreeTheLinkedNodesGive() throws Exception {
        for (long seed = 1; seed <= 300; seed++) {
            Random random = new Random(seed);
            int names = 1 + random.nextInt(seed % 3 == 0 ? 3 : 60);
            int maxDepth = 1 + random.nextInt(seed % 5 == 0 ? 200 : 12);
            List<int[]> stacks = stacks(random, random.nextInt(400), names, maxDepth);
            CallTree expected = build(stacks, names, true, TreeLimits.DEFAULT, seed);
            CallTree actual = build(stacks, names, false, TreeLimits.DEFAULT, seed);
            assertSameTree(actual, expected, "seed " + seed);
        }
    }

    @Test
    void aFullBufferHandsItsStacksToTheNodesAndTheTreeIsTheSame() throws Exception {
        for (long seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            List<int[]> stacks = stacks(random, 300, 20, 10);
            CallTree expected = build(stacks, 20, true, TreeLimits.DEFAULT, seed);
            // The buffer holds at most the node limit's frames less one: a limit just above the
            // tree's size fills it part way through.
            TreeLimits tight = TreeLimits.DEFAULT.withMaxNodes(expected.size());
            assertSameTree(build(stacks, 20, false, tight, seed), expected, "seed " + seed);
        }
    }

    @Test
    void limitsAreTheNodesOwn() throws Exception {
        Random random = new Random(7);
        List<int[]> stacks = stacks(random, 300, 20, 10);
        int size = build(stacks, 20, true, TreeLimits.DEFAULT, 7).size();
        TreeLimits fewer = TreeLimits.DEFAULT.withMaxNodes(size - 1);
        assertThatThrownBy(() -> build(stacks, 20, false, fewer, 7))
                .isInstanceOf(LimitExceededException.class)
                .hasMessage("more than the limit of " + (size - 1) + " call-tree nodes");
        int deepest = stacks.stream().mapToInt(s -> s.length).max().orElseThrow();
        TreeLimits shallower = TreeLimits.DEFAULT.withMaxDepth(deepest - 1);
        assertThatThrownBy(() -> build(stacks, 20, false, shallower, 7))
                .isInstanceOf(LimitExceededException.class)
                .hasMessage("stack deeper than the limit of " + (deepest - 1) + " frames");
    }

    @Test
    void nodeCallsAfterBufferedStacksSeeThem() throws Exception {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        int a = builder.frameId(new Frame("a", FrameKind.JIT));
        int b = builder.frameId(new Frame("b", FrameKind.JIT));
        builder.addStack(new int[] {a, b}, 2, 5);
        assertThat(builder.nodeCount()).isEqualTo(3);
        int nodeA = builder.child(0, a);
        builder.addSelf(nodeA, 0, 2);
        builder.addStack(new int[] {a, b}, 2, 1);
        CallTree tree = builder.build();
        assertThat(tree.size()).isEqualTo(3);
        assertThat(tree.self(0, 1)).isEqualTo(2);
        assertThat(tree.self(0, 2)).isEqualTo(6);
    }

    @Test
    void aDeepChainIsSortedWithoutRecursion() throws Exception {
        // Thousands of stacks sharing a prefix 16,000 frames deep.
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        int[] ids = new int[16_001];
        for (int d = 0; d < 16_000; d++) {
            ids[d] = builder.frameId(new Frame("f" + (d % 7), FrameKind.JIT));
        }
        for (int s = 0; s < 2000; s++) {
            ids[16_000] = builder.frameId(new Frame("leaf" + s, FrameKind.JIT));
            builder.addStack(ids, 16_001, 1);
        }
        CallTree tree = builder.build();
        assertThat(tree.size()).isEqualTo(1 + 16_000 + 2000);
        assertThat(tree.total(0, 0)).isEqualTo(2000);
        assertThat(tree.end(1)).isEqualTo(tree.size());
    }

    @Test
    void theMergeSortTheSortFallsBackOnGivesTheSameTree() throws Exception {
        for (long seed = 1; seed <= 100; seed++) {
            Random random = new Random(seed);
            int names = 1 + random.nextInt(30);
            List<int[]> stacks = stacks(random, random.nextInt(300), names, 1 + random.nextInt(15));
            CallTree expected = build(stacks, names, true, TreeLimits.DEFAULT, seed);
            // Slack 0: every range longer than the insertion sort's is merge sorted.
            FrameTable.Builder frames = new FrameTable.Builder();
            Random order = new Random(seed);
            List<Integer> shuffled = new ArrayList<>();
            for (int i = 0; i < names; i++) {
                shuffled.add(i);
            }
            java.util.Collections.shuffle(shuffled, order);
            int[] id = new int[names];
            for (int name : shuffled) {
                id[name] = frames.intern(new Frame("f" + name, name % 3 == 0 ? FrameKind.JIT : FrameKind.UNKNOWN));
            }
            BufferedStacks buffer = new BufferedStacks(TYPES.size(), Integer.MAX_VALUE - 8, 0);
            for (int[] stack : stacks) {
                int[] ids = new int[stack.length];
                for (int d = 0; d < stack.length; d++) {
                    ids[d] = id[stack[d]];
                }
                long count = 1 + order.nextInt(40);
                assertThat(buffer.add(ids, stack.length, new long[] {count, count * 1000 + stack.length})).isTrue();
            }
            assertSameTree(buffer.tree(frames.build(), TYPES), expected, "seed " + seed);
        }
    }

    @Test
    void stacksMadeToCollideGoToTheNodesAndGiveTheSameTree() throws Exception {
        // Three-frame stacks whose polynomial hash (31-based) is the same: 961a + 31b + c = 40000.
        List<int[]> stacks = new ArrayList<>();
        for (int a = 0; a < 40 && stacks.size() < 2000; a++) {
            for (int b = 0; b < 1200 && stacks.size() < 2000; b++) {
                int c = 40_000 - 961 * a - 31 * b;
                if (c >= 0 && c < 1300) {
                    stacks.add(new int[] {a, b, c});
                }
            }
        }
        assertThat(stacks).hasSizeGreaterThan(500);
        // Frame ids 0 to 1,299 in name order, so the ids collide as the names do.
        CallTreeBuilder nodes = new CallTreeBuilder(TYPES);
        CallTreeBuilder buffered = new CallTreeBuilder(TYPES);
        BufferedStacks buffer = new BufferedStacks(TYPES.size(), Integer.MAX_VALUE - 8);
        for (int i = 0; i < 1300; i++) {
            Frame frame = new Frame("f" + i, FrameKind.JIT);
            nodes.frameId(frame);
            buffered.frameId(frame);
        }
        nodes.nodeCount();
        boolean refused = false;
        for (int[] stack : stacks) {
            nodes.addStack(stack, 3, 1, 2);
            buffered.addStack(stack, 3, 1, 2);
            refused |= !buffer.add(stack, 3, new long[] {1, 2});
        }
        assertThat(refused).as("a run of colliding hashes stops the buffering").isTrue();
        assertSameTree(buffered.build(), nodes.build(), "colliding stacks");
    }
}
