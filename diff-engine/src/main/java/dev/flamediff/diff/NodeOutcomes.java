package dev.flamediff.diff;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Every union node's self and total test outcome (score and raw p-value), worked out when first
 * asked for, a block of nodes at a time. Most nodes of a large diff have too few samples to be in
 * the tested family ({@link NodeSignificance#MIN_SAMPLES}), and only the JSON tree and the ranked
 * entries read their scores and p-values: a flame graph of 1.5 million nodes reads none, and
 * testing them all up front was most of the node tests' time.
 *
 * <p>An outcome is a function of the node's values and the two testers alone, so whoever computes
 * a block gets the same bits. A block is published through an atomic array: two threads that ask
 * at once may both compute it, and either array is the one kept. So an instance is thread-safe
 * and, to its readers, immutable.
 */
final class NodeOutcomes {

    /** Nodes per block: a ranked entry's few nodes cost a fraction of a millisecond each. */
    static final int BLOCK = 1 << 8;

    private final RunValues runs;
    private final ChangeTester test;
    private final ChangeTester wholeProfile;
    private final int size;
    /** Per block: selfScore, selfP, totalScore, totalP of each of its nodes, interleaved per node. */
    private final AtomicReferenceArray<double[]> blocks;

    /**
     * @param test the tester of every change but the root's total
     * @param wholeProfile the tester of the root's total (the whole profile)
     */
    NodeOutcomes(int size, RunValues runs, ChangeTester test, ChangeTester wholeProfile) {
        this.size = size;
        this.runs = runs;
        this.test = test;
        this.wholeProfile = wholeProfile;
        this.blocks = new AtomicReferenceArray<>((int) ((size + (long) BLOCK - 1) / BLOCK));
    }

    double selfScore(int node) {
        return value(node, 0);
    }

    double selfP(int node) {
        return value(node, 1);
    }

    double totalScore(int node) {
        return value(node, 2);
    }

    double totalP(int node) {
        return value(node, 3);
    }

    private double value(int node, int field) {
        int b = node / BLOCK;
        double[] block = blocks.get(b);
        if (block == null) {
            block = compute(b);
            if (!blocks.compareAndSet(b, null, block)) {
                block = blocks.get(b);
            }
        }
        return block[4 * (node - b * BLOCK) + field];
    }

    private double[] compute(int b) {
        int from = b * BLOCK;
        int to = Math.min(size, from + BLOCK);
        double[] out = new double[4 * (to - from)];
        Scratch scratch = new Scratch();
        for (int node = from; node < to; node++) {
            ChangeTester.Outcome self = scratch.test(node, true);
            ChangeTester.Outcome total = scratch.test(node, false);
            int at = 4 * (node - from);
            out[at] = self.score();
            out[at + 1] = self.pValue();
            out[at + 2] = total.score();
            out[at + 3] = total.pValue();
        }
        return out;
    }

    /** Returns a holder of one thread's per-run buffers for {@link Scratch#test}. */
    Scratch scratch() {
        return new Scratch();
    }

    /** One thread's buffers of a node's values per run; not thread-safe. */
    final class Scratch {
        private final long[] b = new long[runs.baseRuns()];
        private final long[] h = new long[runs.headRuns()];
        private final double[] bc = runs.hasCounts() ? new double[runs.baseRuns()] : null;
        private final double[] hc = runs.hasCounts() ? new double[runs.headRuns()] : null;

        /** Tests the node's self or total change. */
        ChangeTester.Outcome test(int node, boolean self) {
            int k = runs.runs();
            int nb = runs.baseRuns();
            for (int r = 0; r < k; r++) {
                long v = self ? runs.self(node, r) : runs.total(node, r);
                double c = !runs.hasCounts() ? 0 : self ? runs.selfVariance(node, r) : runs.totalVariance(node, r);
                if (r < nb) {
                    b[r] = v;
                    if (bc != null) {
                        bc[r] = c;
                    }
                } else {
                    h[r - nb] = v;
                    if (hc != null) {
                        hc[r - nb] = c;
                    }
                }
            }
            // The whole profile's runs vary with the machine (a busy CI host slows every frame
            // at once), which per-node spreads do not measure: it is judged on its own runs'
            // spread alone.
            ChangeTester t = node == 0 && !self ? wholeProfile : test;
            return t.test(b, h, bc, hc, runs.systemShare(node, self));
        }
    }
}
