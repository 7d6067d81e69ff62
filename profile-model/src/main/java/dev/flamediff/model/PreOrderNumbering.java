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

    static CallTree of(FrameTable table, List<ValueType> valueTypes, int[] links, long[][] self, int size) {
        int n = size;
        int[] outParent = new int[n];
        int[] outFrame = new int[n];
        int[] outDepth = new int[n];
        int[] outEnd = new int[n];
        long[][] outSelf = new long[self.length][n];
        // Pre-order walk down the child lists, each node's children pushed in reverse frame
        // order so the smallest is numbered first: pending old ids with their parents' new ids.
        int[] pendingNode = new int[Math.max(1, n)];
        int[] pendingParent = new int[Math.max(1, n)];
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
            outFrame[next] = links[old * LINK + FRAME];
            outDepth[next] = par < 0 ? 0 : outDepth[par] + 1;
            for (int v = 0; v < self.length; v++) {
                outSelf[v][next] = self[v][old];
            }
            int count = links[old * LINK + COUNT];
            if (count == 1) {
                pendingNode[sp] = links[old * LINK + FIRST];
                pendingParent[sp++] = next;
            } else if (count > 1) {
                if (keyed.length < count) {
                    keyed = new long[Math.max(count, keyed.length * 2)];
                }
                int k = 0;
                for (int c = links[old * LINK + FIRST]; c != 0; c = links[c * LINK + NEXT]) {
                    keyed[k++] = ((long) table.rank(links[c * LINK + FRAME]) << 32) | c;
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
