package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.flamediff.model.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The prefix sums over the outermost accepted nodes against the plain rule they replace: each
 * accepted node adds what is not yet explained beneath it to every ancestor. Culprits are
 * accepted as {@link CulpritFinder} does: a batch of disjoint nodes none of which lies under an
 * earlier culprit, so later batches hold ancestors of earlier ones as well as unrelated nodes.
 */
class AcceptedCulpritsTest {

    @Test
    void beneathAndCoversMatchAddingToEveryAncestor() throws Exception {
        Random random = new Random(20261203);
        int checked = 0;
        for (int trial = 0; trial < 300; trial++) {
            List<Profile> base = List.of(RandomProfiles.sample(random, "base", 60, 10).profile());
            List<Profile> head = List.of(RandomProfiles.sample(random, "head", 60, 10).profile());
            DiffTree diff = Diffs.diff(base, head, DiffOptions.DEFAULT);
            RunValues runs = runsOf(diff, trial % 2 == 0);
            AcceptedCulprits accepted = new AcceptedCulprits(diff, runs);
            Oracle oracle = new Oracle(diff, runs);
            for (int batch = 0; batch < 6; batch++) {
                int[] nodes = disjointUncovered(random, diff, oracle);
                accepted.accept(nodes);
                oracle.accept(nodes);
                for (int n = 0; n < diff.size(); n++) {
                    assertThat(accepted.covers(n)).as("covers %d", n).isEqualTo(oracle.covers(n));
                    if (oracle.covers(n)) {
                        // The finder never asks about covered nodes; the oracle keeps stale sums there.
                        continue;
                    }
                    AcceptedCulprits.Explained got = accepted.beneath(n);
                    double[] want = oracle.beneath[n];
                    if (want == null) {
                        assertThat(got).as("beneath %d", n).isNull();
                        continue;
                    }
                    assertThat(got).as("beneath %d", n).isNotNull();
                    for (int r = 0; r < runs.runs(); r++) {
                        assertThat(got.raw[r]).isEqualTo((long) want[r]);
                        if (runs.hasCounts()) {
                            assertThat(got.variance[r]).isCloseTo(want[runs.runs() + r], within(1e-6));
                        }
                    }
                    assertThat(got.base).isCloseTo(want[2 * runs.runs()], within(1e-6));
                    assertThat(got.head).isCloseTo(want[2 * runs.runs() + 1], within(1e-6));
                    checked++;
                }
            }
        }
        assertThat(checked).as("nodes with accepted culprits beneath them").isGreaterThan(10_000);
    }

    /** One base and one head run holding the diff's self values, with or without sample counts. */
    private static RunValues runsOf(DiffTree diff, boolean counts) {
        int n = diff.size();
        long[] self = new long[2 * n];
        int[] parent = new int[n];
        for (int node = 0; node < n; node++) {
            self[2 * node] = Math.round(diff.baseSelf(node));
            self[2 * node + 1] = Math.round(diff.headSelf(node));
            parent[node] = diff.parent(node);
        }
        long[] count = counts ? self.clone() : null;
        return new RunValues(2, 1, self, count, parent);
    }

    /** Random nodes, none under an accepted one, none nested in another of the batch. */
    private static int[] disjointUncovered(Random random, DiffTree diff, Oracle oracle) {
        List<Integer> picked = new ArrayList<>();
        for (int tries = 0; tries < 1 + random.nextInt(8); tries++) {
            int n = 1 + random.nextInt(Math.max(1, diff.size() - 1));
            if (n >= diff.size() || oracle.covers(n)) {
                continue;
            }
            boolean nested = false;
            for (int p : picked) {
                nested |= (p <= n && n < diff.end(p)) || (n <= p && p < diff.end(n));
            }
            if (!nested) {
                picked.add(n);
            }
        }
        return picked.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The rule as first written: an accepted node's unexplained value is added to its ancestors. */
    private static final class Oracle {
        final DiffTree diff;
        final RunValues runs;
        /** Per node: raw per run, variance per run, base, head; null for nothing beneath. */
        final double[][] beneath;
        final List<Integer> acceptedNodes = new ArrayList<>();

        Oracle(DiffTree diff, RunValues runs) {
            this.diff = diff;
            this.runs = runs;
            this.beneath = new double[diff.size()][];
        }

        boolean covers(int node) {
            for (int a : acceptedNodes) {
                if (a <= node && node < diff.end(a)) {
                    return true;
                }
            }
            return false;
        }

        void accept(int[] nodes) {
            int k = runs.runs();
            for (int node : nodes) {
                double[] inside = beneath[node];
                double[] add = new double[2 * k + 2];
                for (int r = 0; r < k; r++) {
                    add[r] = runs.total(node, r) - (inside == null ? 0 : inside[r]);
                    if (runs.hasCounts()) {
                        add[k + r] = runs.totalVariance(node, r) - (inside == null ? 0 : inside[k + r]);
                    }
                }
                add[2 * k] = diff.baseTotal(node) - (inside == null ? 0 : inside[2 * k]);
                add[2 * k + 1] = diff.headTotal(node) - (inside == null ? 0 : inside[2 * k + 1]);
                for (int a = diff.parent(node); a >= 0; a = diff.parent(a)) {
                    if (beneath[a] == null) {
                        beneath[a] = new double[2 * k + 2];
                    }
                    for (int i = 0; i < add.length; i++) {
                        beneath[a][i] += add[i];
                    }
                }
                acceptedNodes.add(node);
            }
        }
    }
}
