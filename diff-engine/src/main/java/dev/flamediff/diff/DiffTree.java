package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import dev.flamediff.model.PreOrderTree;
import dev.flamediff.model.ValueType;

/**
 * The union of a base and a head call tree: every call path present in either profile is a node,
 * with base and head self and total values (scaled by the normalization). Nodes are laid out in
 * depth-first pre-order with children sorted by name (frames that differ only in how a Java
 * method ran are one node; see {@code FrameMatch.compareKey}); node 0 is the root, and the
 * subtree of node {@code n} is {@code [n, end(n))}. Immutable and safe to share between threads.
 *
 * <p>Deltas are head minus base: positive is a regression (more time, bytes or instructions in
 * head), negative an improvement.
 */
public final class DiffTree extends PreOrderTree {

    private final ValueType valueType;
    private final Normalization normalization;
    private final DiffSide base;
    private final DiffSide head;
    private final UnionFrames frames;
    /** The sides' values per node, null when {@link #exact} holds them. */
    private final double[] baseSelf;
    private final double[] headSelf;
    private final double[] baseTotal;
    private final double[] headTotal;
    /**
     * With one run a side at their recorded scale, the run values, whose longs are the sides'
     * values (run 0 base, run 1 head): four arrays of doubles fewer, 32 bytes a union node.
     */
    private final RunValues exact;
    private final NodeSignificance significance;
    private final GateThresholds gate;
    private final FunctionTable functions;
    private final DiffSignificance view;
    /** The diff of the stacks as recorded: this one, unless this one's tree shows them reversed. */
    private final DiffTree recorded;
    /** The summary, built once on first use; a reversed diff shares its recorded diff's. */
    private final SummaryMemo summary;

    DiffTree(ValueType valueType, Normalization normalization, DiffSide base, DiffSide head,
             UnionFrames frames, int[] parent, int[] end, int[] depth,
             double[] baseSelf, double[] headSelf, double[] baseTotal, double[] headTotal,
             NodeSignificance significance, GateThresholds gate, FunctionIds ids) {
        super(parent, end, depth);
        this.significance = significance;
        this.exact = baseSelf == null ? significance.runs() : null;
        this.gate = gate;
        this.valueType = valueType;
        this.normalization = normalization;
        this.base = base;
        this.head = head;
        this.frames = frames;
        this.baseSelf = baseSelf;
        this.headSelf = headSelf;
        this.baseTotal = baseTotal;
        this.headTotal = headTotal;
        // Last: the by-function view reads the fields above (never the significance view,
        // which depends on it).
        this.functions = FunctionTable.of(this, significance, ids);
        this.view = new DiffSignificance(this, significance, functions);
        this.recorded = this;
        this.summary = new SummaryMemo(() -> DiffSummary.of(this, DiffSummary.DEFAULT_LIMIT));
    }

    /** A diff whose tree shows reversed stacks, with the by-function view of the recorded ones. */
    private DiffTree(DiffTree reversed, DiffTree recorded) {
        super(reversed);
        this.significance = reversed.significance;
        this.exact = reversed.exact;
        this.gate = reversed.gate;
        this.valueType = reversed.valueType;
        this.normalization = reversed.normalization;
        this.base = reversed.base;
        this.head = reversed.head;
        this.frames = reversed.frames;
        this.baseSelf = reversed.baseSelf;
        this.headSelf = reversed.headSelf;
        this.baseTotal = reversed.baseTotal;
        this.headTotal = reversed.headTotal;
        this.functions = FunctionTable.reversed(recorded.functions, this);
        this.view = new DiffSignificance(this, significance, functions);
        this.recorded = recorded;
        this.summary = recorded.summary;
    }

    /**
     * Returns this diff of reversed stacks with the by-function view, culprits and summary of the
     * diff of the same profiles as recorded.
     */
    DiffTree summarizedBy(DiffTree recorded) {
        return new DiffTree(this, recorded);
    }

    /**
     * Returns the diff of the stacks as recorded: this diff, unless its tree shows them reversed
     * ({@link DiffOptions#reversedStacks()}), in which case the one its functions, culprits and
     * {@link #summary()} come from.
     */
    public DiffTree asRecorded() {
        return recorded;
    }

    /**
     * Returns the by-function view: every function merged over its call paths, and the culprits.
     * With reversed stacks, the functions and culprits are those of the stacks as recorded
     * ({@link #asRecorded()}), mapped onto this tree's nodes.
     */
    public FunctionTable functions() {
        return functions;
    }

    /**
     * Returns the summary of this diff with up to {@link DiffSummary#DEFAULT_LIMIT} entries per
     * list: the ranked changes and the gate's verdict, which the renderers and the gate read.
     * Built on the first call and then the same instance for every caller and thread (the others
     * wait for the first); with reversed stacks, that of {@link #asRecorded()}.
     *
     * @return the summary, never null
     * @throws java.util.concurrent.CancellationException if the thread is interrupted while the
     *     summary is built or while it waits for another thread's build ("the diff was
     *     interrupted"; the flag stays set); nothing is kept, so a later call builds it again
     */
    public DiffSummary summary() {
        return summary.get();
    }

    /** Returns the value type compared. */
    public ValueType valueType() {
        return valueType;
    }

    /** Returns the normalization applied. */
    public Normalization normalization() {
        return normalization;
    }

    /** Returns the base side: its profiles, scale and total. */
    public DiffSide base() {
        return base;
    }

    /** Returns the head side: its profiles, scale and total. */
    public DiffSide head() {
        return head;
    }

    /** Returns the node's frame. */
    public Frame frame(int node) {
        return frames.frame(node);
    }

    /** Returns the nodes' frames as slots of one table, for what depends on the frame alone. */
    UnionFrames frames() {
        return frames;
    }

    /** Returns the node's base self value, scaled. */
    public double baseSelf(int node) {
        return exact != null ? exact.self(node, 0) : baseSelf[node];
    }

    /** Returns the node's head self value, scaled. */
    public double headSelf(int node) {
        return exact != null ? exact.self(node, 1) : headSelf[node];
    }

    /** Returns the node's base total value (self plus descendants), scaled. */
    public double baseTotal(int node) {
        return exact != null ? exact.total(node, 0) : baseTotal[node];
    }

    /** Returns the node's head total value (self plus descendants), scaled. */
    public double headTotal(int node) {
        return exact != null ? exact.total(node, 1) : headTotal[node];
    }

    /** Returns head self minus base self. */
    public double selfDelta(int node) {
        return headSelf(node) - baseSelf(node);
    }

    /** Returns head total minus base total. */
    public double totalDelta(int node) {
        return headTotal(node) - baseTotal(node);
    }

    /**
     * Returns the total delta relative to the node's own base total (0.25 = 25% slower), or
     * {@link Double#NaN} when the node has no base value (an added frame has no relative change).
     */
    public double totalDeltaRelative(int node) {
        return baseTotal(node) == 0 ? Double.NaN : totalDelta(node) / baseTotal(node);
    }

    /** Returns the self delta relative to the node's base self, or NaN when base self is 0. */
    public double selfDeltaRelative(int node) {
        return baseSelf(node) == 0 ? Double.NaN : selfDelta(node) / baseSelf(node);
    }

    /**
     * Returns the total delta as a share of the whole base profile: the node's impact on the
     * benchmark (0.05 = the whole profile got 5% bigger because of this node). 0 when base is empty.
     */
    public double totalImpact(int node) {
        return base.total() == 0 ? 0 : totalDelta(node) / base.total();
    }

    /** Returns the self delta as a share of the whole base profile. */
    public double selfImpact(int node) {
        return base.total() == 0 ? 0 : selfDelta(node) / base.total();
    }

    /** Returns whether the node's path exists in base, head or both. */
    public NodeStatus status(int node) {
        boolean inBase = baseTotal(node) != 0;
        boolean inHead = headTotal(node) != 0;
        if (inBase == inHead) {
            return NodeStatus.COMMON;
        }
        return inHead ? NodeStatus.ADDED : NodeStatus.REMOVED;
    }

    /**
     * Returns the frames from just below the root down to the node, root-side first (the root
     * itself is not included).
     */
    public Frame[] path(int node) {
        Frame[] out = new Frame[depth(node)];
        for (int n = node; n > 0; n = parent(n)) {
            out[depth(n) - 1] = frames.frame(n);
        }
        return out;
    }

    /**
     * Returns the noise view of this diff: which node changes rise above the noise, and the noise
     * model, run-to-run variation and false-discovery level the tests used.
     */
    public DiffSignificance significance() {
        return view;
    }

    /** Returns how many profiles the base side averages. */
    public int baseRuns() {
        return base.runs().size();
    }

    /** Returns how many profiles the head side averages. */
    public int headRuns() {
        return head.runs().size();
    }

    /** Returns the CI gate's thresholds, from the options; {@link #summary()} judges them. */
    public GateThresholds gate() {
        return gate;
    }

    /** Returns the significance data, for the summary's aggregate tests. */
    NodeSignificance nodeSignificance() {
        return significance;
    }
}
