package dev.flamediff.diff;

import java.util.concurrent.CancellationException;

/**
 * The significance of every node's self and total change in one diff, with the per-run values it
 * was computed from (so aggregates can be tested the same way). Immutable once computed.
 *
 * <p>All self and total tests of a diff form one family for the Benjamini–Hochberg adjustment:
 * a node is significant when its adjusted p-value (q) is at most the level. The root's total (the
 * whole profile) is the exception, tested alone at the level. Changes backed by fewer
 * than {@value #MIN_SAMPLES} samples in all runs together are left out of the family (their q is
 * 1): they could never reach significance, and for Poisson counts the sum of both sides is
 * independent of the test's outcome under "no change", so filtering on it keeps the tests valid
 * (independent filtering, Bourgon, Gentleman and Huber 2010) while shrinking the adjustment.
 * Only the family's changes are tested when the significance is computed; every node's score
 * and raw p-value are there too, worked out when first read ({@link NodeOutcomes}), since on a
 * large diff most nodes are outside the family and most outputs read none of them.
 */
final class NodeSignificance {

    /** The fewest samples (all runs together) a change needs to be tested at all. */
    static final int MIN_SAMPLES = 10;

    /**
     * Nodes per block of the node tests: the unit of work of a thread and of the interrupt check
     * (a few milliseconds of tests on a busy core).
     */
    static final int BLOCK = 1 << 10;

    /**
     * The fewest nodes worth testing on several threads. Measured on 2 cores, warm: the blocks
     * in parallel take about two thirds of the sequential time from a few hundred nodes up, but
     * below some 16k nodes (about 10 ms of tests) the few milliseconds saved do not justify
     * waking pool threads in a service that runs many small diffs.
     */
    static final int PARALLEL_THRESHOLD = 1 << 14;

    private final RunValues runs;
    private final ChangeTester test;
    private final RunVariation variation;
    private final double level;
    /** Every node's scores and raw p-values, worked out when asked for. */
    private final NodeOutcomes outcomes;
    /** The nodes whose self change is in the family, and their places in {@link #q}. */
    private final FamilyMembers selfMembers;
    /** The nodes whose total change is in the family, their places in {@link #q} after the self ones. */
    private final FamilyMembers totalMembers;
    /**
     * The adjusted p-values of the family only: the self changes in node order, then the totals.
     * A slot per node (two arrays of 8 bytes a node) held NaN for 99.6% of the async-profiler
     * benchmark pair's 24.9 M changes.
     */
    private final double[] q;
    /** The raw p-value of the root's total (the whole profile), judged on its own. */
    private final double wholeProfileP;

    /**
     * @param family the raw p-values of the tested family, the members' self changes then their
     *     totals, each in node order
     * @param wholeProfileP the raw p-value of the root's total
     */
    private NodeSignificance(RunValues runs, ChangeTester test, RunVariation variation, double level,
                             NodeOutcomes outcomes, FamilyMembers selfMembers, FamilyMembers totalMembers,
                             double[] family, double wholeProfileP) {
        this.runs = runs;
        this.test = test;
        this.variation = variation;
        this.level = level;
        this.outcomes = outcomes;
        this.selfMembers = selfMembers;
        this.totalMembers = totalMembers;
        this.q = DiffInterrupts.adjust(family);
        this.wholeProfileP = wholeProfileP;
    }

    /** Returns whether the change has enough samples to be part of the tested family. */
    private static boolean tested(RunValues runs, ChangeTester test, int node, boolean self) {
        if (test.model() == NoiseModel.EXACT) {
            return true;
        }
        long samples = 0;
        for (int r = 0; r < runs.runs(); r++) {
            if (runs.hasCounts()) {
                samples += self ? runs.selfCount(node, r) : runs.totalCount(node, r);
            } else {
                samples += self ? runs.self(node, r) : runs.total(node, r);
            }
        }
        return samples >= MIN_SAMPLES;
    }

    /**
     * Tests every node of a union tree of {@code size} nodes, on several threads when the tree is
     * large (see {@link #compute(int, RunValues, ChangeTester, double, boolean)}).
     *
     * @throws CancellationException if the calling thread is interrupted meanwhile
     */
    static NodeSignificance compute(int size, RunValues runs, ChangeTester test, double level) {
        return compute(size, runs, test, level, size >= PARALLEL_THRESHOLD, BLOCK);
    }

    /**
     * Tests every node of a union tree of {@code size} nodes.
     *
     * <p>With {@code parallel} (the default path asks for it from {@value #PARALLEL_THRESHOLD}
     * nodes), blocks of {@code block} nodes are tested on the common
     * {@link java.util.concurrent.ForkJoinPool} (a parallel stream), the calling thread taking
     * its share. The common pool rather than a pool of our own or a
     * parallelism option: a library must not start threads it would have to own, and the
     * common pool is bounded by the machine, so a service running many diffs at once gets no
     * speed-up from it but no oversubscription either, while a lone diff (the CLI) uses every
     * core. An embedder that wants fewer threads per diff limits the common pool itself (the
     * JDK's {@code java.util.concurrent.ForkJoinPool.common.parallelism}). The result is
     * the same, bit for bit, whichever way it is computed: every node writes only its own slots
     * and the Benjamini–Hochberg adjustment runs afterwards on the calling thread.
     *
     * @throws CancellationException if the calling thread is interrupted meanwhile (checked
     *     before each block; the interrupt status is left set)
     */
    static NodeSignificance compute(int size, RunValues runs, ChangeTester test, double level,
                                    boolean parallel, int block) {
        return compute(size, runs, test, level, parallel, block, true);
    }

    /**
     * Tests every node, as {@link #compute(int, RunValues, ChangeTester, double, boolean, int)}
     * does.
     *
     * @param centerOnSize whether, when the variation is not measured on the diff, the tests are
     *     centered on the sides' size ratio ({@link SizeRatio}); false when the caller scaled the
     *     sides by factors of its own (a benchmark's operations), which the centering would undo
     */
    static NodeSignificance compute(int size, RunValues runs, ChangeTester test, double level,
                                    boolean parallel, int block, boolean centerOnSize) {
        RunVariation variation = RunVariationEstimator.program(size, runs, test);
        double[] sizes = RunSizes.of(runs, test.model());
        test = test.withRunVariation(variation.value())
                .withSystemVariation(RunVariationEstimator.system(size, runs, test, variation, sizes))
                .withRunSpread(
                RunSpread.estimate(size, runs, test.model(), 0, runs.baseRuns(), sizes),
                RunSpread.estimate(size, runs, test.model(), runs.baseRuns(), runs.runs(), sizes));
        // The whole profile's runs are judged as recorded: how much whole runs vary is its noise.
        ChangeTester wholeProfile = test.withRunSpread(Double.NaN, Double.NaN);
        test = test.withRunSizes(sizes);
        if (centerOnSize && sizes != null) {
            // Several runs of sample counts, each divided by its size: the runs' sizes no longer
            // hide how much the sides differ as a whole, so the tests are centered on the nodes'
            // median share ratio when it is clearly away from 1 (by SizeRatio.MIN_Z of its own
            // standard errors), and then carry that estimate's error: a center left at 1, or one
            // off by a few percent, would make the large functions' small noise call them all
            // changes. A median near 1 is left out, as its error would only cost power.
            double[] center = SizeRatio.median(size, runs, test.baseScale(), test.headScale());
            if (Math.abs(Math.log(center[0])) > SizeRatio.MIN_Z * Math.sqrt(center[1])) {
                variation = new RunVariation(variation.value(), variation.source(), variation.estimate(),
                        variation.nodes(), center[0] - 1);
                test = test.centeredOn(center[0]).withCenterVariance(center[1]);
            }
        } else if (centerOnSize && !variation.measured() && test.model() != NoiseModel.EXACT) {
            // No center measured: the sides' robust size ratio is the center instead, so a run
            // that got more CPU does not make every frame slower.
            double ratio = SizeRatio.center(size, runs, test.baseScale(), test.headScale(), variation.value());
            variation = new RunVariation(variation.value(), variation.source(), variation.estimate(),
                    variation.nodes(), ratio - 1);
            test = test.centeredOn(ratio);
        }
        if (variation.measured()) {
            // Nodes are judged against the empirical null, centered on the bulk of the profile.
            // The whole profile is not: its center would be its own change. Nor does the nodes'
            // spread say how much whole runs vary (a busy machine slows every frame at once), so
            // with one run per side it keeps the assumed variation.
            test = test.centeredOn(1 + variation.shift());
            wholeProfile = wholeProfile.withRunVariation(
                    Math.max(variation.value(), DiffOptions.DEFAULT_RUN_VARIATION));
        }
        NodeOutcomes outcomes = new NodeOutcomes(size, runs, test, wholeProfile);
        ChangeTester nodeTest = test;
        FamilyMembers selfMembers = new FamilyMembers(size);
        FamilyMembers totalMembers = new FamilyMembers(size);
        // First which changes are in the family, a 64-node word at a time (a word is written by
        // one thread), so the family's p-values can be laid out without a slot per node.
        int words = selfMembers.words();
        int wordsPerBlock = Math.max(1, block >>> 6);
        DiffInterrupts.forEachBlock((words + wordsPerBlock - 1) / wordsPerBlock, parallel, b -> {
            for (int w = b * wordsPerBlock, end = Math.min(words, w + wordsPerBlock); w < end; w++) {
                long self = 0;
                long total = 0;
                for (int i = 0, node = w << 6; i < 64 && node < size; i++, node++) {
                    self |= tested(runs, nodeTest, node, true) ? 1L << i : 0;
                    // The root's total is left out (see below).
                    total |= node != 0 && tested(runs, nodeTest, node, false) ? 1L << i : 0;
                }
                selfMembers.setWord(w, self);
                totalMembers.setWord(w, total);
            }
        });
        selfMembers.seal();
        totalMembers.seal();
        double[] family = new double[selfMembers.count() + totalMembers.count()];
        int blocks = (int) ((size + (long) block - 1) / block);
        // Only the changes in the family are tested here; the others' outcomes are worked out
        // if someone asks (see NodeOutcomes). Each change writes only its own slot, so the blocks
        // may run in any order on any thread and the family comes out the same.
        DiffInterrupts.forEachBlock(blocks, parallel, b -> {
            int from = b * block;
            testFamily(from, from + Math.min(block, size - from), nodeTest, outcomes.scratch(), selfMembers,
                    totalMembers, family);
        });
        // The whole profile's change is the one question asked of every diff (the headline, the
        // gate), not one of thousands of exploratory node tests: it is judged on its own.
        double wholeProfileP = outcomes.scratch().test(0, false).pValue();
        return new NodeSignificance(runs, test, variation, level, outcomes, selfMembers, totalMembers, family,
                wholeProfileP);
    }

    /** Writes the raw p-values of the family's changes among the nodes [from, to). */
    private static void testFamily(int from, int to, ChangeTester test, NodeOutcomes.Scratch scratch,
                                   FamilyMembers selfMembers, FamilyMembers totalMembers, double[] family) {
        int totals = selfMembers.count();
        for (int node = from; node < to; node++) {
            int self = selfMembers.indexOf(node);
            if (self >= 0) {
                family[self] = scratch.test(node, true).pValue();
            }
            int total = totalMembers.indexOf(node);
            if (total >= 0) {
                family[totals + total] = scratch.test(node, false).pValue();
            }
        }
    }


    RunValues runs() {
        return runs;
    }

    /** Returns the tests of self-value sums (all nodes of one frame, say), judged as the nodes were. */
    SelfSumTests selfSums() {
        return new SelfSumTests(runs, test);
    }

    /** Returns the tester the node tests used (its run variation, spread and centering). */
    ChangeTester tester() {
        return test;
    }

    NoiseModel model() {
        return test.model();
    }

    double runVariation() {
        return variation.value();
    }

    /** Returns the run-to-run variation system work was tested with, NaN when the same as the program's. */
    double systemVariation() {
        return test.systemVariation();
    }

    /** Returns the run-to-run variation the one-run tests used and where it came from. */
    RunVariation runVariationDetails() {
        return variation;
    }

    /** Returns the measured relative run-to-run spread c of one side, NaN when not measured. */
    double measuredSpread(boolean base) {
        return Math.sqrt(base ? test.baseSpread2() : test.headSpread2());
    }

    double level() {
        return level;
    }

    double selfScore(int node) {
        return outcomes.selfScore(node);
    }

    double selfP(int node) {
        return nanToOne(outcomes.selfP(node));
    }

    double selfQ(int node) {
        int i = selfMembers.indexOf(node);
        return i < 0 ? 1 : nanToOne(q[i]);
    }

    boolean selfSignificant(int node) {
        int i = selfMembers.indexOf(node);
        return i >= 0 && q[i] <= level;
    }

    double totalScore(int node) {
        return outcomes.totalScore(node);
    }

    double totalP(int node) {
        return nanToOne(outcomes.totalP(node));
    }

    double totalQ(int node) {
        return nanToOne(totalAdjusted(node));
    }

    boolean totalSignificant(int node) {
        return totalAdjusted(node) <= level;
    }

    /** Returns the total change's adjusted p-value (the root's raw one), NaN when it is not tested. */
    private double totalAdjusted(int node) {
        if (node == 0) {
            return wholeProfileP;
        }
        int i = totalMembers.indexOf(node);
        return i < 0 ? Double.NaN : q[selfMembers.count() + i];
    }

    private static double nanToOne(double p) {
        return Double.isNaN(p) ? 1 : p;
    }
}
