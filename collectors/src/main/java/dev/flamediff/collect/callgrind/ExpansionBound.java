package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.ReadInterrupts;
import java.io.InterruptedIOException;

/**
 * Bounds the nodes a proportional expansion makes before any is made: a file a few hundred
 * kilobytes long can ask for millions of nodes, and building them only to fail at the budget
 * took gigabytes.
 */
final class ExpansionBound {

    private ExpansionBound() {
    }

    /**
     * Returns at least as many nodes as the expansion makes (the root and the thread frame
     * included), or {@code cap + 1} if that may be more than {@code cap}: every call expanded, as
     * if no share were tiny, each function once per path. Call cycles make as many paths as the
     * weights allow, so with a cycle the bound is {@code cap + 1}.
     */
    static long upperBound(int[][] callees, long[][] rootWeight, boolean threadFrame, long cap, String source)
            throws InterruptedIOException {
        int n = callees.length;
        int[] component = StronglyConnected.components(callees, source);
        int[] members = new int[n];
        for (int c : component) {
            if (++members[c] > 1) {
                return cap + 1;
            }
        }
        // Post-order over the call DAG (a self-call is never expanded), iterative for long chains.
        long[] bound = new long[n];
        int[] stack = new int[n];
        int[] next = new int[n];
        for (int start = 0; start < n; start++) {
            if ((start & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            if (bound[start] != 0) {
                continue;
            }
            int sp = 0;
            stack[sp++] = start;
            next[start] = 0;
            while (sp > 0) {
                int f = stack[sp - 1];
                if (next[f] < callees[f].length) {
                    int g = callees[f][next[f]++];
                    if (g != f && bound[g] == 0) {
                        next[g] = 0;
                        stack[sp++] = g;
                    }
                } else {
                    long b = 1;
                    for (int g : callees[f]) {
                        b = g == f ? b : Math.min(cap + 1, b + bound[g]);
                    }
                    bound[f] = b;
                    sp--;
                }
            }
        }
        long total = threadFrame ? 2 : 1;
        for (int f = 0; f < n; f++) {
            if (!ProportionalTreeBuilder.isZero(rootWeight[f])) {
                total = Math.min(cap + 1, total + bound[f]);
            }
        }
        return total;
    }

}
