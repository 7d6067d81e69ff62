package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.ReadInterrupts;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A call graph with its functions folded by object and display name ({@code fact'2} joins
 * {@code fact}), the calls of each function grouped by caller in arrays, callees in name order.
 *
 * @param values the number of values per function and call
 * @param names each folded function's display name
 * @param self each folded function's self costs, one per value
 * @param callees each function's callees, in name order (then object), each once
 * @param callCosts the cost of each of those calls, one per value
 */
record FoldedCallGraph(int values, List<String> names, List<long[]> self, int[][] callees, long[][][] callCosts) {

    /**
     * Folds the graph's functions by object and display name, with each value index's event
     * taken from {@code eventOrder}.
     *
     * @throws InterruptedIOException if the thread is interrupted (checked every few thousand functions)
     */
    static FoldedCallGraph of(CallGraph graph, int[] eventOrder, String source) throws InterruptedIOException {
        int values = eventOrder.length;
        List<String> names = new ArrayList<>();
        List<long[]> self = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        int[] folded = new int[graph.size()];
        // A file of a few hundred thousand functions takes a second to fold: checked every 4,096.
        for (int f = 0; f < graph.size(); f++) {
            if ((f & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            String name = ContextName.displayName(graph.name(f));
            String key = graph.object(f) + '\u0000' + name;
            Integer id = index.get(key);
            if (id == null) {
                id = names.size();
                index.put(key, id);
                names.add(name);
                self.add(new long[values]);
            }
            folded[f] = id;
            long[] into = self.get(id);
            for (int v = 0; v < values; v++) {
                into[v] += graph.self(f, eventOrder[v]);
            }
        }
        int n = names.size();
        // Grouped by caller in arrays, not in a map per caller: a call graph of a million calls
        // took its size again in boxed map entries.
        int[] count = new int[n];
        for (long call : graph.calls().keySet()) {
            count[folded[CallGraph.caller(call)]]++;
        }
        int[][] calleeOf = new int[n][];
        long[][][] costOf = new long[n][][];
        for (int f = 0; f < n; f++) {
            calleeOf[f] = new int[count[f]];
            costOf[f] = new long[count[f]][];
        }
        int[] fill = new int[n];
        int seen = 0;
        for (Map.Entry<Long, long[]> e : graph.calls().entrySet()) {
            if ((++seen & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            int caller = folded[CallGraph.caller(e.getKey())];
            long[] cost = new long[values];
            for (int v = 0; v < values; v++) {
                cost[v] = e.getValue()[eventOrder[v]];
            }
            calleeOf[caller][fill[caller]] = folded[CallGraph.callee(e.getKey())];
            costOf[caller][fill[caller]++] = cost;
        }
        // Callees in name order (then object, through the fold order) so the result is
        // deterministic; calls of two functions that folded into one are added up.
        int[][] callees = new int[n][];
        long[][][] callCosts = new long[n][][];
        for (int f = 0; f < n; f++) {
            if ((f & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            int[] of = calleeOf[f];
            Integer[] order = new Integer[of.length];
            for (int k = 0; k < of.length; k++) {
                order[k] = k;
            }
            Arrays.sort(order, Comparator.comparing((Integer k) -> names.get(of[k]))
                    .thenComparingInt(k -> of[k]));
            int[] ids = new int[of.length];
            long[][] costs = new long[of.length][];
            int m = 0;
            for (int k : order) {
                if (m > 0 && ids[m - 1] == of[k]) {
                    for (int v = 0; v < values; v++) {
                        costs[m - 1][v] += costOf[f][k][v];
                    }
                } else {
                    ids[m] = of[k];
                    costs[m++] = costOf[f][k];
                }
            }
            callees[f] = Arrays.copyOf(ids, m);
            callCosts[f] = Arrays.copyOf(costs, m);
            calleeOf[f] = null;
            costOf[f] = null;
        }
        return new FoldedCallGraph(values, List.copyOf(names), List.copyOf(self), callees, callCosts);
    }
}
