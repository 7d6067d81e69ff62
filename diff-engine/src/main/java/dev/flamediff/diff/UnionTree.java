package dev.flamediff.diff;

import dev.flamediff.model.ValueType;

/**
 * Both sides' runs merged into one union tree whose nodes are not tested yet, the first half of
 * {@link Diffs#diff} ({@link Diffs#union}): per node its frame, parent, depth and subtree end,
 * its values per run and per side, and the totals. It refers to none of the profiles' call trees,
 * so a caller that lets go of the profiles before {@link #test()} frees them for the node tests,
 * the by-function view and the output: on two recordings of some 270 MB the two call trees are
 * about 0.9 GB, a third of the live heap at the diff's peak. Immutable; {@link #test()} gives the
 * same diff however often it is called.
 */
public final class UnionTree {

    private final DiffTree done;
    private final ValueType type;
    private final NoiseModel model;
    private final DiffOptions options;
    private final DiffSide base;
    private final DiffSide head;
    private final double baseScale;
    private final double headScale;
    private final int runs;
    private final int baseRuns;
    private final UnionFrames frames;
    private final int[] parent;
    private final int[] end;
    private final int[] depth;
    private final double[] baseSelf;
    private final double[] headSelf;
    private final double[] baseTotal;
    private final double[] headTotal;
    private final long[] runSelf;
    private final long[] runCount;

    UnionTree(ValueType type, NoiseModel model, DiffOptions options, DiffSide base, DiffSide head,
              double baseScale, double headScale, int runs, int baseRuns, UnionFrames frames, int[] parent,
              int[] end, int[] depth, double[] baseSelf, double[] headSelf, double[] baseTotal,
              double[] headTotal, long[] runSelf, long[] runCount) {
        this.done = null;
        this.type = type;
        this.model = model;
        this.options = options;
        this.base = base;
        this.head = head;
        this.baseScale = baseScale;
        this.headScale = headScale;
        this.runs = runs;
        this.baseRuns = baseRuns;
        this.frames = frames;
        this.parent = parent;
        this.end = end;
        this.depth = depth;
        this.baseSelf = baseSelf;
        this.headSelf = headSelf;
        this.baseTotal = baseTotal;
        this.headTotal = headTotal;
        this.runSelf = runSelf;
        this.runCount = runCount;
    }

    /** A diff already tested (the reversed stacks need both trees of each side to the end). */
    UnionTree(DiffTree done) {
        this.done = done;
        this.type = null;
        this.model = null;
        this.options = null;
        this.base = null;
        this.head = null;
        this.baseScale = 0;
        this.headScale = 0;
        this.runs = 0;
        this.baseRuns = 0;
        this.frames = null;
        this.parent = null;
        this.end = null;
        this.depth = null;
        this.baseSelf = null;
        this.headSelf = null;
        this.baseTotal = null;
        this.headTotal = null;
        this.runSelf = null;
        this.runCount = null;
    }

    /** Returns the number of union nodes. */
    public int size() {
        return done != null ? done.size() : frames.size();
    }

    /**
     * Tests every node and returns the diff, the same as {@link Diffs#diff} of the profiles this
     * union was merged from.
     *
     * @return the diff, never null
     * @throws java.util.concurrent.CancellationException if the thread was interrupted (the
     *     interrupt flag stays set)
     */
    public DiffTree test() {
        if (done != null) {
            return done;
        }
        int n = frames.size();
        Normalization normalization = options.normalization();
        // The function ids depend on the frames alone: on a large diff they are worked out on the
        // pool beside the run values and node tests.
        DiffInterrupts.Forked<FunctionIds> ids = DiffInterrupts.fork(n >= FunctionParts.PARALLEL_THRESHOLD,
                caller -> FunctionIds.of(frames, caller));
        boolean[] system = FrameClass.systemMask(frames, parent);
        RunValues values = new RunValues(runs, baseRuns, runSelf, runCount, parent, system);
        NodeSignificance significance = NodeSignificance.compute(n, values,
                new ChangeTester(model, baseScale, headScale, options.runVariation()),
                options.significanceLevel(), n >= NodeSignificance.PARALLEL_THRESHOLD, NodeSignificance.BLOCK,
                normalization.mode() != Normalization.Mode.FACTORS);
        return new DiffTree(type, normalization, base, head, frames, parent, end, depth,
                baseSelf, headSelf, baseTotal, headTotal, significance, options.gate(), ids.join());
    }
}
