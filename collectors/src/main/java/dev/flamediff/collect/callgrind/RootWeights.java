package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.ReadInterrupts;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The weight each function of a folded call graph starts proportional expansion with, when it is
 * a root of the tree. With consistent call costs only functions nobody calls get any; the
 * weights always add up to the sum of the self costs.
 */
final class RootWeights {

    private final List<long[]> self;
    private final int[][] callees;
    private final long[][][] callCosts;
    private final int values;
    private boolean clamped;

    RootWeights(List<long[]> self, int[][] callees, long[][][] callCosts, int values) {
        this.self = self;
        this.callees = callees;
        this.callCosts = callCosts;
        this.values = values;
    }

    /** Returns whether some calls cost more than the functions they call ({@link #compute} first). */
    boolean clamped() {
        return clamped;
    }

    /**
     * Returns how much weight each function gets as a root: a component's own cost (its self
     * costs and its calls out of the component) minus the calls into it from other components.
     * Cyclic components spread theirs over their members by each member's own cost.
     *
     * @throws InterruptedIOException if the thread is interrupted (checked every 4,096 functions)
     */
    long[][] compute(int[] component, String source) throws InterruptedIOException {
        int n = self.size();
        int components = 0;
        for (int c : component) {
            components = Math.max(components, c + 1);
        }
        long[][] own = new long[n][values];
        long[][] componentWeight = new long[components][values];
        for (int f = 0; f < n; f++) {
            if ((f & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            for (int v = 0; v < values; v++) {
                own[f][v] = self.get(f)[v];
            }
            for (int k = 0; k < callees[f].length; k++) {
                int g = callees[f][k];
                if (component[g] == component[f]) {
                    continue;
                }
                for (int v = 0; v < values; v++) {
                    long c = callCosts[f][k][v];
                    own[f][v] += c;
                    componentWeight[component[g]][v] -= c;
                }
            }
            for (int v = 0; v < values; v++) {
                componentWeight[component[f]][v] += own[f][v];
            }
        }
        List<List<Integer>> members = new ArrayList<>(components);
        for (int c = 0; c < components; c++) {
            members.add(new ArrayList<>(1));
        }
        ReadInterrupts.check(source);
        for (int f = 0; f < n; f++) {
            members.get(component[f]).add(f);
        }
        ReadInterrupts.check(source);
        for (int v = 0; v < values; v++) {
            balance(componentWeight, v);
        }
        long[][] weight = new long[n][values];
        for (int c = 0; c < components; c++) {
            if ((c & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            List<Integer> m = members.get(c);
            for (int v = 0; v < values; v++) {
                long w = componentWeight[c][v];
                if (m.size() == 1) {
                    weight[m.get(0)][v] = w;
                    continue;
                }
                long[] parts = new long[m.size()];
                for (int i = 0; i < parts.length; i++) {
                    parts[i] = own[m.get(i)][v];
                }
                long[] split = Apportion.split(w, parts);
                long given = 0;
                for (int i = 0; i < parts.length; i++) {
                    weight[m.get(i)][v] = split[i];
                    given += split[i];
                }
                weight[m.get(0)][v] += w - given;
            }
        }
        return weight;
    }

    /**
     * Makes negative component weights zero and takes the same amount off the positive ones. A
     * component gets a negative weight when the calls into it cost more than it has (callgrind's
     * cache simulation does that by a few units); the caller then has that much too much, and
     * taking it off keeps the tree's total equal to the sum of the self costs.
     */
    private void balance(long[][] componentWeight, int v) {
        long negative = 0;
        long[] positive = new long[componentWeight.length];
        for (int c = 0; c < componentWeight.length; c++) {
            long w = componentWeight[c][v];
            if (w < 0) {
                negative -= w;
                componentWeight[c][v] = 0;
            } else {
                positive[c] = w;
            }
        }
        if (negative == 0) {
            return;
        }
        clamped = true;
        long[] cut = Apportion.split(negative, positive);
        for (int c = 0; c < componentWeight.length; c++) {
            componentWeight[c][v] -= Math.min(cut[c], componentWeight[c][v]);
        }
    }

}
