package dev.flamediff.diff;

/**
 * Tests sums of nodes' self values (all nodes of one frame, say) with the tester and the
 * independent filter the node tests used ({@link NodeSignificance}), so a ranking of frames is
 * judged as the nodes were. Immutable.
 */
final class SelfSumTests {

    private final RunValues runs;
    private final ChangeTester test;

    SelfSumTests(RunValues runs, ChangeTester test) {
        this.runs = runs;
        this.test = test;
    }

    /**
     * Returns whether the sum of the given nodes' self values has enough samples to be tested
     * in a family (the same independent filter as the node tests).
     */
    boolean tested(int[] nodes) {
        if (test.model() == NoiseModel.EXACT) {
            return true;
        }
        long samples = 0;
        for (int node : nodes) {
            for (int r = 0; r < runs.runs(); r++) {
                samples += runs.hasCounts() ? runs.selfCount(node, r) : runs.self(node, r);
            }
        }
        return samples >= NodeSignificance.MIN_SAMPLES;
    }

    /** Tests the sum of the self values of the given nodes. */
    ChangeTester.Outcome test(int[] nodes) {
        int k = runs.runs();
        int nb = runs.baseRuns();
        long[] b = new long[nb];
        long[] h = new long[k - nb];
        double[] bc = runs.hasCounts() ? new double[nb] : null;
        double[] hc = runs.hasCounts() ? new double[k - nb] : null;
        double systemPart = 0;
        double all = 0;
        for (int node : nodes) {
            for (int r = 0; r < k; r++) {
                all += runs.self(node, r);
                systemPart += runs.system(node) ? runs.self(node, r) : 0;
                if (r < nb) {
                    b[r] += runs.self(node, r);
                    if (bc != null) {
                        bc[r] += runs.selfVariance(node, r);
                    }
                } else {
                    h[r - nb] += runs.self(node, r);
                    if (hc != null) {
                        hc[r - nb] += runs.selfVariance(node, r);
                    }
                }
            }
        }
        return test.test(b, h, bc, hc, all == 0 ? 0 : systemPart / all);
    }
}
