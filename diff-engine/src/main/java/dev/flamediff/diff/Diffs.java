package dev.flamediff.diff;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.IncompatibleProfilesException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.StackReverser;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The diff stage's entry point: base and head profiles in, a {@link DiffTree} out. */
public final class Diffs {

    private Diffs() {
    }

    /**
     * Diffs one base profile against one head profile.
     *
     * @return the union tree, never null
     * @throws IncompatibleProfilesException if the profiles share no value type, or lack the one
     *     asked for in the options
     * @throws java.util.concurrent.CancellationException if the thread was interrupted (the
     *     interrupt flag stays set)
     */
    public static DiffTree diff(Profile base, Profile head, DiffOptions options)
            throws IncompatibleProfilesException {
        return diff(List.of(base), List.of(head), options);
    }

    /**
     * Diffs several runs per side: each node's value on a side is the mean over that side's runs.
     *
     * @return the union tree of all runs, never null
     * @throws IncompatibleProfilesException if the profiles share no value type, or lack the one
     *     asked for in the options
     * @throws IllegalArgumentException if a side has no profile
     * @throws java.util.concurrent.CancellationException if the thread was interrupted (checked
     *     every few thousand union nodes; the interrupt flag stays set)
     */
    public static DiffTree diff(List<Profile> base, List<Profile> head, DiffOptions options)
            throws IncompatibleProfilesException {
        if (base.isEmpty() || head.isEmpty()) {
            throw new IllegalArgumentException("each side needs at least one profile");
        }
        if (options.reversedStacks()) {
            DiffOptions asRecorded = options.withReversedStacks(false);
            DiffTree recorded = diff(base, head, asRecorded);
            return diff(reversed(base), reversed(head), asRecorded).summarizedBy(recorded);
        }
        List<Profile> all = new ArrayList<>(base);
        all.addAll(head);
        ValueType type = chooseValueType(all, options);
        ValueType countType = sampleCountType(type, all);
        NoiseModel model = options.noiseModel().orElse(
                type.isSampleCount() ? NoiseModel.POISSON
                        : countType != null ? NoiseModel.COMPOUND_POISSON : NoiseModel.EXACT);
        if (model == NoiseModel.COMPOUND_POISSON && countType == null) {
            // Without per-node sample counts the best available guess is one sample per unit.
            model = NoiseModel.POISSON;
        }
        UnionTreeMerger merger = new UnionTreeMerger(all, base.size(), type, options.normalization());
        if (model == NoiseModel.COMPOUND_POISSON) {
            merger.countValueIndex = all.stream().mapToInt(p -> p.tree().valueIndex(countType)).toArray();
        }
        merger.model = model;
        merger.options = options;
        return merger.merge(new DiffSideFactory(base, head));
    }

    private static List<Profile> reversed(List<Profile> profiles) {
        return profiles.stream().map(StackReverser::reverse).toList();
    }

    /**
     * Returns the sample-count value type that every profile carries next to a weighted value type
     * (the number of samples behind the nanoseconds or bytes), or null if there is none.
     */
    private static ValueType sampleCountType(ValueType type, List<Profile> all) {
        if (type.isSampleCount()) {
            return null;
        }
        for (ValueType candidate : all.get(0).valueTypes()) {
            if (candidate.isSampleCount()
                    && all.stream().allMatch(p -> p.tree().valueIndex(candidate) >= 0)) {
                return candidate;
            }
        }
        return null;
    }

    private static ValueType chooseValueType(List<Profile> all, DiffOptions options)
            throws IncompatibleProfilesException {
        if (options.valueType().isPresent()) {
            ValueType wanted = options.valueType().get();
            for (Profile p : all) {
                if (p.tree().valueIndex(wanted) < 0) {
                    throw new IncompatibleProfilesException("has no " + wanted + " values (it has "
                            + p.valueTypes() + ")", p.metadata().source(), p.metadata().format(), null, null);
                }
            }
            return wanted;
        }
        outer:
        for (ValueType candidate : all.get(0).valueTypes()) {
            for (Profile p : all) {
                if (p.tree().valueIndex(candidate) < 0) {
                    continue outer;
                }
            }
            return candidate;
        }
        throw new IncompatibleProfilesException("base and head measure different things ("
                + all.get(0).valueTypes() + " vs " + all.get(all.size() - 1).valueTypes() + ")");
    }

    /** Builds the two {@link DiffSide}s once the merger knows the raw totals. */
    record DiffSideFactory(List<Profile> base, List<Profile> head) {
        DiffSide side(boolean isBase, double scale, double total) {
            List<ProfileMetadata> runs = (isBase ? base : head).stream().map(Profile::metadata).toList();
            return new DiffSide(runs, scale, total);
        }
    }

    /** Merges k pre-ordered trees with sorted children into one union tree. */
    private static final class UnionTreeMerger {
        private final CallTree[] trees;
        private final int[] valueIndex;
        private final int baseRuns;
        private final Normalization normalization;

        UnionTreeMerger(List<Profile> all, int baseRuns, ValueType type, Normalization normalization) {
            this.trees = all.stream().map(Profile::tree).toArray(CallTree[]::new);
            this.valueIndex = Arrays.stream(trees).mapToInt(t -> t.valueIndex(type)).toArray();
            this.baseRuns = baseRuns;
            this.normalization = normalization;
            this.type = type;
            // Sized for the largest tree and an eighth more: the union of similar profiles rarely
            // needs more, and growing by doubling from small would allocate twice the final arrays.
            int capacity = Math.max(256, Arrays.stream(trees).mapToInt(CallTree::size).max().orElse(0) / 8 * 9);
            runSelf = new long[capacity * trees.length];
            frame = new Frame[capacity];
            parent = new int[capacity];
            depth = new int[capacity];
            baseSelf = new double[capacity];
            headSelf = new double[capacity];
        }

        private final ValueType type;
        private int[] countValueIndex;
        private NoiseModel model = NoiseModel.POISSON;
        private DiffOptions options = DiffOptions.DEFAULT;
        private long[] runSelf;
        private long[] runCount;
        private Frame[] frame;
        private int[] parent;
        private int[] depth;
        private double[] baseSelf;
        private double[] headSelf;
        private int size;

        DiffTree merge(DiffSideFactory sides) {
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

            new UnionTreeWalk(trees, options.exactFrameKinds()).walk(
                    (par, nodes, from, to) -> add(par, nodes, from, to, baseWeight, headWeight));
            int n = size;
            int[] end = new int[n];
            double[] baseTotal = Arrays.copyOf(baseSelf, n);
            double[] headTotal = Arrays.copyOf(headSelf, n);
            for (int i = n - 1; i >= 0; i--) {
                DiffInterrupts.checkEvery(i);
                if (end[i] == 0) {
                    end[i] = i + 1;
                }
                if (i > 0) {
                    int p = parent[i];
                    end[p] = Math.max(end[p], end[i]);
                    baseTotal[p] += baseTotal[i];
                    headTotal[p] += headTotal[i];
                }
            }
            DiffSide base = sides.side(true, baseScale, baseTotal[0]);
            DiffSide head = sides.side(false, headScale, headTotal[0]);
            int[] parents = Arrays.copyOf(parent, n);
            boolean[] system = FrameClass.systemMask(frame, n);
            RunValues runs = new RunValues(k, baseRuns, Arrays.copyOf(runSelf, n * k),
                    runCount == null ? null : Arrays.copyOf(runCount, n * k), parents, system);
            NodeSignificance significance = NodeSignificance.compute(n, runs,
                    new ChangeTester(model, baseScale, headScale, options.runVariation()),
                    options.significanceLevel(), n >= NodeSignificance.PARALLEL_THRESHOLD, NodeSignificance.BLOCK,
                    normalization.mode() != Normalization.Mode.FACTORS);
            return new DiffTree(type, normalization, base, head, Arrays.copyOf(frame, n),
                    parents, end, Arrays.copyOf(depth, n),
                    Arrays.copyOf(baseSelf, n), Arrays.copyOf(headSelf, n), baseTotal, headTotal,
                    significance, options.gate());
        }

        private int add(int par, int[] nodes, int[] from, int[] to, double baseWeight, double headWeight) {
            if (size == frame.length) {
                int cap = size * 2;
                frame = Arrays.copyOf(frame, cap);
                parent = Arrays.copyOf(parent, cap);
                depth = Arrays.copyOf(depth, cap);
                baseSelf = Arrays.copyOf(baseSelf, cap);
                headSelf = Arrays.copyOf(headSelf, cap);
            }
            int k = trees.length;
            if ((size + 1) * k > runSelf.length) {
                runSelf = Arrays.copyOf(runSelf, Math.max(runSelf.length * 2, (size + 1) * k));
            }
            if (countValueIndex != null && (runCount == null || (size + 1) * k > runCount.length)) {
                runCount = runCount == null ? new long[runSelf.length] : Arrays.copyOf(runCount, runSelf.length);
            }
            int id = size++;
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
            baseSelf[id] = b * baseWeight;
            headSelf[id] = h * headWeight;
            return id;
        }
    }

    /**
     * Orders frames by the key they are matched on across profiles: the name, then the kind's
     * match group. Kinds that only say how a method ran (interpreted, JIT, inlined, C1) or that a
     * format does not record (unknown, native, C++) do not split a frame, so a method JIT-compiled
     * in one run and interpreted in the next, or read from two formats, is one frame; kernel and
     * thread frames match only their own kind.
     */
    static int compareKey(Frame a, Frame b) {
        int byName = a.name().compareTo(b.name());
        return byName != 0 ? byName : Integer.compare(matchGroup(a.kind()), matchGroup(b.kind()));
    }

    private static int matchGroup(FrameKind kind) {
        return switch (kind) {
            case KERNEL -> 1;
            case THREAD -> 2;
            default -> 0;
        };
    }
}
