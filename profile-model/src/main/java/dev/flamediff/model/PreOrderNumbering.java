package dev.flamediff.model;

import static dev.flamediff.model.CallTreeBuilder.CHECK_EVERY;
import static dev.flamediff.model.CallTreeBuilder.COUNT;
import static dev.flamediff.model.CallTreeBuilder.FIRST;
import static dev.flamediff.model.CallTreeBuilder.FRAME;
import static dev.flamediff.model.CallTreeBuilder.LINK;
import static dev.flamediff.model.CallTreeBuilder.NEXT;

import java.util.Arrays;
import java.util.List;

/**
 * Turns a {@link CallTreeBuilder}'s nodes (builder-local ids, children in linked lists, see its
 * {@code links}) into a {@link CallTree}: numbered in pre-order, each node's children sorted by
 * frame, subtree ends and depths computed. Stops with {@link java.util.concurrent.CancellationException}
 * when the thread is interrupted (checked every few thousand nodes).
 */
final class PreOrderNumbering {

    private PreOrderNumbering() {
    }

    static CallTree of(FrameTable table, List<ValueType> valueTypes, NodePages nodes, int size) {
        int n = size;
        // Each array of millions of nodes is fresh memory that the kernel maps page by page, on
        // this thread's time: 40 to 350 ms for the six of a 5 M node tree on a busy machine, so
        // the interrupt is checked between them.
        int[] outParent = InterruptibleCopies.zeroedInts(n);
        int[] outFrame = InterruptibleCopies.zeroedInts(n);
        int[] outDepth = InterruptibleCopies.zeroedInts(n);
        int[] outEnd = InterruptibleCopies.zeroedInts(n);
        int values = nodes.self.length;
        long[][] outSelf = new long[values][];
        for (int v = 0; v < values; v++) {
            outSelf[v] = InterruptibleCopies.zeroedLongs(n);
        }
        // Pre-order walk down the child lists, each node's children pushed in reverse frame
        // order so the smallest is numbered first: pending old ids with their parents' new ids.
        // The pending nodes are at most the children of one path's nodes, far fewer than the
        // tree's: the arrays grow as needed rather than taking two ints a node up front.
        int[] pendingNode = new int[Math.min(Math.max(1, n), 1024)];
        int[] pendingParent = new int[pendingNode.length];
        long[] keyed = new long[16];
        int sp = 0;
        pendingParent[sp++] = -1;
        for (int next = 0; sp > 0; next++) {
            if ((next & (CHECK_EVERY - 1)) == 0) {
                InterruptibleCopies.checkInterrupt();
            }
            sp--;
            int old = pendingNode[sp];
            int par = pendingParent[sp];
            outParent[next] = par;
            int[] page = nodes.links[old >>> nodes.shift];
            int at = (old & nodes.mask) * LINK;
            outFrame[next] = page[at + FRAME];
            outDepth[next] = par < 0 ? 0 : outDepth[par] + 1;
            for (int v = 0; v < values; v++) {
                outSelf[v][next] = nodes.self(v, old);
            }
            int count = page[at + COUNT];
            if (sp + count > pendingNode.length) {
                int cap = (int) Math.min(n, Math.max(sp + (long) count, 2L * pendingNode.length));
                pendingNode = Arrays.copyOf(pendingNode, cap);
                pendingParent = Arrays.copyOf(pendingParent, cap);
            }
            if (count == 1) {
                pendingNode[sp] = page[at + FIRST];
                pendingParent[sp++] = next;
            } else if (count > 1) {
                if (keyed.length < count) {
                    keyed = new long[Math.max(count, keyed.length * 2)];
                }
                int k = 0;
                for (int c = page[at + FIRST]; c != 0; c = nodes.link(c, NEXT)) {
                    keyed[k++] = ((long) table.rank(nodes.link(c, FRAME)) << 32) | c;
                }
                Arrays.sort(keyed, 0, count);
                for (k = count - 1; k >= 0; k--) {
                    pendingNode[sp] = (int) keyed[k];
                    pendingParent[sp++] = next;
                }
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            if ((i & (CHECK_EVERY - 1)) == 0) {
                InterruptibleCopies.checkInterrupt();
            }
            if (outEnd[i] == 0) {
                outEnd[i] = i + 1;
            }
            if (i > 0) {
                int p = outParent[i];
                outEnd[p] = Math.max(outEnd[p], outEnd[i]);
            }
        }
        return new CallTree(table, valueTypes, outParent, outFrame, outEnd, outDepth, outSelf);
    }
}
