package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.IncompatibleProfilesException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/**
 * The passes that sum per function give the very same bits in parts on several threads as in one
 * pass on the calling thread: the function sums, the one-sided call edges, and the whole
 * by-function view with its culprits, on seeded random diffs (few functions, so recursion and
 * repeated edges are common) and on the shipped collapsed pair.
 */
class FunctionPartsTest {

    private static final int[] PARTS = {2, 3, 7};

    @Test
    void functionSumsAreTheSameBitsInAnyParts() throws IncompatibleProfilesException {
        Random random = new Random(20261202);
        for (int trial = 0; trial < 150; trial++) {
            DiffTree diff = randomDiff(random, trial);
            int functions = 1 + random.nextInt(trial % 3 == 0 ? 3 : 40);
            int[] function = randomFunctions(random, diff.size(), functions);
            RunValues runs = diff.nodeSignificance().runs();
            FunctionSums one = FunctionSums.of(diff, runs, function, functions, FunctionParts.single(functions));
            for (int parts : PARTS) {
                FunctionSums split = FunctionSums.of(diff, runs, function, functions,
                        FunctionParts.dealt(nodesOf(function, functions), parts));
                assertSameBits(split, one, "trial " + trial + " parts " + parts);
            }
        }
    }

    @Test
    void oneSidedEdgesAreTheSameInAnyParts() throws IncompatibleProfilesException {
        Random random = new Random(20261203);
        for (int trial = 0; trial < 150; trial++) {
            DiffTree diff = randomDiff(random, trial);
            int functions = 1 + random.nextInt(trial % 3 == 0 ? 3 : 40);
            int[] function = randomFunctions(random, diff.size(), functions);
            boolean[] one = CulpritAnchors.oneSidedEdges(diff, function, functions);
            for (int parts : PARTS) {
                assertThat(CulpritAnchors.oneSidedEdges(diff, function, functions,
                        FunctionParts.dealt(nodesOf(function, functions), parts)))
                        .as("trial %d parts %d", trial, parts).isEqualTo(one);
            }
        }
    }

    @Test
    void theFunctionTableIsTheSameInAnyParts() throws IOException, IncompatibleProfilesException {
        Random random = new Random(20261204);
        List<DiffTree> diffs = new ArrayList<>();
        for (int trial = 0; trial < 40; trial++) {
            diffs.add(randomDiff(random, trial));
        }
        Profile base = fixture("base.collapsed");
        Profile head = fixture("head.collapsed");
        diffs.add(Diffs.diff(base, head, DiffOptions.DEFAULT));
        diffs.add(Diffs.diff(List.of(base, fixture("base2.collapsed")), List.of(head), DiffOptions.DEFAULT));
        for (DiffTree diff : diffs) {
            FunctionTable one = FunctionTable.of(diff, diff.nodeSignificance(), nodes -> FunctionParts.single(nodes.length));
            assertThat(describe(diff, diff.functions())).isEqualTo(describe(diff, one));
            for (int parts : PARTS) {
                FunctionTable split = FunctionTable.of(diff, diff.nodeSignificance(),
                        nodes -> FunctionParts.dealt(nodes, parts));
                assertThat(describe(diff, split)).as("size %d parts %d", diff.size(), parts)
                        .isEqualTo(describe(diff, one));
            }
        }
        assertThat(diffs.get(diffs.size() - 2).functions().culprits()).isNotEmpty();
    }

    @Test
    void frameAndFunctionIdsAreGivenInOrderOfFirstAppearance() throws IncompatibleProfilesException {
        // The ids are looked up per frame slot; the oracle looks up every node's frame.
        Random random = new Random(20261205);
        for (int trial = 0; trial < 150; trial++) {
            DiffTree diff = randomDiff(random, trial);
            FunctionIds ids = FunctionIds.of(diff);
            Map<Frame, Integer> frameIndex = new HashMap<>();
            Map<List<Object>, Integer> functionIndex = new HashMap<>();
            List<Frame> firstInstance = new ArrayList<>();
            List<Integer> nodesOfFunction = new ArrayList<>();
            String as = "trial " + trial;
            assertThat(ids.function[0]).as(as).isEqualTo(-1);
            for (int n = 1; n < diff.size(); n++) {
                Frame f = diff.frame(n);
                Integer index = frameIndex.get(f);
                if (index == null) {
                    index = frameIndex.size();
                    frameIndex.put(f, index);
                    firstInstance.add(f);
                }
                int function = functionIndex.computeIfAbsent(
                        List.of(f.name(), FrameMatch.matchGroup(f.kind())), k -> functionIndex.size());
                if (function == nodesOfFunction.size()) {
                    nodesOfFunction.add(0);
                }
                nodesOfFunction.set(function, nodesOfFunction.get(function) + 1);
                assertThat(ids.frames.frameOfNode()[n]).as(as).isEqualTo(index);
                assertThat(ids.function[n]).as(as).isEqualTo(function);
            }
            assertThat(ids.nodesOfFunction).as(as)
                    .containsExactly(nodesOfFunction.stream().mapToInt(Integer::intValue).toArray());
            assertThat(ids.frames.distinct()).as(as).hasSize(firstInstance.size());
            for (int i = 0; i < firstInstance.size(); i++) {
                // The instance met first in pre-order.
                assertThat(ids.frames.distinct()[i]).as(as).isSameAs(firstInstance.get(i));
            }
        }
    }

    @Test
    void partsHoldAboutAsManyNodesEach() {
        FunctionParts parts = FunctionParts.dealt(new int[] {50, 10, 10, 10, 10, 10, 1}, 2);
        long[] load = new long[2];
        int[] nodes = {50, 10, 10, 10, 10, 10, 1};
        for (int f = 0; f < nodes.length; f++) {
            load[parts.partOf(f)] += nodes[f];
        }
        assertThat(load).containsExactlyInAnyOrder(50, 51);
        assertThat(FunctionParts.forDiff(nodes, FunctionParts.PARALLEL_THRESHOLD - 1).count()).isEqualTo(1);
        assertThatThrownBy(() -> FunctionParts.dealt(nodes, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPartOnAPoolThreadStopsOnTheCallersInterrupt() {
        FunctionParts parts = FunctionParts.dealt(new int[] {1, 1}, 2);
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> parts.forEach((part, caller) -> DiffInterrupts.checkEvery(0, caller)))
                    .isInstanceOf(CancellationException.class).hasMessage(DiffInterrupts.MESSAGE);
        } finally {
            assertThat(Thread.interrupted()).isTrue();
        }
    }

    private static DiffTree randomDiff(Random random, int trial) throws IncompatibleProfilesException {
        int stacks = 1 + random.nextInt(trial % 5 == 0 ? 2_000 : 150);
        int depth = 1 + random.nextInt(12);
        Profile base = RandomProfiles.sample(random, "base", stacks, depth).profile();
        Profile head = RandomProfiles.sample(random, "head", stacks, depth).profile();
        if (trial % 4 == 1) {
            Profile base2 = RandomProfiles.sample(random, "base2", stacks, depth).profile();
            return Diffs.diff(List.of(base, base2), List.of(head), DiffOptions.DEFAULT);
        }
        return Diffs.diff(base, head, trial % 4 == 2 ? DiffOptions.DEFAULT.withEstimatedRunVariation() : DiffOptions.DEFAULT);
    }

    private static int[] randomFunctions(Random random, int size, int functions) {
        int[] function = new int[size];
        function[0] = -1;
        for (int n = 1; n < size; n++) {
            function[n] = random.nextInt(functions);
        }
        return function;
    }

    private static int[] nodesOf(int[] function, int functions) {
        int[] nodes = new int[functions];
        for (int n = 1; n < function.length; n++) {
            nodes[function[n]]++;
        }
        return nodes;
    }

    private static void assertSameBits(FunctionSums actual, FunctionSums expected, String as) {
        assertThat(actual.inclusive).as(as).isEqualTo(expected.inclusive);
        assertThat(actual.self).as(as).isEqualTo(expected.self);
        assertThat(actual.inclusiveSamples).as(as).isEqualTo(expected.inclusiveSamples);
        assertThat(actual.selfSamples).as(as).isEqualTo(expected.selfSamples);
        assertThat(bits(actual.inclusiveVariance)).as(as).isEqualTo(bits(expected.inclusiveVariance));
        assertThat(bits(actual.selfVariance)).as(as).isEqualTo(bits(expected.selfVariance));
        assertThat(bits(actual.baseInclusive)).as(as).isEqualTo(bits(expected.baseInclusive));
        assertThat(bits(actual.headInclusive)).as(as).isEqualTo(bits(expected.headInclusive));
        assertThat(bits(actual.baseSelf)).as(as).isEqualTo(bits(expected.baseSelf));
        assertThat(bits(actual.headSelf)).as(as).isEqualTo(bits(expected.headSelf));
        assertThat(bits(actual.inclusiveSystem)).as(as).isEqualTo(bits(expected.inclusiveSystem));
        assertThat(bits(actual.selfSystem)).as(as).isEqualTo(bits(expected.selfSystem));
        assertThat(actual.paths).as(as).isEqualTo(expected.paths);
        assertThat(actual.frame).as(as).isEqualTo(expected.frame);
        assertThat(actual.topmost).as(as).isEqualTo(expected.topmost);
    }

    private static long[] bits(double[] values) {
        if (values == null) {
            return null;
        }
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Double.doubleToRawLongBits(values[i]);
        }
        return out;
    }

    /** Everything the view tells: functions (records compare their doubles' bits), per node, culprits. */
    private static List<Object> describe(DiffTree diff, FunctionTable table) {
        List<Object> out = new ArrayList<>(table.all());
        for (int f = 0; f < table.size(); f++) {
            out.add(Arrays.toString(table.nodesOf(f)));
        }
        for (int n = 0; n < diff.size(); n++) {
            out.add(table.indexOf(n) + ":" + table.partOfSignificantChange(n)
                    + table.underSignificantChange(n, 1) + table.underSignificantChange(n, -1));
        }
        out.addAll(table.culprits());
        return out;
    }

    private static Profile fixture(String name) throws IOException {
        Map<List<Frame>, Long> stacks = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("..", "fixtures", "collapsed", name))) {
            int space = line.lastIndexOf(' ');
            if (line.isBlank() || space < 0) {
                continue;
            }
            List<Frame> stack = new ArrayList<>();
            for (String f : line.substring(0, space).split(";")) {
                stack.add(new Frame(f, FrameKind.UNKNOWN));
            }
            stacks.merge(List.copyOf(stack), Long.parseLong(line.substring(space + 1).trim()), Long::sum);
        }
        return RandomProfiles.build(stacks, name, List.of(ValueType.SAMPLES));
    }
}
