package dev.flamediff.diff;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Merges the runs of both sides, each a pre-ordered tree with sorted children, into one
 * {@link UnionTree}: the union walk gives the nodes, this class adds up each node's values per run
 * and side, scales them by the normalization and derives totals and subtree ends; the union tree
 * then has its nodes tested. Single use; a large union is walked in parts on the common pool
 * ({@link UnionParts}), node for node the same.
 */
final class UnionTreeMerger {

    private final List<Profile> baseProfiles;
    private final List<Profile> headProfiles;
    private final CallTree[] trees;
    private final int[] valueIndex;
    /** Per tree, the index of the sample counts behind weighted values, or null when not tested on them. */
    private final int[] countValueIndex;
    private final int baseRuns;
    private final ValueType type;
    private final NoiseModel model;
    private final DiffOptions options;
    private final Normalization normalization;

    /** Whether the sides' values are read from the run values (see {@link #merge}). */
    private boolean exact;
    private final boolean allowExact;
    /** The nodes of all trees together. */
    private final long treeNodes;
    /** The union's first arrays: room for the largest tree's nodes and an eighth more. */
    private final int capacity;
    private final long partsFrom;

    /**
     * Below this (with room for the rounding of the sum of magnitudes itself) every partial sum of
     * the values is an integer a double holds exactly, whatever the order it is summed in.
     */
    private static final double EXACT_LIMIT = 0x1p52;

    /**
     * @param type the value type compared, which every profile has
     * @param countType the sample counts behind weighted values, which every profile has, used only
     *     by the compound Poisson model; null when there are none
     * @param model the noise model the node tests assume
     */
    UnionTreeMerger(List<Profile> base, List<Profile> head, ValueType type, ValueType countType,
                    NoiseModel model, DiffOptions options) {
        this(base, head, type, countType, model, options, true);
    }

    /**
     * @param allowExact false to keep the sides' values in arrays of doubles even where the run
     *     values hold them (tests compare both)
     */
    UnionTreeMerger(List<Profile> base, List<Profile> head, ValueType type, ValueType countType,
                    NoiseModel model, DiffOptions options, boolean allowExact) {
        this(base, head, type, countType, model, options, allowExact, UnionParts.PARALLEL_THRESHOLD);
    }

    /**
     * @param partsFrom the fewest tree nodes (all trees together) whose union is walked in parts
     *     on several threads ({@link UnionParts}); tests compare both ways
     */
    UnionTreeMerger(List<Profile> base, List<Profile> head, ValueType type, ValueType countType,
                    NoiseModel model, DiffOptions options, boolean allowExact, long partsFrom) {
        this.allowExact = allowExact;
        this.partsFrom = partsFrom;
        this.baseProfiles = List.copyOf(base);
        this.headProfiles = List.copyOf(head);
        List<Profile> all = new ArrayList<>(base);
        all.addAll(head);
        this.trees = all.stream().map(Profile::tree).toArray(CallTree[]::new);
        this.valueIndex = Arrays.stream(trees).mapToInt(t -> t.valueIndex(type)).toArray();
        this.countValueIndex = model == NoiseModel.COMPOUND_POISSON
                ? Arrays.stream(trees).mapToInt(t -> t.valueIndex(countType)).toArray() : null;
        this.baseRuns = base.size();
        this.type = type;
        this.model = model;
        this.options = options;
        this.normalization = options.normalization();
        // Sized for the largest tree and an eighth more: the union of similar profiles rarely
        // needs more, and growing by doubling from small would allocate twice the final arrays.
        this.capacity = Math.max(256, Arrays.stream(trees).mapToInt(CallTree::size).max().orElse(0) / 8 * 9);
        this.treeNodes = Arrays.stream(trees).mapToLong(CallTree::size).sum();
    }

    /**
     * Returns the union tree, its nodes not tested yet: it refers to none of the profiles' trees.
     *
     * @throws java.util.concurrent.CancellationException if the thread was interrupted
     */
    UnionTree merge() {
        int k = trees.length;
        int headRuns = k - baseRuns;
        double rawBase = 0;
        double rawHead = 0;
        for (int t = 0; t < k; t++) {
            double g = trees[t].grandTotal(valueIndex[t]);
            if (t < baseRuns) {
                rawBase += g / baseRuns;
            } else {
                rawHead += g / headRuns;
            }
        }
        double baseScale = 1;
        double headScale = 1;
        switch (normalization.mode()) {
            case NONE -> { }
            // An empty side cannot be scaled to: a factor of 0 would erase base and, with it,
            // every removed frame; so an empty base or head leaves the values as recorded.
            case TOTAL -> baseScale = rawBase == 0 || rawHead == 0 ? 1 : rawHead / rawBase;
            case FACTORS -> {
                baseScale = normalization.baseFactor();
                headScale = normalization.headFactor();
            }
        }
        double baseWeight = baseScale / baseRuns;
        double headWeight = headScale / headRuns;
        // One run a side at their recorded scale: each side's value of a node is its run's long,
        // which the diff then reads from the run values instead of four arrays of doubles (32
        // bytes a node). The same bits: a double sum of integers is exact below 2^53, checked below.
        exact = allowExact && baseRuns == 1 && headRuns == 1 && baseWeight == 1 && headWeight == 1;
        boolean exactValues = exact;
        int[] frameOffsets = UnionFrames.offsets(trees);
        UnionParts.NodesFactory factory = (first, taken) -> new UnionNodes(trees, frameOffsets, valueIndex, countValueIndex,
                baseRuns, exactValues, baseWeight, headWeight, first, taken);
        UnionTreeWalk walk = new UnionTreeWalk(trees, options.exactFrameKinds());
        UnionNodes nodes;
        if (treeNodes >= partsFrom) {
            nodes = new UnionParts(trees, walk, factory, treeNodes).merge();
        } else {
            UnionNodes all = factory.create(capacity, treeNodes);
            walk.walk((par, matches, from, to) ->
                    all.add(par, par < 0 ? 0 : all.depth(par) + 1, matches, from, to));
            nodes = all;
        }
        int n = nodes.size;
        double[] absSum = nodes.absSum;
        long[] sideSum = nodes.sideSum;
        // Trimmed (unless walked in parts, which joins them at the union's size): the arrays
        // were sized with room to spare, and the untrimmed ones would stay reachable while the
        // nodes are tested, a peak of some 44 bytes a node more.
        UnionFrames frames = UnionFrames.of(UnionFrames.table(trees), trimmed(nodes.frameSlot, n));
        nodes.frameSlot = null;
        int[] parent = trimmed(nodes.parent, n);
        nodes.parent = null;
        int[] depth = trimmed(nodes.depth, n);
        nodes.depth = null;
        long[] runSelf = trimmed(nodes.runSelf, n * k);
        nodes.runSelf = null;
        long[] runCount = nodes.runCount == null ? null : trimmed(nodes.runCount, n * k);
        nodes.runCount = null;
        double[] baseSelf = nodes.baseSelf;
        double[] headSelf = nodes.headSelf;
        nodes.baseSelf = null;
        nodes.headSelf = null;
        if (exact && (absSum[0] >= EXACT_LIMIT || absSum[1] >= EXACT_LIMIT)) {
            // Partial sums could round as doubles: the sides' values go back into arrays of doubles,
            // each node's sum rounded once (summed as doubles, a node merged from several nodes of
            // a tree could round differently; no profile of 2^52 units of value has been seen).
            exact = false;
            baseSelf = new double[n];
            headSelf = new double[n];
            for (int i = 0; i < n; i++) {
                baseSelf[i] = runSelf[i * k];
                headSelf[i] = runSelf[i * k + 1];
            }
        }
        int[] end = new int[n];
        double[] baseTotal = null;
        double[] headTotal = null;
        if (!exact) {
            baseSelf = trimmed(baseSelf, n);
            headSelf = trimmed(headSelf, n);
            baseTotal = baseSelf.clone();
            headTotal = headSelf.clone();
        }
        for (int i = n - 1; i >= 0; i--) {
            DiffInterrupts.checkEvery(i);
            if (end[i] == 0) {
                end[i] = i + 1;
            }
            if (i > 0) {
                int p = parent[i];
                end[p] = Math.max(end[p], end[i]);
                if (!exact) {
                    baseTotal[p] += baseTotal[i];
                    headTotal[p] += headTotal[i];
                }
            }
        }
        DiffSide base = side(baseProfiles, baseScale, exact ? sideSum[0] : baseTotal[0]);
        DiffSide head = side(headProfiles, headScale, exact ? sideSum[1] : headTotal[0]);
        return new UnionTree(type, model, options, base, head, baseScale, headScale, k, baseRuns,
                frames, parent, end, depth, exact ? null : baseSelf, exact ? null : headSelf, baseTotal, headTotal,
                runSelf, runCount);
    }

    private static int[] trimmed(int[] a, int n) {
        return a.length == n ? a : Arrays.copyOf(a, n);
    }

    private static long[] trimmed(long[] a, int n) {
        return a.length == n ? a : Arrays.copyOf(a, n);
    }

    private static double[] trimmed(double[] a, int n) {
        return a.length == n ? a : Arrays.copyOf(a, n);
    }

    private static DiffSide side(List<Profile> profiles, double scale, double total) {
        List<ProfileMetadata> runs = profiles.stream().map(Profile::metadata).toList();
        return new DiffSide(runs, scale, total);
    }
}
