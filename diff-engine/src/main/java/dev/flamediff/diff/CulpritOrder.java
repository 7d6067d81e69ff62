package dev.flamediff.diff;

import dev.flamediff.model.PreOrderTree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeSet;

/**
 * The order {@link CulpritFinder} visits its candidates in: a function with an anchor beneath
 * another candidate's anchor goes before that one, and among the candidates free to go next the
 * deepest change first (the finder's comparator). A caller's change can only be told apart from
 * its callees' once they have taken theirs: a helper reached through many call paths, most of them
 * shallow, has a shallower change on average than a caller that reaches it on one deep path (a
 * method reference under a JDK stream), and ordering by that average alone judged the caller first
 * and made it the culprit of the helper's change. Where calls go both ways (one path calls a from
 * b, another b from a), the deepest change of the candidates left goes first.
 */
final class CulpritOrder {

    private CulpritOrder() {
    }

    /**
     * @param candidates the candidate functions
     * @param deepestFirst the order among candidates that no call relation orders
     * @param anchors each function's anchors
     * @param function per node of the tree, its function
     * @param tree the tree the anchors are nodes of
     * @return the candidates in the order to visit them
     */
    static List<Integer> of(List<Integer> candidates, Comparator<Integer> deepestFirst,
                            CulpritAnchors anchors, int[] function, PreOrderTree tree) {
        int n = candidates.size();
        // Per function, its position among the candidates, or -1.
        int[] position = new int[anchors.functions()];
        Arrays.fill(position, -1);
        for (int i = 0; i < n; i++) {
            position[candidates.get(i)] = i;
        }
        List<List<Integer>> callers = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            callers.add(new ArrayList<>(0));
        }
        int[] waitingFor = new int[n];
        // Each (caller above, candidate) pair once: collected, then sorted and taken unique. A
        // HashSet<Long> of them spent half the diff's time on a folded pair of 1.3 M union nodes
        // (a boxed key's hash is above ^ i, which collides for every pair of the same xor).
        long[] edges = new long[16];
        int edgeCount = 0;
        // Per candidate, the caller above its last anchor, +1: the anchors of a function called
        // from one place mostly repeat the pair, which need not be collected again.
        int[] lastAbove = new int[n];
        int[] openEnd = new int[16];
        int[] openCandidate = new int[16];
        int sp = 0;
        // One sweep over the candidates' anchors in pre-order (a node anchors at most its own
        // function) with the open anchors on a stack: the innermost open one is the nearest
        // candidate above, and the rest of the chain is ordered through it. A sweep of the tree's
        // anchor marks, not a sort of the anchors, which had taken a tenth of a large diff's time.
        int size = tree.size();
        for (int node = 1; node < size; node++) {
            DiffInterrupts.checkEvery(node);
            if (!anchors.anchors(node)) {
                continue;
            }
            int i = position[function[node]];
            if (i < 0) {
                continue;
            }
            while (sp > 0 && openEnd[sp - 1] <= node) {
                sp--;
            }
            if (sp > 0 && openCandidate[sp - 1] != i && lastAbove[i] != openCandidate[sp - 1] + 1) {
                if (edgeCount == edges.length) {
                    edges = Arrays.copyOf(edges, edgeCount * 2);
                }
                edges[edgeCount++] = (long) openCandidate[sp - 1] << 32 | i;
                lastAbove[i] = openCandidate[sp - 1] + 1;
            }
            if (sp == openEnd.length) {
                openEnd = Arrays.copyOf(openEnd, sp * 2);
                openCandidate = Arrays.copyOf(openCandidate, sp * 2);
            }
            openEnd[sp] = tree.end(node);
            openCandidate[sp++] = i;
        }
        Arrays.sort(edges, 0, edgeCount);
        for (int x = 0; x < edgeCount; x++) {
            if (x > 0 && edges[x] == edges[x - 1]) {
                continue;
            }
            int above = (int) (edges[x] >>> 32);
            int i = (int) edges[x];
            callers.get(i).add(above);
            waitingFor[above]++;
        }
        Comparator<Integer> byPosition = (a, b) -> deepestFirst.compare(candidates.get(a), candidates.get(b));
        PriorityQueue<Integer> free = new PriorityQueue<>(Math.max(1, n), byPosition);
        TreeSet<Integer> left = new TreeSet<>(byPosition.thenComparingInt(i -> i));
        for (int i = 0; i < n; i++) {
            left.add(i);
            if (waitingFor[i] == 0) {
                free.add(i);
            }
        }
        boolean[] done = new boolean[n];
        List<Integer> out = new ArrayList<>(n);
        while (!left.isEmpty()) {
            DiffInterrupts.checkEvery(out.size());
            Integer next = free.poll();
            if (next == null) {
                // Every candidate left waits for another: calls that go both ways.
                next = left.first();
            } else if (done[next]) {
                continue;
            }
            done[next] = true;
            left.remove(next);
            out.add(candidates.get(next));
            for (int above : callers.get(next)) {
                if (--waitingFor[above] == 0 && !done[above]) {
                    free.add(above);
                }
            }
        }
        return out;
    }
}
