package dev.flamediff.diff;

import dev.flamediff.model.Frame;

/**
 * Every function's values summed over its nodes, per run (raw, for the tests) and per side
 * (scaled, for the outputs): inclusive over the function's topmost occurrences on each path, so
 * recursion counts a sample once, and self over all its occurrences. Built in one pre-order pass.
 */
final class FunctionSums {

    final int count;
    final int runs;
    final int baseRuns;
    final long[] inclusive;
    final long[] self;
    final long[] inclusiveSamples;
    final long[] selfSamples;
    final double[] inclusiveVariance;
    final double[] selfVariance;
    final double[] baseInclusive;
    final double[] headInclusive;
    final double[] baseSelf;
    final double[] headSelf;
    final int[] paths;
    /** Per function, the raw values (all runs) of its inclusive and self values that are system work. */
    final double[] inclusiveSystem;
    final double[] selfSystem;
    final Frame[] frame;
    /** Per node: whether no ancestor belongs to the same function. */
    final boolean[] topmost;

    private FunctionSums(int count, RunValues runs) {
        this.count = count;
        this.runs = runs.runs();
        this.baseRuns = runs.baseRuns();
        int cells = count * this.runs;
        inclusive = new long[cells];
        self = new long[cells];
        inclusiveSamples = new long[cells];
        selfSamples = new long[cells];
        inclusiveVariance = runs.hasCounts() ? new double[cells] : null;
        selfVariance = runs.hasCounts() ? new double[cells] : null;
        baseInclusive = new double[count];
        headInclusive = new double[count];
        baseSelf = new double[count];
        headSelf = new double[count];
        paths = new int[count];
        inclusiveSystem = new double[count];
        selfSystem = new double[count];
        frame = new Frame[count];
        topmost = null;
    }

    private FunctionSums(FunctionSums sums, boolean[] topmost) {
        this.count = sums.count;
        this.runs = sums.runs;
        this.baseRuns = sums.baseRuns;
        this.inclusive = sums.inclusive;
        this.self = sums.self;
        this.inclusiveSamples = sums.inclusiveSamples;
        this.selfSamples = sums.selfSamples;
        this.inclusiveVariance = sums.inclusiveVariance;
        this.selfVariance = sums.selfVariance;
        this.baseInclusive = sums.baseInclusive;
        this.headInclusive = sums.headInclusive;
        this.baseSelf = sums.baseSelf;
        this.headSelf = sums.headSelf;
        this.paths = sums.paths;
        this.inclusiveSystem = sums.inclusiveSystem;
        this.selfSystem = sums.selfSystem;
        this.frame = sums.frame;
        this.topmost = topmost;
    }

    static FunctionSums of(DiffTree diff, RunValues runs, int[] function, int count) {
        FunctionSums s = new FunctionSums(count, runs);
        int size = diff.size();
        int k = s.runs;
        boolean[] topmost = new boolean[size];
        int[] open = new int[count];
        int[] stack = new int[Math.max(1, diff.maxDepth() + 1)];
        int top = -1;
        double[] weight = new double[count];
        for (int n = 1; n < size; n++) {
            DiffInterrupts.checkEvery(n);
            while (top >= 0 && diff.end(stack[top]) <= n) {
                open[function[stack[top--]]]--;
            }
            int f = function[n];
            s.paths[f]++;
            double w = diff.baseTotal(n) + diff.headTotal(n);
            if (s.frame[f] == null || w > weight[f]) {
                s.frame[f] = diff.frame(n);
                weight[f] = w;
            }
            boolean isTop = open[f] == 0;
            topmost[n] = isTop;
            for (int r = 0; r < k; r++) {
                s.self[f * k + r] += runs.self(n, r);
                s.selfSamples[f * k + r] += runs.hasCounts() ? runs.selfCount(n, r) : runs.self(n, r);
                if (s.selfVariance != null) {
                    s.selfVariance[f * k + r] += runs.selfVariance(n, r);
                }
                if (isTop) {
                    s.inclusive[f * k + r] += runs.total(n, r);
                    s.inclusiveSamples[f * k + r] += runs.hasCounts() ? runs.totalCount(n, r) : runs.total(n, r);
                    if (s.inclusiveVariance != null) {
                        s.inclusiveVariance[f * k + r] += runs.totalVariance(n, r);
                    }
                }
            }
            double selfAll = 0;
            double totalAll = 0;
            for (int r = 0; r < k; r++) {
                selfAll += runs.self(n, r);
                totalAll += runs.total(n, r);
            }
            s.selfSystem[f] += runs.system(n) ? selfAll : 0;
            if (isTop) {
                s.inclusiveSystem[f] += runs.systemShare(n, false) * totalAll;
            }
            s.baseSelf[f] += diff.baseSelf(n);
            s.headSelf[f] += diff.headSelf(n);
            if (isTop) {
                s.baseInclusive[f] += diff.baseTotal(n);
                s.headInclusive[f] += diff.headTotal(n);
            }
            open[f]++;
            stack[++top] = n;
        }
        return new FunctionSums(s, topmost);
    }

    /**
     * Tests every function's inclusive and self change and adjusts them as one family (without
     * the changes too small to ever be significant, as the node family does).
     *
     * @return the functions, in id order
     */
    FunctionDiff[] test(DiffTree diff, NodeSignificance significance) {
        ChangeTester tester = significance.tester();
        double[] inclusiveScore = new double[count];
        double[] inclusiveP = new double[count];
        double[] selfScore = new double[count];
        double[] selfP = new double[count];
        double[] family = new double[2 * count];
        for (int f = 0; f < count; f++) {
            DiffInterrupts.checkEvery(f);
            ChangeTester.Outcome inc = test(tester, f, inclusive, inclusiveVariance, systemShare(f, true));
            ChangeTester.Outcome own = test(tester, f, self, selfVariance, systemShare(f, false));
            inclusiveScore[f] = inc.score();
            inclusiveP[f] = Double.isNaN(inc.pValue()) ? 1 : inc.pValue();
            selfScore[f] = own.score();
            selfP[f] = Double.isNaN(own.pValue()) ? 1 : own.pValue();
            boolean exact = tester.model() == NoiseModel.EXACT;
            family[f] = exact || samples(inclusiveSamples, f) >= NodeSignificance.MIN_SAMPLES ? inclusiveP[f] : Double.NaN;
            family[count + f] = exact || samples(selfSamples, f) >= NodeSignificance.MIN_SAMPLES ? selfP[f] : Double.NaN;
        }
        double[] q = DiffInterrupts.adjust(family);
        double level = significance.level();
        double profileBase = diff.base().total();
        FunctionDiff[] out = new FunctionDiff[count];
        for (int f = 0; f < count; f++) {
            double qi = Double.isNaN(q[f]) ? 1 : q[f];
            double qs = Double.isNaN(q[count + f]) ? 1 : q[count + f];
            out[f] = new FunctionDiff(frame[f], paths[f], baseInclusive[f], headInclusive[f], baseSelf[f], headSelf[f],
                    profileBase, inclusiveScore[f], inclusiveP[f], qi, qi <= level && baseInclusive[f] != headInclusive[f],
                    selfScore[f], selfP[f], qs, qs <= level && baseSelf[f] != headSelf[f]);
        }
        return out;
    }

    private long samples(long[] values, int f) {
        long total = 0;
        for (int r = 0; r < runs; r++) {
            total += values[f * runs + r];
        }
        return total;
    }

    /** Returns the share of the function's inclusive or self value that is system work. */
    double systemShare(int f, boolean inclusiveValue) {
        double all = inclusiveValue ? samples(inclusive, f) : samples(self, f);
        double sys = inclusiveValue ? inclusiveSystem[f] : selfSystem[f];
        return all == 0 ? 0 : Math.min(1, sys / all);
    }

    /** Tests one function's values (inclusive or self) with the diff's tester. */
    ChangeTester.Outcome test(ChangeTester tester, int f, long[] values, double[] variances, double systemShare) {
        long[] b = new long[baseRuns];
        long[] h = new long[runs - baseRuns];
        double[] bv = variances == null ? null : new double[baseRuns];
        double[] hv = variances == null ? null : new double[runs - baseRuns];
        for (int r = 0; r < runs; r++) {
            long v = values[f * runs + r];
            if (r < baseRuns) {
                b[r] = v;
                if (bv != null) {
                    bv[r] = variances[f * runs + r];
                }
            } else {
                h[r - baseRuns] = v;
                if (hv != null) {
                    hv[r - baseRuns] = variances[f * runs + r];
                }
            }
        }
        return tester.test(b, h, bv, hv, systemShare);
    }
}
