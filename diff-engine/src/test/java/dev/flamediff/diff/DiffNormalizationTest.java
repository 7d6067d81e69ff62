package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Normalization modes and several runs per side, against values computed from the raw stacks. */
class DiffNormalizationTest {

    private static final int ROUNDS = 200;

    private record NormalizationTwin(Normalization.Mode mode, double baseFactor, double headFactor) {
    }

    @Test
    void toStringIsTheRecordOne() {
        // Normalization writes its toString out (the generated one costs an invokedynamic bootstrap).
        Random random = new Random(12);
        for (int i = 0; i < 200; i++) {
            Normalization.Mode mode = Normalization.Mode.values()[random.nextInt(3)];
            double base = i % 3 == 0 ? 1 : random.nextDouble() * 1e3 + 1e-9;
            double head = i % 5 == 0 ? 2 : Math.scalb(random.nextDouble() + 0.5, random.nextInt(80) - 40);
            assertThat(new Normalization(mode, base, head).toString())
                    .isEqualTo(new NormalizationTwin(mode, base, head).toString().replace("NormalizationTwin[", "Normalization["));
        }
    }

    @Test
    void noneKeepsRawValuesAndRecordsScaleOne() throws Exception {
        Random random = new Random(11);
        for (int round = 0; round < ROUNDS; round++) {
            RandomProfiles.Sample a = RandomProfiles.sample(random, "a");
            RandomProfiles.Sample b = RandomProfiles.sample(random, "b");
            DiffTree d = Diffs.diff(a.profile(), b.profile(), DiffOptions.DEFAULT);
            assertThat(d.normalization()).isEqualTo(Normalization.NONE);
            assertThat(d.base().scale()).isEqualTo(1.0);
            assertThat(d.head().scale()).isEqualTo(1.0);
            assertThat(d.base().total()).isEqualTo((double) RandomProfiles.total(a.stacks(), List.of()));
            assertThat(d.head().total()).isEqualTo((double) RandomProfiles.total(b.stacks(), List.of()));
        }
    }

    @Test
    void totalScalesBaseSoItsGrandTotalEqualsHeads() throws Exception {
        Random random = new Random(12);
        for (int round = 0; round < ROUNDS; round++) {
            RandomProfiles.Sample a = RandomProfiles.sample(random, "a");
            RandomProfiles.Sample b = RandomProfiles.sample(random, "b");
            DiffTree d = Diffs.diff(a.profile(), b.profile(),
                    DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL));
            double rawBase = RandomProfiles.total(a.stacks(), List.of());
            double rawHead = RandomProfiles.total(b.stacks(), List.of());
            double scale = rawHead / rawBase;
            assertThat(d.normalization()).isEqualTo(Normalization.TOTAL);
            assertThat(d.base().scale()).isCloseTo(scale, within(1e-12));
            assertThat(d.head().scale()).isEqualTo(1.0);
            assertThat(d.base().total()).isCloseTo(rawHead, within(rawHead * 1e-12));
            assertThat(d.baseTotal(0)).isCloseTo(d.headTotal(0), within(rawHead * 1e-12));
            assertThat(d.totalDelta(0)).isCloseTo(0, within(rawHead * 1e-12));
            for (int n = 0; n < d.size(); n++) {
                List<Frame> path = Arrays.asList(d.path(n));
                double raw = a.stacks().getOrDefault(path, 0L);
                assertThat(d.baseSelf(n)).isCloseTo(raw * scale, within(1e-9));
                assertThat(d.headSelf(n)).isEqualTo((double) b.stacks().getOrDefault(path, 0L));
            }
        }
    }

    @Test
    void totalWithAnEmptyBaseLeavesValuesUnscaled() throws Exception {
        Profile empty = RandomProfiles.build(Map.of(), "empty", List.of(dev.flamediff.model.ValueType.SAMPLES));
        RandomProfiles.Sample b = RandomProfiles.sample(new Random(13), "b");
        DiffTree d = Diffs.diff(empty, b.profile(), DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL));
        assertThat(d.base().scale()).isEqualTo(1.0);
        assertThat(d.base().total()).isZero();
        for (int n = 1; n < d.size(); n++) {
            assertThat(d.status(n)).isEqualTo(NodeStatus.ADDED);
            assertThat(d.totalImpact(n)).isZero();
        }
    }

    @Test
    void totalWithAnEmptyHeadKeepsBaseAndItsRemovedFrames() throws Exception {
        Profile empty = RandomProfiles.build(Map.of(), "empty", List.of(dev.flamediff.model.ValueType.SAMPLES));
        RandomProfiles.Sample a = RandomProfiles.sample(new Random(18), "a");
        DiffTree d = Diffs.diff(a.profile(), empty, DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL));
        assertThat(d.base().scale()).isEqualTo(1.0);
        assertThat(d.base().total()).isEqualTo((double) RandomProfiles.total(a.stacks(), List.of()));
        for (int n = 1; n < d.size(); n++) {
            assertThat(d.status(n)).isEqualTo(NodeStatus.REMOVED);
            assertThat(d.totalImpact(n)).isLessThan(0);
        }
    }

    @Test
    void factorsMultiplyEachSideByItsOwnFactor() throws Exception {
        Random random = new Random(14);
        for (int round = 0; round < ROUNDS; round++) {
            RandomProfiles.Sample a = RandomProfiles.sample(random, "a");
            RandomProfiles.Sample b = RandomProfiles.sample(random, "b");
            double fa = 0.25 + random.nextInt(16) / 4.0;
            double fb = 0.5 + random.nextInt(8);
            Normalization norm = Normalization.factors(fa, fb);
            DiffTree d = Diffs.diff(a.profile(), b.profile(), DiffOptions.DEFAULT.withNormalization(norm));
            assertThat(d.normalization()).isEqualTo(norm);
            assertThat(d.base().scale()).isEqualTo(fa);
            assertThat(d.head().scale()).isEqualTo(fb);
            for (int n = 0; n < d.size(); n++) {
                List<Frame> path = Arrays.asList(d.path(n));
                assertThat(d.baseTotal(n)).isCloseTo(RandomProfiles.total(a.stacks(), path) * fa, within(1e-9));
                assertThat(d.headTotal(n)).isCloseTo(RandomProfiles.total(b.stacks(), path) * fb, within(1e-9));
            }
        }
    }

    @Test
    void factorsMustBePositiveAndFinite() {
        assertThatThrownBy(() -> Normalization.factors(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Normalization.factors(1, -2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Normalization.factors(Double.NaN, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Normalization.factors(1, Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Normalization.factors(2, 1).describe()).isEqualTo("factors (base ×2, head ×1)");
    }

    @Test
    void severalRunsPerSideGiveTheMeanOfEachNode() throws Exception {
        Random random = new Random(15);
        for (int round = 0; round < 100; round++) {
            int baseRuns = 1 + random.nextInt(4);
            int headRuns = 1 + random.nextInt(4);
            List<RandomProfiles.Sample> bs = new java.util.ArrayList<>();
            List<RandomProfiles.Sample> hs = new java.util.ArrayList<>();
            for (int i = 0; i < baseRuns; i++) {
                bs.add(RandomProfiles.sample(random, "base" + i));
            }
            for (int i = 0; i < headRuns; i++) {
                hs.add(RandomProfiles.sample(random, "head" + i));
            }
            DiffTree d = Diffs.diff(bs.stream().map(RandomProfiles.Sample::profile).toList(),
                    hs.stream().map(RandomProfiles.Sample::profile).toList(), DiffOptions.DEFAULT);
            assertThat(d.base().runs()).hasSize(baseRuns);
            assertThat(d.head().runs()).hasSize(headRuns);
            assertThat(d.base().runs().get(0).source()).isEqualTo("base0");
            java.util.Set<List<Frame>> paths = new java.util.HashSet<>();
            bs.forEach(s -> paths.addAll(RandomProfiles.paths(s.stacks())));
            hs.forEach(s -> paths.addAll(RandomProfiles.paths(s.stacks())));
            assertThat(d.size()).isEqualTo(paths.size());
            for (int n = 0; n < d.size(); n++) {
                List<Frame> path = Arrays.asList(d.path(n));
                assertThat(d.baseSelf(n)).isCloseTo(meanSelf(bs, path), within(1e-9));
                assertThat(d.headSelf(n)).isCloseTo(meanSelf(hs, path), within(1e-9));
                assertThat(d.headTotal(n)).isCloseTo(meanTotal(hs, path), within(1e-9));
            }
        }
    }

    @Test
    void severalRunsWithTotalNormalizationMatchMeanTotals() throws Exception {
        Random random = new Random(16);
        List<RandomProfiles.Sample> bs = List.of(RandomProfiles.sample(random, "b0"), RandomProfiles.sample(random, "b1"));
        List<RandomProfiles.Sample> hs = List.of(RandomProfiles.sample(random, "h0"), RandomProfiles.sample(random, "h1"),
                RandomProfiles.sample(random, "h2"));
        DiffTree d = Diffs.diff(bs.stream().map(RandomProfiles.Sample::profile).toList(),
                hs.stream().map(RandomProfiles.Sample::profile).toList(),
                DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL));
        double headMean = meanTotal(hs, List.of());
        assertThat(d.base().total()).isCloseTo(headMean, within(1e-9));
        assertThat(d.base().scale()).isCloseTo(headMean / meanTotal(bs, List.of()), within(1e-12));
    }

    @Test
    void aSideWithoutProfilesIsRejected() {
        Profile p = RandomProfiles.sample(new Random(17), "a").profile();
        assertThatThrownBy(() -> Diffs.diff(List.of(), List.of(p), DiffOptions.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Diffs.diff(List.of(p), List.of(), DiffOptions.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static double meanSelf(List<RandomProfiles.Sample> runs, List<Frame> path) {
        return runs.stream().mapToLong(s -> s.stacks().getOrDefault(path, 0L)).sum() / (double) runs.size();
    }

    private static double meanTotal(List<RandomProfiles.Sample> runs, List<Frame> path) {
        return runs.stream().mapToLong(s -> RandomProfiles.total(s.stacks(), path)).sum() / (double) runs.size();
    }
}
