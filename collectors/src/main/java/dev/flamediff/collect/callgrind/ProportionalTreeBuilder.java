package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.TreeLimits;
import dev.flamediff.model.ValueType;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Builds an approximate call tree from a call graph by proportional expansion (as speedscope's
 * callgrind import does): a function reached with weight w puts {@code w * self / incl} on the
 * current stack and passes {@code w * cost(call) / incl} to each callee, assuming that every call
 * of a function looks like its average call. Recursion and cycles are guarded: a callee already
 * on the stack gets no share, because its cost is already inside the weight of its first
 * activation (callgrind's recursive call costs nest and would count it again). Shares are split
 * in integers that add up exactly, so the tree's total equals the sum of the self costs.
 *
 * <p>Functions are folded by object and display name first, so {@code fact'2} joins {@code fact}.
 * Calls whose share is at most a millionth of the total (for every event) are not expanded: their
 * weight stays in the caller's self value.
 */
final class ProportionalTreeBuilder {

    /** Calls worth at most a millionth of the total stay in their caller (see {@link #tiny}). */
    private static final long TINY_FRACTION = 1_000_000;
    /**
     * The expansion makes nodes the file never wrote, so it gets a budget of its own below the
     * node limit: {@link #NODES_PER_CALL} per call-graph edge, and at least {@link #MIN_NODES}. A
     * few kilobytes of gzip (a layer of 900 functions calling 900 others, each leading into a
     * chain) once expanded to 16 million nodes, 4.2 GB, under the default node limit.
     */
    static final int NODES_PER_CALL = 4;
    static final int MIN_NODES = 1 << 20;

    private final int values;
    /** Per value, the largest share a callee may get and still be folded into its caller. */
    private long[] tiny;
    private final List<String> names;
    private final List<long[]> self;
    private final int[][] callees;
    private final long[][][] callCosts;
    private boolean clamped;

    private ProportionalTreeBuilder(FoldedCallGraph folded) {
        this.values = folded.values();
        this.names = folded.names();
        this.self = folded.self();
        this.callees = folded.callees();
        this.callCosts = folded.callCosts();
    }

    /** The tree and whether call costs exceeded the costs of the functions called somewhere. */
    record Result(CallTree tree, boolean clamped) {
    }

    /**
     * Returns the tree.
     *
     * @param eventOrder for each value index of the tree, the event index in the file
     * @param root a frame to put above every stack (a thread), or null
     * @throws LimitExceededException if the tree exceeds the limits
     */
    static Result build(CallGraph graph, List<ValueType> valueTypes, int[] eventOrder, Frame root, TreeLimits limits,
                        String source) throws LimitExceededException, InterruptedIOException {
        FoldedCallGraph folded = FoldedCallGraph.of(graph, eventOrder, source);
        ProportionalTreeBuilder b = new ProportionalTreeBuilder(folded);
        long budget = Math.max(MIN_NODES, (long) NODES_PER_CALL * graph.calls().size());
        boolean ownBudget = budget < limits.maxNodes();
        long cap = ownBudget ? budget : limits.maxNodes();
        long[][] rootWeight = b.prepare(source);
        ReadInterrupts.check(source);
        if (ExpansionBound.upperBound(folded.callees(), rootWeight, root != null, cap, source) > cap) {
            // Counted before any node is made: a file a few hundred kilobytes long can ask for
            // millions of nodes, and building them only to fail at the budget took gigabytes.
            b.walk(rootWeight, null, 0, null, source, cap, ownBudget);
        }
        CallTreeBuilder builder = new CallTreeBuilder(valueTypes, ownBudget ? limits.withMaxNodes((int) budget) : limits);
        int[] frameIds = new int[b.names.size()];
        for (int f = 0; f < frameIds.length; f++) {
            if ((f & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            frameIds[f] = builder.frameId(new Frame(b.names.get(f), FrameKind.NATIVE));
        }
        int top = root == null ? 0 : builder.child(0, builder.frameId(root));
        b.walk(rootWeight, builder, top, frameIds, source, cap, ownBudget);
        return new Result(builder.build(), b.clamped);
    }

    /** Computes the root weights and the tiny shares; returns the weights. */
    private long[][] prepare(String source) throws InterruptedIOException {
        RootWeights rootWeights = new RootWeights(self, callees, callCosts, values);
        long[][] rootWeight = rootWeights.compute(StronglyConnected.components(callees, source), source);
        clamped = rootWeights.clamped();
        // Expansion splits weight down to single units, and cyclic graphs (interpreters) then
        // make millions of nodes nobody can see; keeping sub-ppm calls in their caller bounds
        // the tree and leaves every total unchanged.
        tiny = new long[values];
        for (long[] s : self) {
            for (int v = 0; v < values; v++) {
                tiny[v] += s[v];
            }
        }
        for (int v = 0; v < values; v++) {
            tiny[v] /= TINY_FRACTION;
        }
        return rootWeight;
    }

    /**
     * Expands the call graph under node {@code top} of {@code builder}, or, with a null builder,
     * only counts the nodes it would make.
     *
     * @param cap the most nodes the tree may have, the root included
     * @param ownBudget whether the cap is the expansion's own budget (below the node limit)
     * @throws LimitExceededException if a count passes the cap, or the builder its limits
     */
    private void walk(long[][] rootWeight, CallTreeBuilder builder, int top, int[] frameIds, String source,
                      long cap, boolean ownBudget) throws LimitExceededException, InterruptedIOException {
        int n = names.size();
        Integer[] roots = new Integer[n];
        for (int f = 0; f < n; f++) {
            roots[f] = f;
        }
        InterruptibleSort.sort(roots, Comparator.comparing((Integer f) -> names.get(f)).thenComparing(f -> f),
                source);
        boolean[] onPath = new boolean[n];
        long[] count = {top == 0 ? 1 : 2};
        Walk w = new Walk(builder, frameIds, onPath, count, cap, ownBudget);
        int steps = 0;
        for (int f : roots) {
            if (isZero(rootWeight[f])) {
                continue;
            }
            Deque<Visit> stack = new ArrayDeque<>();
            stack.push(enter(f, top, rootWeight[f], w));
            while (!stack.isEmpty()) {
                if ((++steps & 4095) == 0) {
                    // The expansion can take seconds on a file that parsed in milliseconds.
                    ReadInterrupts.check(source);
                }
                Visit visit = stack.peek();
                if (visit.next < visit.active.length) {
                    int k = visit.next++;
                    if (!isZero(visit.shares[k])) {
                        stack.push(enter(callees[visit.function][visit.active[k]], visit.node, visit.shares[k], w));
                    }
                } else {
                    stack.pop();
                    onPath[visit.function] = false;
                }
            }
        }
    }

    /** What one expansion or count carries from node to node. */
    private record Walk(CallTreeBuilder builder, int[] frameIds, boolean[] onPath, long[] count, long cap,
                        boolean ownBudget) {
        LimitExceededException overBudget() {
            return ownBudget ? new LimitExceededException("the call graph's proportional expansion needs more than "
                    + cap + " call-tree nodes (" + NODES_PER_CALL + " per call in the file, at least " + MIN_NODES
                    + "); record with --separate-callers=N for exact stacks")
                    : new LimitExceededException("more than the limit of " + cap + " call-tree nodes");
        }
    }

    /** One function on the current stack, with the weights still to pass to its callees. */
    private static final class Visit {
        final int function;
        final int node;
        final int[] active;
        final long[][] shares;
        int next;

        Visit(int function, int node, int[] active, long[][] shares) {
            this.function = function;
            this.node = node;
            this.active = active;
            this.shares = shares;
        }
    }

    private Visit enter(int f, int parentNode, long[] weight, Walk w) throws LimitExceededException {
        CallTreeBuilder builder = w.builder();
        boolean[] onPath = w.onPath();
        int node = -1;
        if (builder == null) {
            if (++w.count()[0] > w.cap()) {
                throw w.overBudget();
            }
        } else {
            try {
                node = builder.child(parentNode, w.frameIds()[f]);
            } catch (LimitExceededException e) {
                if (!w.ownBudget() || builder.nodeCount() < w.cap()) {
                    throw e;
                }
                throw w.overBudget();
            }
        }
        onPath[f] = true;
        int[] all = callees[f];
        int count = 0;
        int[] active = new int[all.length];
        for (int k = 0; k < all.length; k++) {
            if (!onPath[all[k]]) {
                active[count++] = k;
            }
        }
        active = Arrays.copyOf(active, count);
        long[][] shares = new long[count][values];
        long[] parts = new long[count + 1];
        for (int v = 0; v < values; v++) {
            parts[0] = self.get(f)[v];
            for (int i = 0; i < count; i++) {
                parts[i + 1] = callCosts[f][active[i]][v];
            }
            long[] split = Apportion.split(weight[v], parts);
            long own = split[0];
            long given = own;
            for (int i = 0; i < count; i++) {
                shares[i][v] = split[i + 1];
                given += split[i + 1];
            }
            // A function without any cost of its own or calls keeps whatever reaches it.
            own += weight[v] - given;
            if (builder != null) {
                builder.addSelf(node, v, own);
            }
        }
        for (int i = 0; i < count; i++) {
            boolean isTiny = true;
            for (int v = 0; v < values && isTiny; v++) {
                isTiny = shares[i][v] <= tiny[v];
            }
            if (isTiny) {
                for (int v = 0; v < values; v++) {
                    if (builder != null) {
                        builder.addSelf(node, v, shares[i][v]);
                    }
                    shares[i][v] = 0;
                }
            }
        }
        return new Visit(f, node, active, shares);
    }

    static boolean isZero(long[] values) {
        for (long v : values) {
            if (v != 0) {
                return false;
            }
        }
        return true;
    }
}
