package dev.flamediff.diff;

import dev.flamediff.model.Frame;

/**
 * Every function's values summed over its nodes, per run (raw, for the tests) and per side
 * (scaled, for the outputs): inclusive over the function's topmost occurrences on each path, so
 * recursion counts a sample once, and self over all its occurrences. Built in a pre-order pass
 * (one per part of the functions on a large diff, see {@link FunctionParts}).
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

    /**
     * Sums every function's values in a pre-order pass per part of the functions (see
     * {@link FunctionParts}: each function's sums add the same values in the same order whatever
     * the parts). The sums of one function lie side by side in three arrays (longs, doubles, ints)
     * while the pass runs, and are spread into the per-value arrays afterwards: with tens of
     * thousands of functions and a dozen sums each, an array per sum cost a cache miss per sum
     * and node. Each sum adds the same values in the same order either way.
     *
     * @throws java.util.concurrent.CancellationException if the calling thread is interrupted meanwhile
     */
    static FunctionSums of(DiffTree diff, RunValues runs, int[] function, int count, FunctionParts parts) {
        FunctionSums s = new FunctionSums(count, runs);
        int k = s.runs;
        boolean counts = runs.hasCounts();
        // Per function: self, self samples, inclusive, inclusive samples, k runs each.
        int ls = 4 * k;
        long[] longs = new long[count * ls];
        // Per function: self system, inclusive system, base self, head self, base inclusive, head
        // inclusive, the heaviest node's weight, then (with counts) self and inclusive variances per run.
        int ds = 7 + (counts ? 2 * k : 0);
        double[] doubles = new double[count * ds];
        // Per function: paths, and how many of its nodes are open on the current path.
        int[] ints = new int[count * 2];
        boolean[] topmost = new boolean[diff.size()];
        parts.forEach((part, caller) -> {
            sumPart(diff, runs, function, parts, part, caller, s.frame, longs, doubles, ints, topmost);
            for (int f = 0; f < count; f++) {
                DiffInterrupts.checkEvery(f, caller);
                if (parts.partOf(f) != part) {
                    continue;
                }
                int l = f * ls;
                int d = f * ds;
                for (int r = 0; r < k; r++) {
                    s.self[f * k + r] = longs[l + r];
                    s.selfSamples[f * k + r] = longs[l + k + r];
                    s.inclusive[f * k + r] = longs[l + 2 * k + r];
                    s.inclusiveSamples[f * k + r] = longs[l + 3 * k + r];
                    if (counts) {
                        s.selfVariance[f * k + r] = doubles[d + 7 + r];
                        s.inclusiveVariance[f * k + r] = doubles[d + 7 + k + r];
                    }
                }
                s.selfSystem[f] = doubles[d];
                s.inclusiveSystem[f] = doubles[d + 1];
                s.baseSelf[f] = doubles[d + 2];
                s.headSelf[f] = doubles[d + 3];
                s.baseInclusive[f] = doubles[d + 4];
                s.headInclusive[f] = doubles[d + 5];
                s.paths[f] = ints[2 * f];
            }
        });
        return new FunctionSums(s, topmost);
    }

    /**
     * The pre-order pass of one part: every node of the part's functions adds its values to its
     * function's slots. The path is tracked through the part's own nodes alone, which is all the
     * topmost test needs (is a node of the same function open above this one?).
     */
    private static void sumPart(DiffTree diff, RunValues runs, int[] function, FunctionParts parts, int part,
                                Thread caller, Frame[] frame, long[] longs, double[] doubles, int[] ints,
                                boolean[] topmost) {
        int size = diff.size();
        int k = runs.runs();
        boolean counts = runs.hasCounts();
        int ls = 4 * k;
        int ds = 7 + (counts ? 2 * k : 0);
        boolean all = parts.count() == 1;
        int[] stack = new int[Math.max(1, diff.maxDepth() + 1)];
        int top = -1;
        for (int n = 1; n < size; n++) {
            DiffInterrupts.checkEvery(n, caller);
            int f = function[n];
            if (!all && parts.partOf(f) != part) {
                continue;
            }
            while (top >= 0 && diff.end(stack[top]) <= n) {
                ints[2 * function[stack[top--]] + 1]--;
            }
            int paths = ++ints[2 * f];
            int d = f * ds;
            double w = diff.baseTotal(n) + diff.headTotal(n);
            if (paths == 1 || w > doubles[d + 6]) {
                frame[f] = diff.frame(n);
                doubles[d + 6] = w;
            }
            boolean isTop = ints[2 * f + 1] == 0;
            topmost[n] = isTop;
            int l = f * ls;
            for (int r = 0; r < k; r++) {
                longs[l + r] += runs.self(n, r);
                longs[l + k + r] += counts ? runs.selfCount(n, r) : runs.self(n, r);
                if (counts) {
                    doubles[d + 7 + r] += runs.selfVariance(n, r);
                }
                if (isTop) {
                    longs[l + 2 * k + r] += runs.total(n, r);
                    longs[l + 3 * k + r] += counts ? runs.totalCount(n, r) : runs.total(n, r);
                    if (counts) {
                        doubles[d + 7 + k + r] += runs.totalVariance(n, r);
                    }
                }
            }
            double selfAll = 0;
            double totalAll = 0;
            for (int r = 0; r < k; r++) {
                selfAll += runs.self(n, r);
                totalAll += runs.total(n, r);
            }
            doubles[d] += runs.system(n) ? selfAll : 0;
            if (isTop) {
                doubles[d + 1] += runs.systemShare(n, false) * totalAll;
            }
            doubles[d + 2] += diff.baseSelf(n);
            doubles[d + 3] += diff.headSelf(n);
            if (isTop) {
                doubles[d + 4] += diff.baseTotal(n);
                doubles[d + 5] += diff.headTotal(n);
            }
            ints[2 * f + 1]++;
            stack[++top] = n;
        }
    }

    /**
     * Tests every function's inclusive and self change and adjusts them as one family (without
     * the changes too small to ever be significant, as the node family does).
     *
     * @param tester the functions' tester ({@link #tester})
     * @return the functions, in id order
     */
    FunctionDiff[] test(DiffTree diff, NodeSignificance significance, ChangeTester tester) {
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

    /**
     * Returns the tester for functions' changes: the nodes' one, with several runs of sample
     * counts per side moderated towards the spread of the functions' own inclusive values across
     * the runs instead of the nodes'. A function sums many nodes, so it varies less from run to run
     * than its nodes do, but it also moves as a whole where the nodes' spread says nothing of it (a
     * busy machine that changes how much of a run a hot loop takes).
     */
    ChangeTester tester(NodeSignificance significance) {
        ChangeTester nodes = significance.tester();
        double[] sizes = nodes.runSizes();
        if (sizes == null) {
            return nodes;
        }
        double b = RunSpread.estimateCells(inclusive, runs, 0, baseRuns, sizes);
        double h = RunSpread.estimateCells(inclusive, runs, baseRuns, runs, sizes);
        if (Double.isNaN(b) && Double.isNaN(h)) {
            return nodes;
        }
        return nodes.withRunSpread(Double.isNaN(b) ? nodes.baseSpread2() : b, Double.isNaN(h) ? nodes.headSpread2() : h);
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
