package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the culprits of a diff by the rule documented on {@link FunctionTable#culprits()}.
 * Single use.
 *
 * <p>The candidates are each function's anchors ({@link CulpritAnchors}), callees before their
 * callers and otherwise the deepest change first ({@link CulpritOrder}); a candidate is tested
 * on what the culprits accepted before it do not already explain ({@link AcceptedCulprits}).
 */
final class CulpritFinder {

    /** How many callees a culprit lists. */
    static final int CALLEES = 5;

    private final DiffTree diff;
    private final NodeSignificance significance;
    private final int[] function;
    private final FunctionDiff[] functions;
    private final RunValues runs;
    private final int k;
    private final AcceptedCulprits accepted;
    private final CulpritAnchors anchors;
    private final FunctionParts parts;
    /** The functions' tester (see {@link FunctionSums#tester}): a culprit's change is part of a function's. */
    private final ChangeTester tester;

    /**
     * @param parts the parts of the functions the passes over all nodes run in (see {@link FunctionParts})
     * @param tester the functions' tester ({@link FunctionSums#tester})
     */
    CulpritFinder(DiffTree diff, NodeSignificance significance, FunctionSums sums, int[] function,
                  NodeFrames frames, FunctionDiff[] functions, FunctionParts parts, ChangeTester tester) {
        this.diff = diff;
        this.significance = significance;
        this.function = function;
        this.functions = functions;
        this.runs = significance.runs();
        this.k = runs.runs();
        this.accepted = new AcceptedCulprits(diff, runs);
        this.anchors = new CulpritAnchors(diff, sums, function, functions.length, frames, parts);
        this.parts = parts;
        this.tester = tester;
    }

    /** One aggregate of node values: raw per run, variances per run, scaled per side, system share. */
    private final class Part {
        final long[] b = new long[runs.baseRuns()];
        final long[] h = new long[k - runs.baseRuns()];
        final double[] bv = runs.hasCounts() ? new double[b.length] : null;
        final double[] hv = runs.hasCounts() ? new double[h.length] : null;
        double base;
        double head;
        double systemRaw;
        double allRaw;
        /** The sum of the nodes' absolute total deltas, and of each weighted by its depth. */
        double weight;
        double weighted;
        /** Of an own change: its calls that base never made, and those head no longer makes; else null. */
        final Part added;
        final Part removed;

        Part() {
            this(false);
        }

        Part(boolean own) {
            added = own ? new Part() : null;
            removed = own ? new Part() : null;
        }

        /** Adds a node's total (or self) value, less what is already explained beneath it. */
        void add(int node, boolean self, AcceptedCulprits.Explained minus) {
            base += (self ? diff.baseSelf(node) : diff.baseTotal(node)) - (minus == null ? 0 : minus.base);
            head += (self ? diff.headSelf(node) : diff.headTotal(node)) - (minus == null ? 0 : minus.head);
            for (int r = 0; r < k; r++) {
                long v = (self ? runs.self(node, r) : runs.total(node, r)) - (minus == null ? 0 : minus.raw[r]);
                double var = !runs.hasCounts() ? 0 : (self ? runs.selfVariance(node, r) : runs.totalVariance(node, r))
                        - (minus == null ? 0 : minus.variance[r]);
                allRaw += v;
                systemRaw += v * runs.systemShare(node, self);
                if (r < b.length) {
                    b[r] += v;
                    if (bv != null) {
                        bv[r] += Math.max(0, var);
                    }
                } else {
                    h[r - b.length] += v;
                    if (hv != null) {
                        hv[r - b.length] += Math.max(0, var);
                    }
                }
            }
        }

        double delta() {
            return head - base;
        }

        long samples() {
            long total = 0;
            for (long v : b) {
                total += v;
            }
            for (long v : h) {
                total += v;
            }
            return total;
        }

        ChangeTester.Outcome test(ChangeTester tester) {
            return tester.test(b, h, bv, hv, allRaw <= 0 ? 0 : Math.max(0, Math.min(1, systemRaw / allRaw)));
        }

        /**
         * Adds a node of new code called by the function, less what culprits accepted inside it
         * hold ({@code minus}, or null): to the own change and to its side's part of it.
         */
        void addNewCode(int node, AcceptedCulprits.Explained minus) {
            add(node, false, minus);
            (diff.baseTotal(node) == 0 ? added : removed).add(node, false, minus);
        }

        /**
         * Tests an own change: the whole of it and, where the function calls new code (or no
         * longer calls code) in the direction of the whole, those calls alone, the smaller
         * p-value of the two doubled (Bonferroni). Calls one side never made are a change no
         * run-to-run variation makes, but summed with the function's unchanged self time they
         * read as a ratio, which the one-run tests allow to be large: a helper that now spends
         * 3,300 samples in new calls beside 300 samples of its own is a ninefold ratio, within
         * what a run variation at the estimate's ceiling allows once the family is adjusted.
         */
        ChangeTester.Outcome testOwn(ChangeTester tester) {
            ChangeTester.Outcome whole = test(tester);
            double delta = delta();
            Part calls = delta > 0 ? added : delta < 0 ? removed : null;
            // The calls alone only where the whole keeps most of them: a refactor that moves a
            // loop into a new method has new calls that hold what the function's own code lost.
            if (calls == null || calls.samples() < NodeSignificance.MIN_SAMPLES
                    || Math.abs(delta) < Math.abs(calls.delta()) / 2) {
                return whole;
            }
            double pw = Double.isNaN(whole.pValue()) ? 1 : whole.pValue();
            ChangeTester.Outcome part = calls.test(tester);
            double pp = Double.isNaN(part.pValue()) ? 1 : part.pValue();
            ChangeTester.Outcome smaller = pp < pw ? part : whole;
            return new ChangeTester.Outcome(smaller.score(), Math.min(1, 2 * Math.min(pw, pp)));
        }
    }

    /**
     * A function's own change on the given nodes: its self values and the new code it calls.
     * Not the runtime code it calls: that is in its inclusive change, and a method whose every
     * callee is the JDK's would otherwise test its whole work instead of what it newly does.
     */
    private Part own(int[] nodes) {
        Part part = new Part(true);
        for (int n : nodes) {
            part.add(n, true, null);
            for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                if (anchors.newCode(c)) {
                    // A method that changed itself anchors inside new code (see CulpritAnchors):
                    // once it is a culprit, its change is not also the new code's caller's.
                    part.addNewCode(c, accepted.beneath(c));
                }
            }
        }
        return part;
    }

    /**
     * Whether a culprit accepted so far anchors inside new code (see {@link CulpritAnchors}):
     * until one does, no new code a candidate calls holds a culprit's change.
     */
    private boolean insideNewCode;

    /** Returns whether a culprit accepted so far lies inside the new code the nodes call. */
    private boolean acceptedInNewCode(int[] nodes) {
        for (int n : nodes) {
            for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                if (anchors.newCode(c) && accepted.beneath(c) != null) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Returns every function's own change on all its anchors ({@link #own}), null for a function
     * without anchors, with the weights of the depth of its change. One pass over the nodes in
     * pre-order, which visits each function's anchors in their order (the anchors of one function
     * never nest), so every sum adds the same values in the same order as {@link #own} of the
     * function's anchors would; a pass per function would jump about the tree. On a large diff, a
     * pass per part of the functions ({@link FunctionParts}), each function's sums still added in
     * pre-order by one thread.
     */
    private Part[] ownOnAnchors() {
        Part[] out = new Part[functions.length];
        int size = diff.size();
        boolean all = parts.count() == 1;
        parts.forEach((owner, caller) -> {
            for (int n = 1; n < size; n++) {
                DiffInterrupts.checkEvery(n, caller);
                if (!anchors.anchors(n)) {
                    continue;
                }
                int f = function[n];
                if (!all && parts.partOf(f) != owner) {
                    continue;
                }
                Part part = out[f];
                if (part == null) {
                    part = new Part(true);
                    out[f] = part;
                }
                part.add(n, true, null);
                for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                    if (anchors.newCode(c)) {
                        part.addNewCode(c, null);
                    }
                }
                double d = Math.abs(diff.totalDelta(n));
                part.weight += d;
                part.weighted += d * diff.depth(n);
            }
        });
        return out;
    }

    /**
     * Returns whether the nodes call new code (or code no longer called) whose function changed
     * significantly in the direction of {@code delta}: the confirmation an own change needs when
     * the function's inclusive change is lost in the rest of its work (a loop that now also calls
     * an audit log, say). A self-time change alone must show in the inclusive value too.
     */
    private boolean callsSignificantNewCode(int[] nodes, double delta) {
        for (int n : nodes) {
            for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                FunctionDiff g = functions[function[c]];
                if (anchors.newCode(c) && g.inclusiveSignificant() && Math.signum(g.inclusiveDelta()) == Math.signum(delta)) {
                    return true;
                }
            }
        }
        return false;
    }

    List<Culprit> find() {
        double level = significance.level();
        double profileBase = diff.base().total();
        boolean exact = tester.model() == NoiseModel.EXACT;
        // The own changes are tested as one family: every function with anchors is a candidate.
        List<Integer> candidates = new ArrayList<>();
        List<Double> ownP = new ArrayList<>();
        double[] depthOfChange = new double[functions.length];
        // Each candidate's own change on all its anchors, kept for the second pass: most
        // candidates have no anchor under an accepted culprit there and would sum it again.
        Part[] ownOnAnchors = ownOnAnchors();
        for (int f = 0; f < functions.length; f++) {
            DiffInterrupts.checkEvery(f);
            if (anchors.of(f).length == 0 || functions[f].frame().equals(Frame.ROOT)) {
                ownOnAnchors[f] = null;
                continue;
            }
            Part own = ownOnAnchors[f];
            boolean tested = exact || own.samples() >= NodeSignificance.MIN_SAMPLES;
            if (!tested && !functions[f].inclusiveSignificant()) {
                ownOnAnchors[f] = null;
                continue;
            }
            double p = own.testOwn(tester).pValue();
            ownP.add(tested && !Double.isNaN(p) ? p : Double.NaN);
            depthOfChange[f] = own.weight == 0 ? 0 : own.weighted / own.weight;
            candidates.add(f);
        }
        double[] q = DiffInterrupts.adjust(ownP.stream().mapToDouble(Double::doubleValue).toArray());
        boolean[] ownSignificant = new boolean[functions.length];
        for (int i = 0; i < candidates.size(); i++) {
            ownSignificant[candidates.get(i)] = !Double.isNaN(q[i]) && q[i] <= level;
        }
        Comparator<Integer> deepestFirst = Comparator.comparingDouble((Integer f) -> -depthOfChange[f])
                .thenComparingDouble(f -> Math.abs(functions[f].inclusiveDelta()))
                .thenComparing(f -> functions[f].frame());
        List<Culprit> out = new ArrayList<>();
        for (int f : CulpritOrder.of(candidates, deepestFirst, anchors, function, diff)) {
            DiffInterrupts.check();
            int[] all = anchors.of(f);
            int[] nodes = new int[all.length];
            int uncovered = 0;
            for (int n : all) {
                if (!accepted.covers(n)) {
                    nodes[uncovered++] = n;
                }
            }
            if (uncovered < nodes.length) {
                nodes = Arrays.copyOf(nodes, uncovered);
            }
            if (nodes.length == 0 || profileBase == 0) {
                continue;
            }
            FunctionDiff fn = functions[f];
            Part chosen = null;
            ChangeTester.Outcome outcome = null;
            boolean explainedBeneath = insideNewCode && acceptedInNewCode(nodes);
            Part own = nodes.length == all.length && !explainedBeneath ? ownOnAnchors[f] : own(nodes);
            // The family's test was of the whole own change; with a culprit's change taken out
            // of the new code it calls, what is left must hold up on its own.
            boolean ownHolds = ownSignificant[f] && (!explainedBeneath || pValue(own.testOwn(tester)) <= level);
            if (ownHolds && Math.abs(own.delta()) >= FunctionTable.MIN_IMPACT * profileBase
                    && (fn.inclusiveSignificant() || callsSignificantNewCode(nodes, own.delta()))) {
                chosen = own;
                outcome = own.testOwn(tester);
            } else if (fn.inclusiveSignificant()) {
                Part rest = rest(nodes);
                ChangeTester.Outcome o = rest.test(tester);
                double p = Double.isNaN(o.pValue()) ? 1 : o.pValue();
                if (p <= level && Math.abs(rest.delta()) >= CARRIED * Math.abs(fn.inclusiveDelta())
                        && Math.abs(rest.delta()) >= FunctionTable.MIN_IMPACT * profileBase) {
                    chosen = rest;
                    outcome = o;
                }
            }
            if (chosen == null) {
                continue;
            }
            double p = Double.isNaN(outcome.pValue()) ? 1 : outcome.pValue();
            out.add(new Culprit(fn, chosen.base, chosen.head, profileBase, outcome.score(), p,
                    callees(nodes, f, chosen.delta(), profileBase, chosen == own)));
            accepted.accept(nodes);
            for (int n : nodes) {
                insideNewCode |= anchors.newCode(diff.parent(n));
            }
        }
        out.sort(Comparator.comparingDouble((Culprit c) -> -Math.abs(c.impact()))
                .thenComparing(c -> c.function().frame()));
        return List.copyOf(out);
    }

    private static double pValue(ChangeTester.Outcome outcome) {
        return Double.isNaN(outcome.pValue()) ? 1 : outcome.pValue();
    }

    /** A candidate's inclusive change on the nodes, less what the culprits accepted beneath them hold. */
    private Part rest(int[] nodes) {
        Part rest = new Part();
        for (int n : nodes) {
            rest.add(n, false, accepted.beneath(n));
        }
        return rest;
    }

    private static final double CARRIED = FunctionTable.CARRIED_SHARE;
    /** The share of a culprit's change a new callee carries to be listed before the other callees. */
    private static final double CARRIED_BY_CALLEE = 0.1;

    /** The direct callees of the culprit's nodes, merged by function, the largest change in its direction first. */
    private List<CalleeChange> callees(int[] nodes, int culprit, double delta, double profileBase,
                                       boolean newCodeFirst) {
        // v[2] = 1 when some of the calls are new code (part of the culprit's own change).
        Map<Integer, double[]> byFunction = new HashMap<>();
        for (int n : nodes) {
            for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                int g = function[c];
                if (g == culprit) {
                    continue;
                }
                double[] v = byFunction.computeIfAbsent(g, x -> new double[3]);
                v[0] += diff.baseTotal(c);
                v[1] += diff.headTotal(c);
                v[2] = anchors.newCode(c) ? 1 : v[2];
            }
        }
        double sign = Math.signum(delta);
        // New code first where it carries a tenth of the change or more: a deoptimization
        // stub's one sample gone must not crowd out the JDK method that carried the change.
        double material = CARRIED_BY_CALLEE * Math.abs(delta);
        return byFunction.entrySet().stream()
                .filter(e -> e.getValue()[1] != e.getValue()[0])
                .sorted(Comparator.comparingDouble((Map.Entry<Integer, double[]> e) -> newCodeFirst
                                && sign * (e.getValue()[1] - e.getValue()[0]) >= material ? -e.getValue()[2] : 0)
                        .thenComparingDouble(e -> -sign * (e.getValue()[1] - e.getValue()[0]))
                        .thenComparing(e -> functions[e.getKey()].frame()))
                .limit(CALLEES)
                .map(e -> new CalleeChange(functions[e.getKey()].frame(), e.getValue()[0], e.getValue()[1], profileBase))
                .toList();
    }
}
