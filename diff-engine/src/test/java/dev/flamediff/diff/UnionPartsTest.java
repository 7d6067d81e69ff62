package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.testkit.FoldedProfiles;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/**
 * The union walked in parts on several threads ({@link UnionParts}) is the union one walk gives,
 * field for field and bit for bit (ids, frames, parents, depths, ends, run values and counts, the
 * sides' values or their absence, totals, scales), on seeded random runs: one or several per
 * side, values exact and scaled, weighted values with their sample counts (compound Poisson),
 * frames whose kinds merge, and values past the exact limit.
 */
class UnionPartsTest {

    private static final String[] NAMES = {"main", "run", "parse", "sort", "read", "write", "a", "b", "c", "d",
        "e", "f", "g", "h", "loop", "call", "", "Busy$$Lambda.run"};
    private static final FrameKind[] KINDS = {FrameKind.UNKNOWN, FrameKind.JIT, FrameKind.INTERPRETED,
        FrameKind.INLINED, FrameKind.NATIVE, FrameKind.KERNEL, FrameKind.THREAD};

    @Test
    void partsGiveTheUnionOneWalkGives() throws Exception {
        for (long seed = 1; seed <= 120; seed++) {
            Random random = new Random(seed);
            boolean weighted = random.nextBoolean();
            boolean huge = random.nextInt(8) == 0;
            List<ValueType> types = weighted ? List.of(ValueType.CPU_NANOS, ValueType.SAMPLES) : List.of(ValueType.SAMPLES);
            int baseRuns = random.nextInt(3) == 0 ? 1 + random.nextInt(3) : 1;
            int headRuns = random.nextInt(3) == 0 ? 1 + random.nextInt(3) : 1;
            int stacks = 1 + random.nextInt(random.nextBoolean() ? 60 : 1500);
            List<Profile> base = runs(random, "base", baseRuns, stacks, types, huge);
            List<Profile> head = runs(random, "head", headRuns, stacks, types, huge);
            DiffOptions options = DiffOptions.DEFAULT.withExactFrameKinds(random.nextInt(4) == 0);
            options = switch (random.nextInt(3)) {
                case 0 -> options;
                case 1 -> options.withNormalization(Normalization.TOTAL);
                default -> options.withNormalization(Normalization.factors(1 + random.nextInt(3), 0.5));
            };
            ValueType type = types.get(0);
            ValueType countType = weighted ? ValueType.SAMPLES : null;
            NoiseModel model = weighted ? NoiseModel.COMPOUND_POISSON : NoiseModel.POISSON;
            boolean allowExact = random.nextInt(4) != 0;
            UnionTree one = new UnionTreeMerger(base, head, type, countType, model, options, allowExact,
                    Long.MAX_VALUE).merge();
            UnionTree parts = new UnionTreeMerger(base, head, type, countType, model, options, allowExact, 0).merge();
            assertSame(one, parts, "seed " + seed);
        }
    }

    @Test
    void aMergeInPartsStopsWhenItsThreadIsInterrupted() {
        Random random = new Random(7);
        List<Profile> base = runs(random, "base", 1, 800, List.of(ValueType.SAMPLES), false);
        List<Profile> head = runs(random, "head", 1, 800, List.of(ValueType.SAMPLES), false);
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> new UnionTreeMerger(base, head, ValueType.SAMPLES, null, NoiseModel.POISSON,
                    DiffOptions.DEFAULT, true, 0).merge())
                    .isInstanceOf(CancellationException.class).hasMessage(DiffInterrupts.MESSAGE);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    /** Every field of both unions, arrays element by element (doubles by their bits). */
    private static void assertSame(UnionTree expected, UnionTree actual, String what) throws Exception {
        for (Field field : UnionTree.class.getDeclaredFields()) {
            field.setAccessible(true);
            Object e = comparable(field.get(expected));
            Object a = comparable(field.get(actual));
            assertThat(Objects.deepEquals(e, a)).as("%s: %s", what, field.getName()).isTrue();
        }
        assertThat(actual.size()).as(what).isGreaterThan(0);
    }

    /** The nodes' frames as their slots and the frames in them, which deep equality compares. */
    private static Object comparable(Object value) {
        if (!(value instanceof UnionFrames frames)) {
            return value;
        }
        int[] slots = new int[frames.size()];
        Frame[] table = new Frame[frames.slots()];
        for (int n = 0; n < slots.length; n++) {
            slots[n] = frames.slot(n);
        }
        for (int s = 0; s < table.length; s++) {
            table[s] = frames.frameInSlot(s);
        }
        return new Object[] {slots, table};
    }

    private static List<Profile> runs(Random random, String side, int count, int stacks, List<ValueType> types,
                                      boolean huge) {
        List<Profile> runs = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            Map<List<Frame>, long[]> values = new LinkedHashMap<>();
            for (int s = 0; s < stacks; s++) {
                List<Frame> stack = new ArrayList<>();
                // Few names near the root, more below: subtrees of every size, some of them large.
                for (int d = 1 + random.nextInt(12); d > 0; d--) {
                    String name = NAMES[random.nextInt(stack.size() < 2 ? 3 : NAMES.length)];
                    FrameKind kind = random.nextInt(3) == 0 ? KINDS[random.nextInt(KINDS.length)] : FrameKind.UNKNOWN;
                    stack.add(new Frame(name, kind));
                }
                long samples = 1 + random.nextInt(random.nextBoolean() ? 3 : 200);
                long value = huge ? (1L << 50) + random.nextInt(1000) : samples * (1 + random.nextInt(20_000));
                long[] v = types.size() == 2 ? new long[] {value, samples} : new long[] {huge ? value : samples};
                values.merge(List.copyOf(stack), v, (x, y) -> {
                    long[] sum = x.clone();
                    for (int i = 0; i < sum.length; i++) {
                        sum[i] += y[i];
                    }
                    return sum;
                });
            }
            runs.add(FoldedProfiles.of(ProfileMetadata.of(side + r, "test", "cpu"), types, values));
        }
        return runs;
    }
}
