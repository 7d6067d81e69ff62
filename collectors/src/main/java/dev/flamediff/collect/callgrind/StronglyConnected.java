package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.ReadInterrupts;
import java.io.InterruptedIOException;
import java.util.Arrays;

/**
 * Tarjan's strongly connected components, iterative so that a long call chain cannot overflow
 * the Java stack. Functions in one component call each other (recursion and cycles).
 */
final class StronglyConnected {

    private StronglyConnected() {
    }

    /**
     * Returns the component of each node; nodes share a number exactly when they are in one
     * component.
     *
     * @param callees for each node, the nodes it calls
     * @param source the input's name, for the message of an interrupted read
     * @throws InterruptedIOException if the thread is interrupted (checked every 4,096 nodes)
     */
    static int[] components(int[][] callees, String source) throws InterruptedIOException {
        int n = callees.length;
        int[] index = new int[n];
        int[] low = new int[n];
        int[] component = new int[n];
        boolean[] onStack = new boolean[n];
        Arrays.fill(index, -1);
        int[] stack = new int[n];
        int sp = 0;
        int[] callStack = new int[n];
        int[] nextEdge = new int[n];
        int counter = 0;
        int components = 0;
        for (int root = 0; root < n; root++) {
            if ((root & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            if (index[root] >= 0) {
                continue;
            }
            int csp = 0;
            callStack[csp++] = root;
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            while (csp > 0) {
                int v = callStack[csp - 1];
                if (nextEdge[v] < callees[v].length) {
                    int w = callees[v][nextEdge[v]++];
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        callStack[csp++] = w;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                csp--;
                if (csp > 0) {
                    int parent = callStack[csp - 1];
                    low[parent] = Math.min(low[parent], low[v]);
                }
                if (low[v] == index[v]) {
                    int w;
                    do {
                        w = stack[--sp];
                        onStack[w] = false;
                        component[w] = components;
                    } while (w != v);
                    components++;
                }
            }
        }
        return component;
    }
}
