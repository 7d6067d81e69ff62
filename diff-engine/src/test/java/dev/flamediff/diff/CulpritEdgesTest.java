package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.IncompatibleProfilesException;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Which call edges carry values on one side only, as the culprit rule reads them, is the same
 * when the edges' values are summed callee by callee as when they are summed through a map keyed
 * by the edge in pre-order: on random diffs and random assignments of nodes to functions (few
 * functions, so edges repeat across the tree).
 */
class CulpritEdgesTest {

    @Test
    void oneSidedEdgesAreThoseOfTheMapKeyedByEdge() throws IncompatibleProfilesException {
        Random random = new Random(20261216);
        for (int trial = 0; trial < 400; trial++) {
            DiffTree diff = Diffs.diff(RandomProfiles.sample(random, "base", 1 + random.nextInt(120), 1 + random.nextInt(10)).profile(),
                    RandomProfiles.sample(random, "head", 1 + random.nextInt(120), 1 + random.nextInt(10)).profile(),
                    DiffOptions.DEFAULT);
            int functions = 1 + random.nextInt(trial % 3 == 0 ? 3 : 30);
            int[] function = new int[diff.size()];
            function[0] = -1;
            for (int n = 1; n < diff.size(); n++) {
                function[n] = random.nextInt(functions);
            }
            assertThat(CulpritAnchors.oneSidedEdges(diff, function, functions)).as("trial %d", trial)
                    .isEqualTo(throughAMap(diff, function));
        }
    }

    /** The edges' sums as a map keyed by (caller's function, callee's function) gives them, -1 for the root. */
    private static boolean[] throughAMap(DiffTree diff, int[] function) {
        Map<Long, double[]> sums = new HashMap<>();
        long[] key = new long[diff.size()];
        for (int n = 1; n < diff.size(); n++) {
            int p = diff.parent(n);
            key[n] = ((long) (p == 0 ? -1 : function[p]) << 32) ^ (function[n] & 0xFFFFFFFFL);
            double[] s = sums.computeIfAbsent(key[n], k -> new double[2]);
            s[0] += diff.baseTotal(n);
            s[1] += diff.headTotal(n);
        }
        boolean[] out = new boolean[diff.size()];
        for (int n = 1; n < diff.size(); n++) {
            double[] s = sums.get(key[n]);
            out[n] = (s[0] == 0) != (s[1] == 0);
        }
        return out;
    }
}
