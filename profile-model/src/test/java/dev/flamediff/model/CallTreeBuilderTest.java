package dev.flamediff.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The builder finds a node's children by walking a short sibling list, and through a hash index
 * once a node has more children than that; these tests build trees whose fan-out crosses that
 * switch and compare every path against a plain map of the stacks.
 */
class CallTreeBuilderTest {

    @Test
    void randomStacksGiveOneNodePerDistinctPathWithSummedSelfValues() throws Exception {
        for (long seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            // Alphabets from 1 to 40 names: from long single-child chains to nodes with dozens
            // of children.
            int names = 1 + random.nextInt(40);
            Map<List<Frame>, Long> stacks = new HashMap<>();
            CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES, ValueType.CPU_NANOS));
            for (int s = 0; s < 300; s++) {
                List<Frame> stack = new ArrayList<>();
                int depth = 1 + random.nextInt(6);
                for (int d = 0; d < depth; d++) {
                    stack.add(new Frame("f" + random.nextInt(names),
                            random.nextInt(5) == 0 ? FrameKind.JIT : FrameKind.UNKNOWN));
                }
                long count = 1 + random.nextInt(50);
                stacks.merge(stack, count, Long::sum);
                builder.addStack(stack, count, count * 7);
            }
            CallTree tree = builder.build();

            Map<List<Frame>, Long> self = new HashMap<>();
            self.put(List.of(), 0L);
            for (Map.Entry<List<Frame>, Long> e : stacks.entrySet()) {
                List<Frame> stack = e.getKey();
                for (int i = 0; i < stack.size(); i++) {
                    self.putIfAbsent(stack.subList(0, i), 0L);
                }
                self.merge(stack, e.getValue(), Long::sum);
            }
            assertThat(tree.size()).as("seed %d", seed).isEqualTo(self.size());
            for (int n = 0; n < tree.size(); n++) {
                List<Frame> path = Arrays.asList(tree.path(n));
                assertThat(tree.self(0, n)).as("seed %d path %s", seed, path).isEqualTo(self.get(path));
                assertThat(tree.self(1, n)).isEqualTo(self.get(path) * 7);
                Frame previous = null;
                for (int c = tree.firstChild(n); c >= 0; c = tree.nextSibling(c)) {
                    assertThat(tree.parent(c)).isEqualTo(n);
                    if (previous != null) {
                        assertThat(tree.frame(c)).isGreaterThan(previous);
                    }
                    previous = tree.frame(c);
                }
            }
        }
    }

    @Test
    void childReturnsTheSameNodeForTheSameFrameBeforeAndAfterTheIndexTakesOver() throws Exception {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        int[] ids = new int[50];
        int[] nodes = new int[50];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = builder.frameId(Frame.of("f" + i));
            nodes[i] = builder.child(0, ids[i]);
            for (int j = 0; j <= i; j++) {
                assertThat(builder.child(0, ids[j])).isEqualTo(nodes[j]);
            }
        }
        assertThat(builder.nodeCount()).isEqualTo(51);
    }

    @Test
    void theNodeLimitStillHoldsWhenChildrenAreFoundByList() throws Exception {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES), new TreeLimits(10, 3));
        int a = builder.frameId(Frame.of("a"));
        int b = builder.frameId(Frame.of("b"));
        int c = builder.frameId(Frame.of("c"));
        builder.child(0, a);
        builder.child(0, b);
        assertThat(builder.child(0, a)).isEqualTo(1);
        assertThatThrownBy(() -> builder.child(0, c)).isInstanceOf(LimitExceededException.class);
    }

    @Test
    void addAllOfBuildersInOrderIsOneBuilderOfAllTheStacksFrameIdsIncluded() throws Exception {
        for (long seed = 1; seed <= 30; seed++) {
            Random random = new Random(seed);
            int names = 1 + random.nextInt(30);
            int parts = 1 + random.nextInt(4);
            CallTreeBuilder whole = new CallTreeBuilder(List.of(ValueType.SAMPLES, ValueType.CPU_NANOS));
            List<CallTreeBuilder> split = new ArrayList<>();
            for (int p = 0; p < parts; p++) {
                split.add(new CallTreeBuilder(List.of(ValueType.SAMPLES, ValueType.CPU_NANOS)));
            }
            for (int s = 0; s < 400; s++) {
                List<Frame> stack = new ArrayList<>();
                for (int d = 1 + random.nextInt(6); d > 0; d--) {
                    stack.add(new Frame("f" + random.nextInt(names), random.nextInt(5) == 0 ? FrameKind.JIT : FrameKind.UNKNOWN));
                }
                long count = random.nextInt(50);
                whole.addStack(stack, count, count * 3);
                split.get(s * parts / 400).addStack(stack, count, count * 3);
            }
            CallTreeBuilder merged = split.get(0);
            for (CallTreeBuilder b : split.subList(1, parts)) {
                merged.addAll(b);
            }
            CallTree a = whole.build();
            CallTree b = merged.build();
            assertThat(b.frames().frames()).as("seed %d", seed).isEqualTo(a.frames().frames());
            assertThat(b.size()).isEqualTo(a.size());
            for (int n = 0; n < a.size(); n++) {
                assertThat(new long[] {b.parent(n), b.frameId(n), b.self(0, n), b.self(1, n)}).as("seed %d node %d", seed, n)
                        .containsExactly(a.parent(n), a.frameId(n), a.self(0, n), a.self(1, n));
            }
        }
    }

    @Test
    void addAllKeepsTheLimitsAndRefusesOtherDecimals() throws Exception {
        CallTreeBuilder small = new CallTreeBuilder(List.of(ValueType.SAMPLES), new TreeLimits(10, 3));
        small.addStack(List.of(Frame.of("a")), 1);
        CallTreeBuilder other = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        other.addStack(List.of(Frame.of("b"), Frame.of("c")), 1);
        assertThatThrownBy(() -> small.addAll(other)).isInstanceOf(LimitExceededException.class);
        CallTreeBuilder fractional = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        fractional.raiseDecimals(0, 2);
        assertThatThrownBy(() -> other.addAll(fractional)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> other.addAll(other)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pagesOfAnySizeGiveTheTreeOfOneLargeArray() throws Exception {
        // Small pages put page boundaries everywhere: between a node and its children, inside
        // sibling lists, in the first page's doubling and in the pages after it.
        for (long seed = 1; seed <= 30; seed++) {
            Random random = new Random(seed);
            int names = 1 + random.nextInt(40);
            int shift = random.nextInt(6);
            List<ValueType> types = List.of(ValueType.SAMPLES, ValueType.CPU_NANOS);
            CallTreeBuilder reference = new CallTreeBuilder(types, TreeLimits.NONE, 30);
            CallTreeBuilder paged = new CallTreeBuilder(types, TreeLimits.NONE, shift);
            CallTreeBuilder part = new CallTreeBuilder(types, TreeLimits.NONE, shift);
            for (int s = 0; s < 2000; s++) {
                List<Frame> stack = new ArrayList<>();
                for (int d = 1 + random.nextInt(12); d > 0; d--) {
                    stack.add(Frame.of("f" + random.nextInt(names)));
                }
                long count = random.nextInt(50);
                reference.addStack(stack, count, count * 3);
                (s < 1500 ? paged : part).addStack(stack, count, count * 3);
            }
            paged.addAll(part);
            reference.raiseDecimals(1, 2);
            paged.raiseDecimals(1, 2);
            assertThat(paged.nodeCount()).as("seed %d", seed).isEqualTo(reference.nodeCount());
            CallTree a = reference.build();
            CallTree b = paged.build();
            assertThat(b.frames().frames()).as("seed %d", seed).isEqualTo(a.frames().frames());
            assertThat(b.size()).isEqualTo(a.size());
            for (int n = 0; n < a.size(); n++) {
                assertThat(new long[] {b.parent(n), b.end(n), b.depth(n), b.frameId(n), b.self(0, n), b.self(1, n)})
                        .as("seed %d shift %d node %d", seed, shift, n)
                        .containsExactly(a.parent(n), a.end(n), a.depth(n), a.frameId(n), a.self(0, n), a.self(1, n));
            }
        }
    }

    @Test
    void aTreeOfMorePagesThanOneBuildsAsPathsSay() throws Exception {
        // Two full default pages and a part of a third: 150,001 nodes in chains of ten under 15,000
        // root children, every path given once.
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        int[] ids = new int[10];
        for (int s = 0; s < 15_000; s++) {
            ids[0] = builder.frameId(Frame.of("top" + s));
            for (int d = 1; d < 10; d++) {
                ids[d] = builder.frameId(Frame.of("f" + d));
            }
            builder.addStack(ids, 10, s);
        }
        assertThat(builder.nodeCount()).isEqualTo(150_001);
        CallTree tree = builder.build();
        assertThat(tree.size()).isEqualTo(150_001);
        assertThat(tree.grandTotal(0)).isEqualTo(15_000L * 14_999 / 2);
        for (int c = tree.firstChild(0); c >= 0; c = tree.nextSibling(c)) {
            int s = Integer.parseInt(tree.frame(c).name().substring(3));
            assertThat(tree.end(c) - c).isEqualTo(10);
            assertThat(tree.total(0, c)).isEqualTo(s);
            assertThat(tree.self(0, c + 9)).isEqualTo(s);
            assertThat(tree.frame(c + 9).name()).isEqualTo("f9");
        }
    }

    @Test
    void raisingDecimalsPastTheLongRangeLeavesEveryPageAsItWas() throws Exception {
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES), TreeLimits.NONE, 2);
        for (int s = 0; s < 40; s++) {
            builder.addStack(List.of(Frame.of("a" + s), Frame.of("b")), s == 39 ? Long.MAX_VALUE / 10 : 1);
        }
        assertThatThrownBy(() -> builder.raiseDecimals(0, 2)).isInstanceOf(ArithmeticException.class);
        builder.raiseDecimals(0, 1);
        CallTree tree = builder.build();
        assertThat(tree.valueTypes().get(0).decimals()).isEqualTo(1);
        for (int n = 1; n < tree.size(); n++) {
            String name = tree.frame(n).name();
            if (name.equals("b")) {
                long expected = tree.frame(tree.parent(n)).name().equals("a39") ? Long.MAX_VALUE / 10 * 10 : 10;
                assertThat(tree.self(0, n)).isEqualTo(expected);
            }
        }
    }
}
