package dev.flamediff.diff;

/**
 * The raw (unscaled) value of every union node in every input run, kept so significance can use
 * the run-to-run spread and so nodes can be aggregated (all nodes of one frame) before testing.
 * Runs {@code [0, baseRuns)} are base, the rest head. Layout is {@code node * runs + run}.
 */
final class RunValues {

    /** The fewest nodes whose totals are summed on another thread: below, a few milliseconds of work. */
    static final int PARALLEL_THRESHOLD = 1 << 18;

    private final int runs;
    private final int baseRuns;
    private final long[] self;
    private final long[] total;
    private final long[] selfCount;
    private final long[] totalCount;
    private final double[] selfVariance;
    private final double[] totalVariance;
    private final boolean[] system;
    private final double[] systemShare;

    /**
     * @param self raw self values, node-major
     * @param selfCount raw self sample counts (same layout), or null when the value type has none
     * @param parent the union tree's parents, used to derive totals
     * @param system per node, whether its frame is system work ({@link FrameClass}), or null for none
     */
    RunValues(int runs, int baseRuns, long[] self, long[] selfCount, int[] parent) {
        this(runs, baseRuns, self, selfCount, parent, null);
    }

    RunValues(int runs, int baseRuns, long[] self, long[] selfCount, int[] parent, boolean[] system) {
        this.runs = runs;
        this.baseRuns = baseRuns;
        this.self = self;
        this.selfCount = selfCount;
        // Three passes over every node that do not depend on each other until the shares divide
        // by the totals: on a large union the totals are summed on the common pool meanwhile.
        DiffInterrupts.Forked<long[]> totals = DiffInterrupts.fork(parent.length >= PARALLEL_THRESHOLD,
                caller -> totals(self, parent, runs, caller));
        this.totalCount = selfCount == null ? null : totals(selfCount, parent, runs, Thread.currentThread());
        this.system = system == null ? new boolean[parent.length] : system;
        double[] systemSums = systemSums(self, parent, runs, this.system);
        this.total = totals.join();
        this.systemShare = systemShares(systemSums, runs, this.system, total);
        if (selfCount == null) {
            this.selfVariance = null;
            this.totalVariance = null;
        } else {
            this.selfVariance = selfVariances(self, selfCount, runs);
            this.totalVariance = selfVariance.clone();
            for (int n = parent.length - 1; n > 0; n--) {
                int p = parent[n];
                for (int r = 0; r < runs; r++) {
                    totalVariance[p * runs + r] += totalVariance[n * runs + r];
                }
            }
        }
    }

    /** Per node, the sum (all runs) of the self values of the system frames in its subtree. */
    private static double[] systemSums(long[] self, int[] parent, int runs, boolean[] system) {
        int n = parent.length;
        double[] sys = new double[n];
        for (int node = n - 1; node >= 0; node--) {
            DiffInterrupts.checkEvery(node);
            if (system[node]) {
                for (int r = 0; r < runs; r++) {
                    sys[node] += self[node * runs + r];
                }
            }
            if (node > 0) {
                sys[parent[node]] += sys[node];
            }
        }
        return sys;
    }

    /**
     * Per node, the share of its total (all runs) that lies in system frames' self values, in
     * place of its sum of those values.
     */
    private static double[] systemShares(double[] sys, int runs, boolean[] system, long[] total) {
        int n = sys.length;
        for (int node = 0; node < n; node++) {
            DiffInterrupts.checkEvery(node);
            double all = 0;
            for (int r = 0; r < runs; r++) {
                all += total[node * runs + r];
            }
            sys[node] = all == 0 ? (system[node] ? 1 : 0) : Math.min(1, sys[node] / all);
        }
        return sys;
    }

    private static long[] totals(long[] self, int[] parent, int runs, Thread caller) {
        long[] total = self.clone();
        for (int n = parent.length - 1; n > 0; n--) {
            DiffInterrupts.checkEvery(n, caller);
            int p = parent[n];
            for (int r = 0; r < runs; r++) {
                total[p * runs + r] += total[n * runs + r];
            }
        }
        return total;
    }

    /**
     * The compound-Poisson variance Σw² of each node's self value, which the profile does not
     * record (only Σw and the sample count n). Two estimates, the larger one wins:
     * <ul>
     *   <li>value² / n, exact when all samples of the call path weigh the same (async-profiler's
     *       allocation samples weigh their TLAB or object size, which the path decides);</li>
     *   <li>n · E[W²] with E[W²] measured over the whole run, for weights unrelated to the path
     *       (the JDK's allocation samples weigh the bytes allocated since the thread's previous
     *       sample). Per path the mean weight m = value / n varies around E[W] by Var(W) / n, so
     *       Σ n·m² − N·m̄² estimates (paths − 1)·Var(W).</li>
     * </ul>
     * Totals add their nodes' variances instead of pooling, because pooling very different
     * weights would underestimate Σw².
     */
    private static double[] selfVariances(long[] self, long[] count, int runs) {
        double[] variance = new double[self.length];
        for (int r = 0; r < runs; r++) {
            double samples = 0;
            double sum = 0;
            double sumOfSquaredMeans = 0;
            int paths = 0;
            for (int i = r; i < self.length; i += runs) {
                if (count[i] > 0) {
                    samples += count[i];
                    sum += self[i];
                    sumOfSquaredMeans += (double) self[i] * self[i] / count[i];
                    paths++;
                }
            }
            double mean = samples == 0 ? 0 : sum / samples;
            double weightVariance = paths < 2 ? 0
                    : Math.max(0, (sumOfSquaredMeans - samples * mean * mean) / (paths - 1));
            double meanSquare = weightVariance + mean * mean;
            for (int i = r; i < self.length; i += runs) {
                if (self[i] != 0) {
                    double perPath = (double) self[i] * self[i] / Math.max(1, count[i]);
                    variance[i] = Math.max(perPath, count[i] * meanSquare);
                }
            }
        }
        return variance;
    }

    int runs() {
        return runs;
    }

    /** Returns whether the node's frame is system work. */
    boolean system(int node) {
        return system[node];
    }

    /** Returns the share of the node's self (0 or 1) or total value that is system work. */
    double systemShare(int node, boolean self) {
        return self ? (system[node] ? 1 : 0) : systemShare[node];
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

    /**
     * Returns the coefficient of variation (standard deviation over mean) of one side's per-run
     * grand totals (the root's totals), or NaN with fewer than two runs or an empty side.
     */
    double grandTotalVariation(boolean base) {
        int from = base ? 0 : baseRuns;
        int to = base ? baseRuns : runs;
        int n = to - from;
        if (n < 2) {
            return Double.NaN;
        }
        double sum = 0;
        for (int r = from; r < to; r++) {
            sum += total(0, r);
        }
        double mean = sum / n;
        if (mean == 0) {
            return Double.NaN;
        }
        double ss = 0;
        for (int r = from; r < to; r++) {
            double d = total(0, r) - mean;
            ss += d * d;
        }
        return Math.sqrt(ss / (n - 1)) / mean;
    }
}
