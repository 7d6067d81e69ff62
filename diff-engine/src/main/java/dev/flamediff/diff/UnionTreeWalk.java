package dev.flamediff.diff;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameTable;
import java.util.Arrays;
import java.util.concurrent.CancellationException;

/**
 * Walks the union of k call trees in pre-order, union children in key order, without building
 * it: each union node is handed to a {@link Visitor} with the nodes of every tree merged into it.
 * Frames are matched on {@link FrameMatch#compareKey} (or on the whole frame when kinds must match
 * exactly), so one union node may take several nodes of one tree (a method that ran interpreted
 * and compiled under one caller) or none (a path absent from that tree).
 *
 * <p>Each tree keeps its children sorted by frame, which is also key order (a frame's kinds sort
 * by match group), so every union node's children come from a k-way merge of sorted runs. The
 * keys are compared as ints: before walking, every frame of every tree gets a rank shared by all
 * trees, equal for frames that match. Single use, single-threaded; walks of parts of one union
 * share the ranks ({@link #another()}) and may run on several threads, one walk each.
 */
final class UnionTreeWalk {

    /** Receives the union nodes, parents before children. */
    interface Visitor {
        /**
         * Called once per union node, in pre-order.
         *
         * @param parent the union id of the parent (ids count visits from 0), -1 for the root
         * @param nodes the merged nodes: those of tree {@code t} are {@code nodes[from[t], to[t])}
         * @param from where each tree's nodes start in {@code nodes}
         * @param to where each tree's nodes end in {@code nodes}
         * @return the union node's id, as the children will get it for {@code parent}; or a
         *     negative number to leave the node's children out of the walk (its subtree is
         *     walked apart, {@link UnionParts})
         */
        int visit(int parent, int[] nodes, int[] from, int[] to);
    }

    private final CallTree[] trees;
    private final int k;
    /** keyRank[t][frameId]: equal for frames that match, ordered as their keys. */
    private final int[][] keyRank;

    /** Pending union nodes: the parent id and where the node's matches start in the pool. */
    private int[] pendingParent = new int[64];
    private int[] pendingStart = new int[64];
    private int pendingSize;
    /**
     * The matches of the pending nodes: per tree a count, then that many nodes. Siblings are
     * stored last child first, so the node popped next is always the topmost in the pool and
     * popping it frees everything above it.
     */
    private int[] pool = new int[1024];
    private int poolSize;
    /** Each tree's children of the node being expanded, in key order, and the packed sort keys. */
    private final int[][] kids;
    /** The key rank of each of {@link #kids}, read by the merge instead of looked up per comparison. */
    private final int[][] kidRanks;
    private final int[] kidCount;
    private long[] sortKeys = new long[16];
    /** The child groups of the node being expanded: per group, per tree, from and to in kids. */
    private int[] groups = new int[64];
    /** Each tree's position in kids during the merge. */
    private final int[] at;
    /** The thread whose interrupt cancels the walk: the diff's, whichever thread walks. */
    private final Thread caller;

    UnionTreeWalk(CallTree[] trees, boolean exactFrameKinds) {
        this(trees, keyRanks(trees, exactFrameKinds), Thread.currentThread());
    }

    private UnionTreeWalk(CallTree[] trees, int[][] keyRank, Thread caller) {
        this.trees = trees;
        this.k = trees.length;
        this.keyRank = keyRank;
        this.caller = caller;
        this.kids = new int[k][16];
        this.kidRanks = new int[k][16];
        this.kidCount = new int[k];
        this.at = new int[k];
    }

    /**
     * Returns a new walk of the same trees with the same ranks, cancelled by the interrupt of the
     * thread that made this one, to walk a part of the union on any thread.
     */
    UnionTreeWalk another() {
        return new UnionTreeWalk(trees, keyRank, caller);
    }

    /**
     * Visits every union node, the root (every tree's node 0) first.
     *
     * @throws CancellationException if the thread that made this walk was interrupted (checked
     *     every few thousand nodes; the interrupt flag stays set)
     */
    void walk(Visitor visitor) {
        int[] nodes = new int[k];
        int[] from = new int[k];
        int[] to = new int[k];
        for (int t = 0; t < k; t++) {
            from[t] = t;
            to[t] = t + 1;
        }
        walk(-1, nodes, from, to, visitor);
    }

    /**
     * Visits the union node that merges the given nodes of the trees, then its subtree in
     * pre-order, as {@link #walk(Visitor)} would from there.
     *
     * @param parent what the visitor gets as the first node's parent
     * @param nodes the node's matches: those of tree {@code t} are {@code nodes[from[t], to[t])}
     * @throws CancellationException if the thread that made this walk was interrupted (checked
     *     every few thousand nodes; the interrupt flag stays set)
     */
    void walk(int parent, int[] nodes, int[] from, int[] to, Visitor visitor) {
        int start = poolSize;
        for (int t = 0; t < k; t++) {
            append(to[t] - from[t]);
            for (int i = from[t]; i < to[t]; i++) {
                append(nodes[i]);
            }
        }
        push(parent, start);
        walkPending(visitor);
    }

    private void walkPending(Visitor visitor) {
        int[] from = new int[k];
        int[] to = new int[k];
        int[] nodes = new int[16];
        int visited = 0;
        while (pendingSize > 0) {
            // A service cancels a diff of a hostile upload by interrupting its thread.
            if ((++visited & 4095) == 0 && caller.isInterrupted()) {
                throw DiffInterrupts.cancelled();
            }
            pendingSize--;
            int parent = pendingParent[pendingSize];
            int at = pendingStart[pendingSize];
            int n = 0;
            for (int t = 0; t < k; t++) {
                int count = pool[at++];
                if (nodes.length < n + count) {
                    nodes = Arrays.copyOf(nodes, Math.max(nodes.length * 2, n + count));
                }
                from[t] = n;
                System.arraycopy(pool, at, nodes, n, count);
                n += count;
                at += count;
                to[t] = n;
            }
            poolSize = pendingStart[pendingSize];
            int id = visitor.visit(parent, nodes, from, to);
            if (id >= 0) {
                expand(id, nodes, from, to);
            }
        }
    }

    /** Pushes the union children of union node {@code id}, whose matches are given, smallest key on top. */
    private void expand(int id, int[] nodes, int[] from, int[] to) {
        for (int t = 0; t < k; t++) {
            collectChildren(t, nodes, from[t], to[t]);
        }
        // The k-way merge: each group takes, from every tree, the run of children whose key is
        // the smallest left.
        int groupCount = 0;
        Arrays.fill(at, 0);
        while (true) {
            int smallest = Integer.MAX_VALUE;
            for (int t = 0; t < k; t++) {
                if (at[t] < kidCount[t]) {
                    smallest = Math.min(smallest, kidRanks[t][at[t]]);
                }
            }
            if (smallest == Integer.MAX_VALUE) {
                break;
            }
            if (groups.length < (groupCount + 1) * 2 * k) {
                groups = Arrays.copyOf(groups, groups.length * 2);
            }
            int g = groupCount++ * 2 * k;
            for (int t = 0; t < k; t++) {
                groups[g + 2 * t] = at[t];
                int[] ranks = kidRanks[t];
                while (at[t] < kidCount[t] && ranks[at[t]] == smallest) {
                    at[t]++;
                }
                groups[g + 2 * t + 1] = at[t];
            }
        }
        for (int c = groupCount - 1; c >= 0; c--) {
            int g = c * 2 * k;
            int start = poolSize;
            for (int t = 0; t < k; t++) {
                int lo = groups[g + 2 * t];
                int hi = groups[g + 2 * t + 1];
                append(hi - lo);
                for (int i = lo; i < hi; i++) {
                    append(kids[t][i]);
                }
            }
            push(id, start);
        }
    }

    /**
     * Puts tree t's children of the given nodes into kids[t], in key order. One node's children
     * are already in that order; the children of several nodes are sorted by key, then node.
     */
    private void collectChildren(int t, int[] nodes, int lo, int hi) {
        CallTree tree = trees[t];
        int count = 0;
        int[] out = kids[t];
        for (int i = lo; i < hi; i++) {
            // A node's children in pre-order: the one after it, then each one's subtree end, up
            // to the node's own end (one read a child, where nextSibling reads three).
            int node = nodes[i];
            int end = tree.end(node);
            for (int c = node + 1; c < end; c = tree.end(c)) {
                if (count == out.length) {
                    out = Arrays.copyOf(out, count * 2);
                }
                out[count++] = c;
            }
        }
        int[] rank = keyRank[t];
        int[] ranks = kidRanks[t];
        if (ranks.length < out.length) {
            ranks = new int[out.length];
            kidRanks[t] = ranks;
        }
        if (hi - lo > 1 && count > 1) {
            if (sortKeys.length < count) {
                sortKeys = new long[Math.max(count, sortKeys.length * 2)];
            }
            for (int i = 0; i < count; i++) {
                sortKeys[i] = ((long) rank[tree.frameId(out[i])] << 32) | out[i];
            }
            Arrays.sort(sortKeys, 0, count);
            for (int i = 0; i < count; i++) {
                out[i] = (int) sortKeys[i];
                ranks[i] = (int) (sortKeys[i] >>> 32);
            }
        } else {
            for (int i = 0; i < count; i++) {
                ranks[i] = rank[tree.frameId(out[i])];
            }
        }
        kids[t] = out;
        kidCount[t] = count;
    }

    private void append(int value) {
        if (poolSize == pool.length) {
            pool = Arrays.copyOf(pool, poolSize * 2);
        }
        pool[poolSize++] = value;
    }

    private void push(int parent, int start) {
        if (pendingSize == pendingParent.length) {
            pendingParent = Arrays.copyOf(pendingParent, pendingSize * 2);
            pendingStart = Arrays.copyOf(pendingStart, pendingSize * 2);
        }
        pendingParent[pendingSize] = parent;
        pendingStart[pendingSize++] = start;
    }

    /**
     * Ranks every frame of every tree by its match key: a k-way merge of the frame tables, each
     * taken in its own frame order (which is key order), so only frames, not nodes, are compared
     * as strings.
     */
    private static int[][] keyRanks(CallTree[] trees, boolean exactFrameKinds) {
        int k = trees.length;
        int[][] byRank = new int[k][];
        int[][] rank = new int[k][];
        for (int t = 0; t < k; t++) {
            FrameTable table = trees[t].frames();
            byRank[t] = new int[table.size()];
            for (int id = 0; id < table.size(); id++) {
                byRank[t][table.rank(id)] = id;
            }
            rank[t] = new int[table.size()];
        }
        int[] at = new int[k];
        int next = 0;
        while (true) {
            Frame smallest = null;
            for (int t = 0; t < k; t++) {
                if (at[t] < byRank[t].length) {
                    Frame f = trees[t].frames().frame(byRank[t][at[t]]);
                    if (smallest == null || FrameMatch.compare(f, smallest, exactFrameKinds) < 0) {
                        smallest = f;
                    }
                }
            }
            if (smallest == null) {
                return rank;
            }
            for (int t = 0; t < k; t++) {
                FrameTable table = trees[t].frames();
                while (at[t] < byRank[t].length
                        && FrameMatch.compare(table.frame(byRank[t][at[t]]), smallest, exactFrameKinds) == 0) {
                    rank[t][byRank[t][at[t]++]] = next;
                }
            }
            next++;
        }
    }
}
