package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.model.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The diff in two halves, {@link Diffs#union} and then {@link UnionTree#test()}, gives the very
 * diff {@link Diffs#diff} gives: every node's frame, values and test bits, the functions and the
 * culprits, tested as often as one likes, with stacks as recorded and reversed.
 */
class UnionTreeTest {

    @ParameterizedTest(name = "seed {0}, {1}+{2} runs, reversed {3}")
    @CsvSource({"1, 1, 1, false", "2, 1, 1, true", "3, 2, 3, false", "4, 3, 1, true", "5, 1, 2, false"})
    void twoHalvesGiveTheWholeDiff(long seed, int baseRuns, int headRuns, boolean reversed) throws Exception {
        Random random = new Random(seed);
        for (int round = 0; round < 5; round++) {
            List<Profile> base = new ArrayList<>();
            List<Profile> head = new ArrayList<>();
            int stacks = round == 4 ? 3_000 : 1 + random.nextInt(200);
            for (int r = 0; r < baseRuns; r++) {
                base.add(RandomProfiles.sample(random, "base" + r, stacks, 1 + random.nextInt(12)).profile());
            }
            for (int r = 0; r < headRuns; r++) {
                head.add(RandomProfiles.sample(random, "head" + r, stacks, 1 + random.nextInt(12)).profile());
            }
            DiffOptions options = DiffOptions.DEFAULT.withReversedStacks(reversed);
            DiffTree whole = Diffs.diff(base, head, options);
            UnionTree union = Diffs.union(base, head, options);
            assertThat(union.size()).isEqualTo(whole.size());
            assertThat(fingerprint(union.test())).isEqualTo(fingerprint(whole));
            assertThat(fingerprint(union.test())).as("tested again").isEqualTo(fingerprint(whole));
        }
    }

    // With one run a side at the recorded scale the sides' values are read from the runs' longs
    // instead of arrays of doubles: the same bits, and the same everything downstream.
    @ParameterizedTest(name = "seed {0}, normalization {1}")
    @CsvSource({"11, NONE", "12, TOTAL", "13, NONE", "14, TOTAL"})
    void valuesReadFromTheRunsAreTheDoublesBitForBit(long seed, Normalization.Mode mode) throws Exception {
        Random random = new Random(seed);
        for (int round = 0; round < 6; round++) {
            int stacks = round == 5 ? 5_000 : 1 + random.nextInt(300);
            Profile base = RandomProfiles.sample(random, "base", stacks, 1 + random.nextInt(15)).profile();
            Profile head = RandomProfiles.sample(random, "head", stacks, 1 + random.nextInt(15)).profile();
            DiffOptions options = mode == Normalization.Mode.TOTAL
                    ? DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL) : DiffOptions.DEFAULT;
            List<String> fromRuns = fingerprint(Diffs.union(List.of(base), List.of(head), options, true).test());
            List<String> fromDoubles = fingerprint(Diffs.union(List.of(base), List.of(head), options, false).test());
            assertThat(fromRuns).isEqualTo(fromDoubles);
            assertThat(fromRuns).isEqualTo(fingerprint(Diffs.diff(base, head, options)));
        }
    }

    @ParameterizedTest(name = "{0} base runs, {1} head runs")
    @CsvSource({"0, 1", "1, 0"})
    void aSideWithoutRunsIsRefused(int baseRuns, int headRuns) {
        Random random = new Random(7);
        List<Profile> base = new ArrayList<>();
        List<Profile> head = new ArrayList<>();
        for (int r = 0; r < baseRuns; r++) {
            base.add(RandomProfiles.sample(random, "base").profile());
        }
        for (int r = 0; r < headRuns; r++) {
            head.add(RandomProfiles.sample(random, "head").profile());
        }
        assertThatThrownBy(() -> Diffs.union(base, head, DiffOptions.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static List<String> fingerprint(DiffTree d) {
        List<String> out = new ArrayList<>();
        out.add(d.base() + " " + d.head() + " " + d.valueType() + " " + d.normalization());
        DiffSignificance s = d.significance();
        for (int n = 0; n < d.size(); n++) {
            out.add(n + " " + d.frame(n) + " " + d.parent(n) + " " + d.end(n) + " " + d.depth(n)
                    + " " + bits(d.baseSelf(n)) + " " + bits(d.headSelf(n)) + " " + bits(d.baseTotal(n))
                    + " " + bits(d.headTotal(n)) + " " + d.status(n)
                    + " " + bits(s.score(n)) + " " + bits(s.pValue(n)) + " " + bits(s.qValue(n))
                    + " " + bits(s.selfScore(n)) + " " + bits(s.selfPValue(n)) + " " + bits(s.selfQValue(n))
                    + " " + s.significant(n) + " " + s.selfSignificant(n));
        }
        d.functions().all().forEach(f -> out.add(f.toString()));
        d.functions().culprits().forEach(c -> out.add(c.toString()));
        return out;
    }

    private static long bits(double v) {
        return Double.doubleToRawLongBits(v);
    }
}
