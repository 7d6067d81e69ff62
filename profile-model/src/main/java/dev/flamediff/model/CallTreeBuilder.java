package dev.flamediff.model;

import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * Assembles a {@link CallTree} from stacks. Mutable and single-threaded; {@link #build()} may be
 * called once. Nodes are addressed by builder-local ids while building (the root is 0); they are
 * renumbered into pre-order by {@link #build()}.
 *
 * <p>Growing the arrays and building the tree take time in proportion to the nodes (hundreds of
 * milliseconds for millions of them), so both stop when the thread is interrupted: they throw
 * {@link CancellationException} and leave the interrupt flag set. A reader turns it into the
 * interrupted read it reports; the builder is then of no further use.
 */
public final class CallTreeBuilder {

    private final FrameTable.Builder frames;
    private List<ValueType> valueTypes;
    private final TreeLimits limits;
    /**
     * The children of a node with at most this many are found by walking its sibling list; the
     * children of a wider node are also kept in {@link #childIndex}. Most nodes of a large tree
     * have one or two children, and a path added in one go has consecutive ids, so walking the
     * list touches memory that is already cached, where every hash lookup is a cache miss.
     */
    private static final int LIST_MAX = 2;

    static final int LINK = 4;
    /** The node's frame id. */
    static final int FRAME = 0;
    /** The most recently added child, 0 for none (the root is nobody's child). */
    static final int FIRST = 1;
    /** The next older sibling, 0 for none. */
    static final int NEXT = 2;
    /** The number of children. */
    static final int COUNT = 3;
    /** The most nodes a builder takes: the limit it had when its links were one array. */
    private static final int MAX_CAPACITY = (Integer.MAX_VALUE - 8) / LINK;
    /** Nodes handled between two interrupt checks; a power of two, so the test is a mask. */
    static final int CHECK_EVERY = 4096;

    private final LongIntMap childIndex = new LongIntMap(1024);
    /**
     * The nodes, in pages that grow without copying. Links are what a child lookup reads, four
     * ints per node side by side ({@link #FRAME}, {@link #FIRST}, {@link #NEXT}, {@link #COUNT}):
     * stepping to a child then costs one cache miss, not four.
     */
    private final NodePages nodes;
    private int size;
    private boolean built;
    /**
     * The stacks {@link #addStack(int[], int, long...)} took, until a call that works on nodes
     * (or a buffer that is full) puts them into {@link #nodes}; null from then on.
     */
    private BufferedStacks buffered;
    /** The most frames the buffer holds: each costs an int, where a node costs some 32 bytes. */
    private static final int MAX_BUFFERED_FRAMES = 1 << 28;

    /** Creates a builder for trees with the given value types and no limits. */
    public CallTreeBuilder(List<ValueType> valueTypes) {
        this(valueTypes, TreeLimits.NONE);
    }

    /**
     * Creates a builder for trees with the given value types whose size is bounded by the limits;
     * the methods that add nodes throw {@link LimitExceededException} when a limit is exceeded.
     */
    public CallTreeBuilder(List<ValueType> valueTypes, TreeLimits limits) {
        this(valueTypes, limits, 16);
    }

    /** As {@link #CallTreeBuilder(List, TreeLimits)}, with pages of {@code 2^pageShift} nodes (tests use small ones). */
    CallTreeBuilder(List<ValueType> valueTypes, TreeLimits limits, int pageShift) {
        if (valueTypes.isEmpty()) {
            throw new IllegalArgumentException("a call tree needs at least one value type");
        }
        this.valueTypes = List.copyOf(valueTypes);
        this.limits = limits;
        this.frames = new FrameTable.Builder();
        this.nodes = new NodePages(valueTypes.size(), pageShift);
        nodes.parent[0][0] = -1;
        size = 1;
        // Fewer frames than the node limit allows nodes: a buffered tree cannot exceed it.
        buffered = new BufferedStacks(valueTypes.size(), Math.min(MAX_BUFFERED_FRAMES, limits.maxNodes() - 1));
    }

    /**
     * Puts the buffered stacks into the nodes, for a call that reads or changes nodes; later
     * stacks go straight to the nodes.
     */
    private void unbuffer() throws LimitExceededException {
        BufferedStacks stacks = buffered;
        if (stacks != null) {
            buffered = null;
            stacks.replayInto(this);
        }
    }

    /** {@link #unbuffer} for a call that cannot exceed a limit by its own nodes. */
    private void unbufferWithin() {
        try {
            unbuffer();
        } catch (LimitExceededException e) {
            // The buffer held fewer frames than the node limit and no stack past the depth limit.
            throw new IllegalStateException(e);
        }
    }

    /** Returns the value types of the tree being built. */
    public List<ValueType> valueTypes() {
        return valueTypes;
    }

    /** Returns the id of the frame in the tree's frame table, adding it if new. */
    public int frameId(Frame frame) {
        return frames.intern(frame);
    }

    /** Returns the frame with the given id. */
    public Frame frame(int frameId) {
        return frames.frame(frameId);
    }

    /** Returns the number of nodes so far, the root included. */
    public int nodeCount() {
        unbufferWithin();
        return size;
    }

    /**
     * Returns the child of {@code node} with the given frame id, creating it if needed.
     *
     * @throws LimitExceededException if the node would exceed the depth or node-count limit
     * @throws CancellationException if the thread is interrupted while the arrays grow
     */
    public int child(int node, int frameId) throws LimitExceededException {
        if (buffered != null) {
            unbuffer();
        }
        NodePages p = nodes;
        int[][] pages = p.links;
        int shift = p.shift;
        int mask = p.mask;
        int[] np = pages[node >>> shift];
        int at = (node & mask) * LINK;
        int count = np[at + COUNT];
        if (count <= LIST_MAX) {
            for (int c = np[at + FIRST]; c != 0; ) {
                int[] cp = pages[c >>> shift];
                int cat = (c & mask) * LINK;
                if (cp[cat + FRAME] == frameId) {
                    return c;
                }
                c = cp[cat + NEXT];
            }
        } else {
            int existing = childIndex.get(key(node, frameId));
            if (existing >= 0) {
                return existing;
            }
        }
        int d = p.depth(node) + 1;
        if (d > limits.maxDepth()) {
            throw new LimitExceededException("stack deeper than the limit of " + limits.maxDepth() + " frames");
        }
        if (size >= limits.maxNodes()) {
            throw new LimitExceededException("more than the limit of " + limits.maxNodes() + " call-tree nodes");
        }
        if (size == p.capacity()) {
            if (size >= MAX_CAPACITY) {
                throw new LimitExceededException("more than " + MAX_CAPACITY + " call-tree nodes");
            }
            p.grow();
            pages = p.links;
            np = pages[node >>> shift];
        }
        int id = size++;
        int[] ip = pages[id >>> shift];
        int iat = (id & mask) * LINK;
        p.parent[id >>> shift][id & mask] = node;
        p.depth[id >>> shift][id & mask] = d;
        ip[iat + FRAME] = frameId;
        ip[iat + NEXT] = np[at + FIRST];
        np[at + FIRST] = id;
        np[at + COUNT] = count + 1;
        if (count == LIST_MAX) {
            for (int c = id; c != 0; c = p.link(c, NEXT)) {
                childIndex.put(key(node, p.link(c, FRAME)), c);
            }
        } else if (count > LIST_MAX) {
            childIndex.put(key(node, frameId), id);
        }
        return id;
    }

    private static long key(int node, int frameId) {
        return ((long) node << 32) | (frameId & 0xFFFFFFFFL);
    }

    /**
     * Raises the decimals of one value type (see {@link ValueType#decimals()}): every self value
     * added so far is multiplied by the matching power of ten, and later values are taken to be
     * in the finer unit. A reader calls it when a value with more decimal places than the ones
     * before turns up.
     *
     * @throws ArithmeticException if a value so far would no longer fit a long; the builder is
     *     then unchanged
     * @throws IllegalArgumentException if {@code decimals} is lower than the current ones or over
     *     {@link ValueType#MAX_DECIMALS}
     */
    public void raiseDecimals(int valueIndex, int decimals) {
        ValueType old = valueTypes.get(valueIndex);
        if (decimals < old.decimals() || decimals > ValueType.MAX_DECIMALS) {
            throw new IllegalArgumentException("cannot change decimals from " + old.decimals() + " to " + decimals);
        }
        if (decimals == old.decimals()) {
            return;
        }
        unbufferWithin();
        nodes.scale(valueIndex, ValueType.powerOfTen(decimals - old.decimals()), size);
        List<ValueType> types = new java.util.ArrayList<>(valueTypes);
        types.set(valueIndex, old.withDecimals(decimals));
        valueTypes = List.copyOf(types);
    }

    /** Adds to the self value of the node. */
    public void addSelf(int node, int valueIndex, long value) {
        unbufferWithin();
        nodes.addSelf(valueIndex, node, value);
    }

    /**
     * Adds one stack, root-side frame first, with one value per value type on its last frame.
     *
     * @throws LimitExceededException if a limit is exceeded
     */
    public void addStack(int[] frameIdsRootFirst, int length, long... values) throws LimitExceededException {
        if (buffered != null) {
            if (length > limits.maxDepth()) {
                throw new LimitExceededException("stack deeper than the limit of " + limits.maxDepth() + " frames");
            }
            if (buffered.add(frameIdsRootFirst, length, values)) {
                return;
            }
            unbuffer();
        }
        int node = 0;
        for (int i = 0; i < length; i++) {
            node = child(node, frameIdsRootFirst[i]);
        }
        for (int v = 0; v < values.length; v++) {
            nodes.addSelf(v, node, values[v]);
        }
    }

    /** Adds one stack given as frames, root-side first; see {@link #addStack(int[], int, long...)}. */
    public void addStack(List<Frame> stackRootFirst, long... values) throws LimitExceededException {
        int[] ids = new int[stackRootFirst.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = frameId(stackRootFirst.get(i));
        }
        addStack(ids, ids.length, values);
    }

    /**
     * Adds every path of another builder's tree with its self values, as if the stacks added to
     * {@code other} had been added here. Frames new to this builder are interned in the order
     * {@code other} first saw them, so a tree read in parts (one builder each) and merged in the
     * parts' order is the tree one builder would have read, frame ids included. Values are added
     * by value index: both builders need as many value types, with the same decimals; the kinds
     * and units are this builder's. {@code other} is left as it was.
     *
     * @throws LimitExceededException if this builder's node limit is exceeded (it then holds part
     *     of {@code other}'s nodes)
     * @throws CancellationException if the thread is interrupted (checked every few thousand nodes)
     * @throws IllegalArgumentException if the value types differ in number or decimals
     */
    public void addAll(CallTreeBuilder other) throws LimitExceededException {
        int values = nodes.self.length;
        if (other == this || other.nodes.self.length != values) {
            throw new IllegalArgumentException("cannot add a tree with other value types");
        }
        for (int v = 0; v < values; v++) {
            if (other.valueTypes.get(v).decimals() != valueTypes.get(v).decimals()) {
                throw new IllegalArgumentException("cannot add values of other decimals");
            }
        }
        unbuffer();
        other.unbufferWithin();
        int[] frameMap = new int[other.frames.size()];
        for (int f = 0; f < frameMap.length; f++) {
            frameMap[f] = frames.intern(other.frames.frame(f));
        }
        int[] nodeMap = new int[other.size];
        for (int n = 0; n < other.size; n++) {
            if ((n & (CHECK_EVERY - 1)) == 0) {
                InterruptibleCopies.checkInterrupt();
            }
            // A child is always made after its parent, so the parent is mapped already.
            int node = n == 0 ? 0 : child(nodeMap[other.nodes.parent(n)], frameMap[other.nodes.link(n, FRAME)]);
            nodeMap[n] = node;
            for (int v = 0; v < values; v++) {
                nodes.addSelf(v, node, other.nodes.self(v, n));
            }
        }
    }

    /**
     * Returns the immutable tree: nodes renumbered into pre-order, children sorted by frame.
     *
     * @throws CancellationException if the thread is interrupted meanwhile (checked every few
     *     thousand nodes); the interrupt flag stays set
     */
    public CallTree build() {
        if (built) {
            throw new IllegalStateException("build() was already called");
        }
        built = true;
        if (buffered != null) {
            BufferedStacks stacks = buffered;
            buffered = null;
            return stacks.tree(frames.build(), valueTypes);
        }
        return PreOrderNumbering.of(frames.build(), valueTypes, nodes, size);
    }
}
