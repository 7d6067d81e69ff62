package dev.flamediff.diff;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
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
 * then has its nodes tested. Single use, single-threaded.
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

    private long[] runSelf;
    private long[] runCount;
    private Frame[] frame;
    private int[] parent;
    private int[] depth;
    private double[] baseSelf;
    private double[] headSelf;
    private int size;
    /** Whether the sides' values are read from the run values (see {@link #merge}). */
    private boolean exact;
    private final boolean allowExact;
    /** The most nodes the union can have: one per node of every tree (the roots share one). */
    private final long nodeBound;
    /** The nodes of all trees together, and how many of them the union nodes so far took. */
    private final long treeNodes;
    private long treeNodesTaken;
    /** With {@link #exact}, per side the sum of the values' magnitudes, and the sum of the values. */
    private final double[] absSum = new double[2];
    private final long[] sideSum = new long[2];

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
        this.allowExact = allowExact;
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
        int capacity = Math.max(256, Arrays.stream(trees).mapToInt(CallTree::size).max().orElse(0) / 8 * 9);
        this.treeNodes = Arrays.stream(trees).mapToLong(CallTree::size).sum();
        this.nodeBound = Math.max(capacity, treeNodes);
        runSelf = new long[capacity * trees.length];
        frame = new Frame[capacity];
        parent = new int[capacity];
        depth = new int[capacity];
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
        if (!exact) {
            baseSelf = new double[frame.length];
            headSelf = new double[frame.length];
        }

        new UnionTreeWalk(trees, options.exactFrameKinds()).walk(
                (par, nodes, from, to) -> add(par, nodes, from, to, baseWeight, headWeight));
        int n = size;
        // Trimmed in place: the arrays were sized with room to spare, and the untrimmed ones
        // would stay reachable through this merger while the nodes are tested, a peak of some
        // 44 bytes a node more.
        frame = Arrays.copyOf(frame, n);
        parent = Arrays.copyOf(parent, n);
        depth = Arrays.copyOf(depth, n);
        runSelf = Arrays.copyOf(runSelf, n * k);
        runCount = runCount == null ? null : Arrays.copyOf(runCount, n * k);
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
            baseSelf = Arrays.copyOf(baseSelf, n);
            headSelf = Arrays.copyOf(headSelf, n);
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
                frame, parent, end, depth, exact ? null : baseSelf, exact ? null : headSelf, baseTotal, headTotal,
                runSelf, runCount);
    }

    /**
     * The capacity the arrays grow to when full: the union's size extrapolated from the share of
     * the trees' nodes walked so far (the walk takes them in pre-order, so that share is how far
     * it has come), with a tenth to spare, and between an eighth more and twice the size. Doubling
     * alone copied the arrays once or twice and left up to half of them unused (on a union of
     * 14.7 M nodes, a sixth of the merge's time was these copies).
     */
    private long grownCapacity() {
        long doubled = size * 2L;
        if (treeNodesTaken == 0) {
            return doubled;
        }
        double extrapolated = (double) size * treeNodes / treeNodesTaken * 1.1;
        return (long) Math.min(doubled, Math.max(size + size / 8 + 1, extrapolated));
    }

    private static DiffSide side(List<Profile> profiles, double scale, double total) {
        List<ProfileMetadata> runs = profiles.stream().map(Profile::metadata).toList();
        return new DiffSide(runs, scale, total);
    }

    private int add(int par, int[] nodes, int[] from, int[] to, double baseWeight, double headWeight) {
        if (size == frame.length) {
            // Every union node but the root takes a node of some tree: no more than all of them.
            int cap = (int) Math.max(size + 1L, Math.min(grownCapacity(), nodeBound));
            frame = Arrays.copyOf(frame, cap);
            parent = Arrays.copyOf(parent, cap);
            depth = Arrays.copyOf(depth, cap);
            if (!exact) {
                baseSelf = Arrays.copyOf(baseSelf, cap);
                headSelf = Arrays.copyOf(headSelf, cap);
            }
        }
        int k = trees.length;
        if ((size + 1) * k > runSelf.length) {
            runSelf = Arrays.copyOf(runSelf, Math.max(frame.length * k, (size + 1) * k));
        }
        if (countValueIndex != null && (runCount == null || (size + 1) * k > runCount.length)) {
            runCount = runCount == null ? new long[runSelf.length] : Arrays.copyOf(runCount, runSelf.length);
        }
        int id = size++;
        for (int t = 0; t < trees.length; t++) {
            treeNodesTaken += to[t] - from[t];
        }
        double b = 0;
        double h = 0;
        Frame f = Frame.ROOT;
        long fWeight = -1;
        for (int t = 0; t < trees.length; t++) {
            for (int i = from[t]; i < to[t]; i++) {
                int node = nodes[i];
                // The frame shown is the kind that carried the most of this path's value.
                Frame candidate = trees[t].frame(node);
                long weight = trees[t].total(valueIndex[t], node);
                if (weight > fWeight || (weight == fWeight && candidate.compareTo(f) < 0)) {
                    f = candidate;
                    fWeight = weight;
                }
                long v = trees[t].self(valueIndex[t], node);
                runSelf[id * k + t] += v;
                if (exact) {
                    absSum[t] += Math.abs((double) v);
                    sideSum[t] += v;
                }
                if (countValueIndex != null) {
                    runCount[id * k + t] += trees[t].self(countValueIndex[t], node);
                }
                if (t < baseRuns) {
                    b += v;
                } else {
                    h += v;
                }
            }
        }
        frame[id] = par < 0 ? Frame.ROOT : f;
        parent[id] = par;
        depth[id] = par < 0 ? 0 : depth[par] + 1;
        if (!exact) {
            baseSelf[id] = b * baseWeight;
            headSelf[id] = h * headWeight;
        }
        return id;
    }
}
