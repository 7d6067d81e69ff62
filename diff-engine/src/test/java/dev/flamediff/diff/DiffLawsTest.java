package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The laws of the union-tree diff, checked over seeded random profiles. */
class DiffLawsTest {

    private static final int ROUNDS = 300;

    @Test
    void totalIsSelfPlusChildrenTotalsOnBothSides() throws Exception {
        Random random = new Random(1);
        for (int round = 0; round < ROUNDS; round++) {
            DiffTree d = Diffs.diff(RandomProfiles.sample(random, "a").profile(),
                    RandomProfiles.sample(random, "b").profile(), DiffOptions.DEFAULT);
            for (int n = 0; n < d.size(); n++) {
                double base = d.baseSelf(n);
                double head = d.headSelf(n);
                for (int c = d.firstChild(n); c >= 0; c = d.nextSibling(c)) {
                    assertThat(d.parent(c)).isEqualTo(n);
                    base += d.baseTotal(c);
                    head += d.headTotal(c);
                }
                assertThat(d.baseTotal(n)).as("round %d node %d base", round, n).isEqualTo(base);
                assertThat(d.headTotal(n)).as("round %d node %d head", round, n).isEqualTo(head);
            }
        }
    }

    @Test
    void inputTreesAlsoKeepTotalEqualToSelfPlusChildren() {
        Random random = new Random(2);
        for (int round = 0; round < ROUNDS; round++) {
            CallTree t = RandomProfiles.sample(random, "a").profile().tree();
            for (int n = 0; n < t.size(); n++) {
                long sum = t.self(0, n);
                for (int c = t.firstChild(n); c >= 0; c = t.nextSibling(c)) {
                    sum += t.total(0, c);
                }
                assertThat(t.total(0, n)).isEqualTo(sum);
            }
        }
    }

    @Test
    void diffOfAProfileWithItselfIsAllZeroAndAllCommon() throws Exception {
        Random random = new Random(3);
        for (int round = 0; round < ROUNDS; round++) {
            RandomProfiles.Sample a = RandomProfiles.sample(random, "a");
            for (Normalization norm : List.of(Normalization.NONE, Normalization.TOTAL)) {
                DiffTree d = Diffs.diff(a.profile(), a.profile(), DiffOptions.DEFAULT.withNormalization(norm));
                assertThat(d.size()).isEqualTo(a.profile().tree().size());
                for (int n = 0; n < d.size(); n++) {
                    assertThat(d.selfDelta(n)).isZero();
                    assertThat(d.totalDelta(n)).isZero();
                    assertThat(d.totalImpact(n)).isZero();
                    assertThat(d.totalDeltaRelative(n)).isZero();
                    assertThat(d.status(n)).isEqualTo(NodeStatus.COMMON);
                }
            }
        }
    }

    @Test
    void swappingBaseAndHeadNegatesEveryDeltaNodeByNode() throws Exception {
        Random random = new Random(4);
        for (int round = 0; round < ROUNDS; round++) {
            var a = RandomProfiles.sample(random, "a").profile();
            var b = RandomProfiles.sample(random, "b").profile();
            DiffTree ab = Diffs.diff(a, b, DiffOptions.DEFAULT);
            DiffTree ba = Diffs.diff(b, a, DiffOptions.DEFAULT);
            assertThat(ba.size()).isEqualTo(ab.size());
            for (int n = 0; n < ab.size(); n++) {
                assertThat(ba.frame(n)).isEqualTo(ab.frame(n));
                assertThat(ba.parent(n)).isEqualTo(ab.parent(n));
                assertThat(ba.end(n)).isEqualTo(ab.end(n));
                assertThat(ba.baseSelf(n)).isEqualTo(ab.headSelf(n));
                assertThat(ba.headTotal(n)).isEqualTo(ab.baseTotal(n));
                assertThat(ba.selfDelta(n)).isEqualTo(-ab.selfDelta(n));
                assertThat(ba.totalDelta(n)).isEqualTo(-ab.totalDelta(n));
                assertThat(ba.status(n)).isEqualTo(switch (ab.status(n)) {
                    case ADDED -> NodeStatus.REMOVED;
                    case REMOVED -> NodeStatus.ADDED;
                    case COMMON -> NodeStatus.COMMON;
                });
            }
        }
    }

    @Test
    void unionHoldsEveryPathOfBothWithItsOwnValuesAndStatus() throws Exception {
        Random random = new Random(5);
        for (int round = 0; round < ROUNDS; round++) {
            RandomProfiles.Sample a = RandomProfiles.sample(random, "a");
            RandomProfiles.Sample b = RandomProfiles.sample(random, "b");
            DiffTree d = Diffs.diff(a.profile(), b.profile(), DiffOptions.DEFAULT);
            Set<List<Frame>> inA = RandomProfiles.paths(a.stacks());
            Set<List<Frame>> inB = RandomProfiles.paths(b.stacks());
            Set<List<Frame>> expected = new HashSet<>(inA);
            expected.addAll(inB);
            Map<List<Frame>, Integer> seen = new HashMap<>();
            for (int n = 0; n < d.size(); n++) {
                List<Frame> path = Arrays.asList(d.path(n));
                assertThat(seen.put(path, n)).as("path %s appears once", path).isNull();
                assertThat(d.baseTotal(n)).isEqualTo((double) RandomProfiles.total(a.stacks(), path));
                assertThat(d.headTotal(n)).isEqualTo((double) RandomProfiles.total(b.stacks(), path));
                assertThat(d.baseSelf(n)).isEqualTo((double) a.stacks().getOrDefault(path, 0L));
                assertThat(d.headSelf(n)).isEqualTo((double) b.stacks().getOrDefault(path, 0L));
                NodeStatus want = inA.contains(path) && inB.contains(path) ? NodeStatus.COMMON
                        : inA.contains(path) ? NodeStatus.REMOVED : NodeStatus.ADDED;
                assertThat(d.status(n)).as("status of %s", path).isEqualTo(want);
                if (want == NodeStatus.ADDED) {
                    assertThat(d.totalDeltaRelative(n)).isNaN();
                } else {
                    assertThat(d.totalDeltaRelative(n))
                            .isCloseTo(d.totalDelta(n) / d.baseTotal(n), within(1e-12));
                }
                assertThat(d.totalImpact(n)).isCloseTo(d.totalDelta(n) / d.baseTotal(0), within(1e-12));
            }
            assertThat(seen.keySet()).isEqualTo(expected);
        }
    }

    @Test
    void childrenStaySortedByFrameAndSubtreesNest() throws Exception {
        Random random = new Random(6);
        for (int round = 0; round < ROUNDS; round++) {
            DiffTree d = Diffs.diff(RandomProfiles.sample(random, "a").profile(),
                    RandomProfiles.sample(random, "b").profile(), DiffOptions.DEFAULT);
            assertThat(d.frame(0)).isEqualTo(Frame.ROOT);
            assertThat(d.end(0)).isEqualTo(d.size());
            for (int n = 0; n < d.size(); n++) {
                Frame previous = null;
                for (int c = d.firstChild(n); c >= 0; c = d.nextSibling(c)) {
                    assertThat(d.depth(c)).isEqualTo(d.depth(n) + 1);
                    assertThat(d.end(c)).isLessThanOrEqualTo(d.end(n));
                    if (previous != null) {
                        assertThat(d.frame(c)).isGreaterThan(previous);
                    }
                    previous = d.frame(c);
                }
            }
        }
    }
}
