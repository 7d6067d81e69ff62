package dev.flamediff.diff;

import dev.flamediff.model.CallTree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Walks a large union in parts on the common pool and puts the parts together, node for node the
 * union one walk gives. In pre-order every union node's subtree takes a contiguous range of ids,
 * so the top of the union (the nodes whose matches have more of the trees' nodes below them than
 * a part should take) is walked first, on the calling thread, and every subtree hanging from it
 * is left to a part; runs of such sibling subtrees, up to a part's share of the trees' nodes,
 * are walked one after another as one part, the parts on any thread. Each part is first walked
 * only to count its nodes; the ids then follow from the counts (each part's nodes come after the
 * union nodes before it in pre-order), and each part is walked again straight into the union's
 * arrays at those ids. Every node's values are added from its own matches in the
 * order one walk adds them, so they come out the same bits; of the sums over all nodes, the sides'
 * sums are longs, and whether the sum of magnitudes reaches the exact limit
 * ({@link UnionTreeMerger}) does not depend on the order (below it every partial sum of integers
 * is exact, and past it no sum of magnitudes falls back). Single use.
 *
 * <p>The common pool, the calling thread taking its share, for the reasons
 * {@link NodeSignificance#compute(int, RunValues, ChangeTester, double, boolean, int)} gives.
 */
final class UnionParts {

    /**
     * The fewest tree nodes (all trees together) worth walking in parts: some 20 ms of walking,
     * below which the pool threads' wake-up and the second walk would eat the gain, and the
     * shipped fixtures, the everyday diffs, stay on the calling thread.
     */
    static final long PARALLEL_THRESHOLD = 1 << 18;

    /** About how many parts a union is walked in: enough for the pool's threads to even out. */
    static final int PARTS = 64;

    /** Makes the nodes of one walk: first room for {@code capacity} nodes, taking {@code treeNodes}. */
    interface NodesFactory {
        UnionNodes create(int capacity, long treeNodes);
    }

    private final CallTree[] trees;
    private final int k;
    private final UnionTreeWalk walk;
    private final NodesFactory factory;
    /** The most tree nodes a part takes, unless one subtree has more (then that subtree is split). */
    private final long partNodes;

    private final UnionNodes top;
    /** In pre-order: the top's nodes (their ids in {@link #top}) and the subtrees ({@code -1 - index}). */
    private int[] order = new int[256];
    private int orderSize;
    /** Per subtree: the top node it hangs from, and its matches in {@link #matches}, per tree from and to. */
    private int[] subParent = new int[256];
    private int[] subRange = new int[0];
    /** Per subtree and tree, the tree's nodes it takes. */
    private long[] subNodes = new long[0];
    private int subtrees;
    private int[] matches = new int[1024];
    private int matchCount;

    UnionParts(CallTree[] trees, UnionTreeWalk walk, NodesFactory factory, long treeNodes) {
        this.trees = trees;
        this.k = trees.length;
        this.walk = walk;
        this.factory = factory;
        this.partNodes = Math.max(1, treeNodes / PARTS);
        this.top = factory.create(256, treeNodes);
    }

    /**
     * Returns every union node, as one walk would give them, in arrays of exactly the union's size.
     *
     * @throws java.util.concurrent.CancellationException if the calling thread was interrupted
     */
    UnionNodes merge() {
        walk.walk(this::plan);
        int[][] parts = parts();
        // Each part is walked twice: once to count its nodes, then into the union's arrays at its
        // nodes' ids. Walked once into arrays of its own, the parts' arrays (as large as the
        // union's) outlived the young generation, and the collector copied them before the join
        // copied them again: on the async-profiler pair (8.6 M union nodes) the join's fresh
        // arrays and those copies took longer than counting (benchmarks/README.md, run 17).
        int[] counted = new int[parts.length];
        DiffInterrupts.forEachBlock(parts.length, true, p -> counted[p] = countPart(parts[p]));
        int[] topId = new int[top.size];
        int[] offset = new int[parts.length];
        int n = 0;
        int p = 0;
        for (int e = 0; e < orderSize; e++) {
            if (order[e] >= 0) {
                topId[order[e]] = n++;
            } else if (p < parts.length && -1 - order[e] == parts[p][0]) {
                offset[p] = n;
                n += counted[p];
                p++;
            }
        }
        UnionNodes out = factory.create(n, 0);
        out.size = n;
        if (top.runCount != null) {
            out.runCount = new long[n * k];
        }
        copyTop(out, topId);
        UnionNodes[] walked = new UnionNodes[parts.length];
        DiffInterrupts.forEachBlock(parts.length, true, q -> {
            walked[q] = out.part(offset[q], counted[q]);
            walkPart(parts[q], walked[q], topId);
        });
        for (int q = 0; q < parts.length; q++) {
            if (walked[q].size != counted[q]) {
                throw new IllegalStateException("part " + q + " walked to " + walked[q].size
                        + " nodes, counted " + counted[q]);
            }
        }
        for (int i = 0; i < 2; i++) {
            out.absSum[i] = top.absSum[i];
            out.sideSum[i] = top.sideSum[i];
            for (int q = 0; q < parts.length; q++) {
                out.absSum[i] += walked[q].absSum[i];
                out.sideSum[i] += walked[q].sideSum[i];
            }
        }
        return out;
    }

    /** The top's visitor: a node with more tree nodes below it than a part takes is walked here. */
    private int plan(int par, int[] nodes, int[] from, int[] to) {
        long below = 0;
        for (int t = 0; t < k; t++) {
            for (int i = from[t]; i < to[t]; i++) {
                below += trees[t].end(nodes[i]) - nodes[i];
            }
        }
        if (par < 0 || below > partNodes) {
            int id = top.add(par, par < 0 ? 0 : top.depth(par) + 1, nodes, from, to);
            addOrder(id);
            return id;
        }
        int s = subtrees++;
        if (subParent.length == s) {
            subParent = Arrays.copyOf(subParent, s * 2);
        }
        if (subNodes.length < (s + 1) * k) {
            subRange = Arrays.copyOf(subRange, (s + 1) * 4 * k);
            subNodes = Arrays.copyOf(subNodes, (s + 1) * 2 * k);
        }
        subParent[s] = par;
        for (int t = 0; t < k; t++) {
            long taken = 0;
            subRange[2 * (s * k + t)] = matchCount;
            for (int i = from[t]; i < to[t]; i++) {
                if (matchCount == matches.length) {
                    matches = Arrays.copyOf(matches, matchCount * 2);
                }
                matches[matchCount++] = nodes[i];
                taken += trees[t].end(nodes[i]) - nodes[i];
            }
            subRange[2 * (s * k + t) + 1] = matchCount;
            subNodes[s * k + t] = taken;
        }
        addOrder(-1 - s);
        return -1;
    }

    private void addOrder(int entry) {
        if (orderSize == order.length) {
            order = Arrays.copyOf(order, orderSize * 2);
        }
        order[orderSize++] = entry;
    }

    /**
     * Groups runs of subtrees next to each other in pre-order (siblings, no top node between)
     * into parts of up to a part's share of the trees' nodes: per part, its first subtree and the
     * one after its last.
     */
    private int[][] parts() {
        List<int[]> parts = new ArrayList<>();
        int first = -1;
        int next = -1;
        long taken = 0;
        for (int e = 0; e < orderSize; e++) {
            if (order[e] >= 0) {
                if (first >= 0) {
                    parts.add(new int[] {first, next});
                    first = -1;
                }
                continue;
            }
            int s = -1 - order[e];
            long weight = 0;
            for (int t = 0; t < k; t++) {
                weight += subNodes[s * k + t];
            }
            if (first >= 0 && taken + weight > partNodes) {
                parts.add(new int[] {first, next});
                first = -1;
            }
            if (first < 0) {
                first = s;
                taken = 0;
            }
            taken += weight;
            next = s + 1;
        }
        if (first >= 0) {
            parts.add(new int[] {first, next});
        }
        return parts.toArray(int[][]::new);
    }

    /** Returns how many union nodes a part's subtrees have. */
    private int countPart(int[] part) {
        UnionTreeWalk own = walk.another();
        int[] from = new int[k];
        int[] to = new int[k];
        int[] count = new int[1];
        for (int s = part[0]; s < part[1]; s++) {
            matchesOf(s, from, to);
            own.walk(-1, matches, from, to, (par, nodes, f, tt) -> count[0]++);
        }
        return count[0];
    }

    /** Sets {@code from} and {@code to} to where subtree {@code s}'s matches of each tree are in {@link #matches}. */
    private void matchesOf(int s, int[] from, int[] to) {
        for (int t = 0; t < k; t++) {
            from[t] = subRange[2 * (s * k + t)];
            to[t] = subRange[2 * (s * k + t) + 1];
        }
    }

    /** Walks a part's subtrees into {@code out}, each subtree's first node hung from its top node. */
    private void walkPart(int[] part, UnionNodes out, int[] topId) {
        UnionTreeWalk own = walk.another();
        int[] from = new int[k];
        int[] to = new int[k];
        for (int s = part[0]; s < part[1]; s++) {
            matchesOf(s, from, to);
            out.rootParent = topId[subParent[s]];
            int depth = top.depth(subParent[s]) + 1;
            own.walk(-1, matches, from, to,
                    (par, nodes, f, tt) -> out.add(par, par < 0 ? depth : out.depth(par) + 1, nodes, f, tt));
        }
    }

    /** Copies the top's nodes into the union's arrays at their union ids. */
    private void copyTop(UnionNodes out, int[] topId) {
        for (int i = 0; i < top.size; i++) {
            int id = topId[i];
            out.parent[id] = top.parent[i] < 0 ? -1 : topId[top.parent[i]];
            out.frameSlot[id] = top.frameSlot[i];
            out.depth[id] = top.depth[i];
            System.arraycopy(top.runSelf, i * k, out.runSelf, id * k, k);
            if (top.runCount != null) {
                System.arraycopy(top.runCount, i * k, out.runCount, id * k, k);
            }
            if (top.baseSelf != null) {
                out.baseSelf[id] = top.baseSelf[i];
                out.headSelf[id] = top.headSelf[i];
            }
        }
    }
}
