package dev.flamediff.diff;

import dev.flamediff.model.CallTree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Walks a large union in parts on the common pool and puts the parts together, node for node the
 * union one walk gives. In pre-order every union node's subtree takes a contiguous range of ids,
 * so the top of the union (the nodes whose matches have more of the trees' nodes below them than
 * a part should take) is walked first, on the calling thread, and every subtree hanging from it
 * is left to a part; runs of such sibling subtrees, up to a part's share of the trees' nodes,
 * are walked one after another into one part's nodes, the parts on any thread, each with ids
 * counted from 0. The ids then follow from the parts' sizes: each part's ids are shifted by the
 * union nodes before it in pre-order. Every node's values are added from its own matches in the
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
     * below which the pool threads' wake-up and the parts' copies would eat the gain, and the
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
        UnionNodes[] walked = new UnionNodes[parts.length];
        int[] firstId = new int[subtrees];
        DiffInterrupts.forEachBlock(parts.length, true, p -> walked[p] = walkPart(parts[p], firstId));
        return join(parts, walked, firstId);
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

    private UnionNodes walkPart(int[] part, int[] firstId) {
        UnionTreeWalk own = walk.another();
        long taken = 0;
        long widest = 0;
        for (int t = 0; t < k; t++) {
            long tree = 0;
            for (int s = part[0]; s < part[1]; s++) {
                tree += subNodes[s * k + t];
            }
            taken += tree;
            widest = Math.max(widest, tree);
        }
        // As the whole union's first arrays: the part's share of the widest tree, an eighth more.
        UnionNodes out = factory.create((int) Math.max(16, widest / 8 * 9), taken);
        int[] from = new int[k];
        int[] to = new int[k];
        for (int s = part[0]; s < part[1]; s++) {
            for (int t = 0; t < k; t++) {
                from[t] = subRange[2 * (s * k + t)];
                to[t] = subRange[2 * (s * k + t) + 1];
            }
            firstId[s] = out.size;
            int depth = top.depth(subParent[s]) + 1;
            own.walk(-1, matches, from, to,
                    (par, nodes, f, tt) -> out.add(par, par < 0 ? depth : out.depth(par) + 1, nodes, f, tt));
        }
        return out;
    }

    /** Puts the top and the parts together in pre-order, one kind of array after another. */
    private UnionNodes join(int[][] parts, UnionNodes[] walked, int[] firstId) {
        int[] topId = new int[top.size];
        int[] offset = new int[parts.length];
        int n = 0;
        int p = 0;
        for (int e = 0; e < orderSize; e++) {
            if (order[e] >= 0) {
                topId[order[e]] = n++;
            } else if (p < parts.length && -1 - order[e] == parts[p][0]) {
                offset[p] = n;
                n += walked[p].size;
                p++;
            }
        }
        UnionNodes out = factory.create(0, 0);
        out.size = n;
        for (int i = 0; i < 2; i++) {
            out.absSum[i] = top.absSum[i];
            out.sideSum[i] = top.sideSum[i];
            for (UnionNodes part : walked) {
                out.absSum[i] += part.absSum[i];
                out.sideSum[i] += part.sideSum[i];
            }
        }
        int[] parent = new int[n];
        for (int i = 0; i < top.size; i++) {
            parent[topId[i]] = top.parent[i] < 0 ? -1 : topId[top.parent[i]];
        }
        DiffInterrupts.forEachBlock(parts.length, true, q -> {
            UnionNodes part = walked[q];
            int at = offset[q];
            for (int i = 0; i < part.size; i++) {
                parent[at + i] = part.parent[i] + at;
            }
            // A subtree's first node hangs from the top (-1 in its part).
            for (int s = parts[q][0]; s < parts[q][1]; s++) {
                parent[at + firstId[s]] = topId[subParent[s]];
            }
            part.parent = null;
        });
        out.parent = parent;
        // One kind of array at a time, each part's let go of once copied: the parts and the
        // joined arrays are not all held at once.
        out.frameSlot = (int[]) join(new int[n], 1, walked, topId, offset, u -> u.frameSlot, u -> u.frameSlot = null);
        out.depth = (int[]) join(new int[n], 1, walked, topId, offset, u -> u.depth, u -> u.depth = null);
        out.runSelf = (long[]) join(new long[n * k], k, walked, topId, offset, u -> u.runSelf, u -> u.runSelf = null);
        if (top.runCount != null) {
            out.runCount = (long[]) join(new long[n * k], k, walked, topId, offset,
                    u -> u.runCount, u -> u.runCount = null);
        }
        if (top.baseSelf != null) {
            out.baseSelf = (double[]) join(new double[n], 1, walked, topId, offset,
                    u -> u.baseSelf, u -> u.baseSelf = null);
            out.headSelf = (double[]) join(new double[n], 1, walked, topId, offset,
                    u -> u.headSelf, u -> u.headSelf = null);
        }
        return out;
    }

    /**
     * Copies one kind of array, {@code stride} values a node, of the top and of every part into
     * {@code joined} at their nodes' union ids, and lets go of the parts' arrays.
     */
    private Object join(Object joined, int stride, UnionNodes[] walked, int[] topId, int[] offset,
                        Function<UnionNodes, Object> array, Consumer<UnionNodes> release) {
        Object topArray = array.apply(top);
        for (int i = 0; i < top.size; i++) {
            System.arraycopy(topArray, i * stride, joined, topId[i] * stride, stride);
        }
        DiffInterrupts.forEachBlock(walked.length, true, q -> {
            UnionNodes part = walked[q];
            System.arraycopy(array.apply(part), 0, joined, offset[q] * stride, part.size * stride);
            release.accept(part);
        });
        return joined;
    }
}
