package dev.flamediff.diff;

/**
 * The raw (unscaled) value of every union node in every input run, kept so significance can use
 * the run-to-run spread and so nodes can be aggregated (all nodes of one frame) before testing.
 * Runs {@code [0, baseRuns)} are base, the rest head. Layout is {@code node * runs + run}.
 */
final class RunValues {

    private final int runs;
    private final int baseRuns;
    private final long[] self;
    private final long[] total;
    private final long[] selfCount;
    private final long[] totalCount;
    private final double[] selfVariance;
    private final double[] totalVariance;

    /**
     * @param self raw self values, node-major
     * @param selfCount raw self sample counts (same layout), or null when the value type has none
     * @param parent the union tree's parents, used to derive totals
     */
    RunValues(int runs, int baseRuns, long[] self, long[] selfCount, int[] parent) {
        this.runs = runs;
        this.baseRuns = baseRuns;
        this.self = self;
        this.selfCount = selfCount;
        this.total = totals(self, parent, runs);
        this.totalCount = selfCount == null ? null : totals(selfCount, parent, runs);
        if (selfCount == null) {
            this.selfVariance = null;
            this.totalVariance = null;
        } else {
            // Compound-Poisson variance Σw² per node, estimated as value² / samples where the
            // weights are most alike (one call path); totals add their nodes' variances instead of
            // pooling, because pooling very different weights would underestimate Σw² badly.
            this.selfVariance = new double[self.length];
            for (int i = 0; i < self.length; i++) {
                selfVariance[i] = self[i] == 0 ? 0 : (double) self[i] * self[i] / Math.max(1, selfCount[i]);
            }
            this.totalVariance = selfVariance.clone();
            for (int n = parent.length - 1; n > 0; n--) {
                int p = parent[n];
                for (int r = 0; r < runs; r++) {
                    totalVariance[p * runs + r] += totalVariance[n * runs + r];
                }
            }
        }
    }

    private static long[] totals(long[] self, int[] parent, int runs) {
        long[] total = self.clone();
        for (int n = parent.length - 1; n > 0; n--) {
            int p = parent[n];
            for (int r = 0; r < runs; r++) {
                total[p * runs + r] += total[n * runs + r];
            }
        }
        return total;
    }

    int runs() {
        return runs;
    }

    int baseRuns() {
        return baseRuns;
    }

    int headRuns() {
        return runs - baseRuns;
    }

    boolean hasCounts() {
        return selfCount != null;
    }

    long self(int node, int run) {
        return self[node * runs + run];
    }

    long total(int node, int run) {
        return total[node * runs + run];
    }

    long selfCount(int node, int run) {
        return selfCount[node * runs + run];
    }

    long totalCount(int node, int run) {
        return totalCount[node * runs + run];
    }

    /** The compound-Poisson variance of the node's self value in one run (needs counts). */
    double selfVariance(int node, int run) {
        return selfVariance[node * runs + run];
    }

    /** The compound-Poisson variance of the node's total value in one run (needs counts). */
    double totalVariance(int node, int run) {
        return totalVariance[node * runs + run];
    }
}
