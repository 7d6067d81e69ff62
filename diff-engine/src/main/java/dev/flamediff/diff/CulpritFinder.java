package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Finds the culprits of a diff by the rule documented on {@link FunctionTable#culprits()}.
 * Single use.
 *
 * <p>What each culprit's nodes already hold is kept in a sparse map from node to its raw
 * per-run values and scaled values ("explained"): accepting a culprit adds each of its nodes'
 * unexplained value to every ancestor, so a later, shallower candidate reads what lies beneath
 * it in one look-up per node. Only the culprits' nodes and their ancestors are ever touched.
 */
final class CulpritFinder {

    /** How many callees a culprit lists. */
    static final int CALLEES = 5;

    private final DiffTree diff;
    private final NodeSignificance significance;
    private final FunctionSums sums;
    private final int[] function;
    private final FunctionDiff[] functions;
    private final RunValues runs;
    private final int k;
    private final Map<Integer, Explained> explained = new HashMap<>();
    /** The subtrees of accepted culprits' nodes, start to end in pre-order. */
    private final TreeMap<Integer, Integer> covered = new TreeMap<>();

    /** What the culprits beneath a node hold: raw per run, variances per run, scaled per side. */
    private static final class Explained {
        final long[] raw;
        final double[] variance;
        double base;
        double head;

        Explained(int runs, boolean variances) {
            raw = new long[runs];
            variance = variances ? new double[runs] : null;
        }
    }

    CulpritFinder(DiffTree diff, NodeSignificance significance, FunctionSums sums, int[] function,
                  FunctionDiff[] functions) {
        this.diff = diff;
        this.significance = significance;
        this.sums = sums;
        this.function = function;
        this.functions = functions;
        this.runs = significance.runs();
        this.k = runs.runs();
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

        /** Adds a node's total (or self) value, less what is already explained beneath it. */
        void add(int node, boolean self, Explained minus) {
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
    }

    /**
     * A function's own change on the given nodes: its self values and the new code it calls.
     * Not the runtime code it calls: that is in its inclusive change, and a method whose every
     * callee is the JDK's would otherwise test its whole work instead of what it newly does.
     */
    private Part own(List<Integer> nodes) {
        Part part = new Part();
        for (int n : nodes) {
            part.add(n, true, null);
            for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                if (newCode[c]) {
                    part.add(c, false, null);
                }
            }
        }
        return part;
    }

    private boolean[] newCode;

    /**
     * Returns whether the nodes call new code (or code no longer called) whose function changed
     * significantly in the direction of {@code delta}: the confirmation an own change needs when
     * the function's inclusive change is lost in the rest of its work (a loop that now also calls
     * an audit log, say). A self-time change alone must show in the inclusive value too.
     */
    private boolean callsSignificantNewCode(List<Integer> nodes, double delta) {
        for (int n : nodes) {
            for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                FunctionDiff g = functions[function[c]];
                if (newCode[c] && g.inclusiveSignificant() && Math.signum(g.inclusiveDelta()) == Math.signum(delta)) {
                    return true;
                }
            }
        }
        return false;
    }

    List<Culprit> find() {
        List<List<Integer>> anchors = anchorNodes();
        ChangeTester tester = significance.tester();
        double level = significance.level();
        double profileBase = diff.base().total();
        boolean exact = tester.model() == NoiseModel.EXACT;
        // The own changes are tested as one family: every function with anchors is a candidate.
        List<Integer> candidates = new ArrayList<>();
        List<Double> ownP = new ArrayList<>();
        double[] depthOfChange = new double[functions.length];
        for (int f = 0; f < functions.length; f++) {
            DiffInterrupts.checkEvery(f);
            if (anchors.get(f).isEmpty() || functions[f].frame().equals(Frame.ROOT)) {
                continue;
            }
            Part own = own(anchors.get(f));
            boolean tested = exact || own.samples() >= NodeSignificance.MIN_SAMPLES;
            if (!tested && !functions[f].inclusiveSignificant()) {
                continue;
            }
            double p = own.test(tester).pValue();
            ownP.add(tested && !Double.isNaN(p) ? p : Double.NaN);
            double weight = 0;
            double weighted = 0;
            for (int n : anchors.get(f)) {
                double d = Math.abs(diff.totalDelta(n));
                weight += d;
                weighted += d * diff.depth(n);
            }
            depthOfChange[f] = weight == 0 ? 0 : weighted / weight;
            candidates.add(f);
        }
        double[] q = DiffInterrupts.adjust(ownP.stream().mapToDouble(Double::doubleValue).toArray());
        boolean[] ownSignificant = new boolean[functions.length];
        for (int i = 0; i < candidates.size(); i++) {
            ownSignificant[candidates.get(i)] = !Double.isNaN(q[i]) && q[i] <= level;
        }
        candidates.sort(Comparator.comparingDouble((Integer f) -> -depthOfChange[f])
                .thenComparingDouble(f -> Math.abs(functions[f].inclusiveDelta()))
                .thenComparing(f -> functions[f].frame()));
        List<Culprit> out = new ArrayList<>();
        for (int f : candidates) {
            DiffInterrupts.check();
            List<Integer> nodes = new ArrayList<>();
            for (int n : anchors.get(f)) {
                if (!isCovered(n)) {
                    nodes.add(n);
                }
            }
            if (nodes.isEmpty() || profileBase == 0) {
                continue;
            }
            FunctionDiff fn = functions[f];
            Part chosen = null;
            ChangeTester.Outcome outcome = null;
            Part own = own(nodes);
            if (ownSignificant[f] && Math.abs(own.delta()) >= FunctionTable.MIN_IMPACT * profileBase
                    && (fn.inclusiveSignificant() || callsSignificantNewCode(nodes, own.delta()))) {
                chosen = own;
                outcome = own.test(tester);
            } else if (fn.inclusiveSignificant()) {
                Part rest = new Part();
                for (int n : nodes) {
                    rest.add(n, false, explained.get(n));
                }
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
            for (int n : nodes) {
                accept(n);
            }
        }
        out.sort(Comparator.comparingDouble((Culprit c) -> -Math.abs(c.impact()))
                .thenComparing(c -> c.function().frame()));
        return List.copyOf(out);
    }

    private static final double CARRIED = FunctionTable.CARRIED_SHARE;

    /**
     * Per function, the topmost nodes that can carry a change of their own. A node is new code
     * when its caller's function did not call its function anywhere in base (or, for removed
     * code, anywhere in head): then it and everything under it belongs to the nearest caller
     * that is not new code. Every other topmost node is an anchor, also one that happens to have
     * no samples on one side on its own path (a method reached through 65 paths has a few
     * samples per path, some of them none). New code right under the root or a thread (a new
     * thread's work) has no caller to be attributed to and anchors itself. Runtime code that the
     * program calls (see {@link FrameClass#runtimeMask}) anchors nowhere either: its change is
     * in the inclusive change of the program's method above it, and that method is the
     * candidate. Runtime code with no program frame above it (a compiler thread, the JDK's own
     * thread pools around the program) anchors as any code does.
     */
    private List<List<Integer>> anchorNodes() {
        Map<Long, double[]> edges = new HashMap<>();
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            double[] v = edges.computeIfAbsent(edge(n), x -> new double[2]);
            v[0] += diff.baseTotal(n);
            v[1] += diff.headTotal(n);
        }
        newCode = new boolean[diff.size()];
        boolean[] runtime = FrameClass.runtimeMask(frames(), diff.size());
        // Per node: whether a frame of the program's lies on its path, the node included.
        boolean[] programAbove = new boolean[diff.size()];
        List<List<Integer>> out = new ArrayList<>(functions.length);
        for (int f = 0; f < functions.length; f++) {
            out.add(new ArrayList<>());
        }
        for (int n = 1; n < diff.size(); n++) {
            DiffInterrupts.checkEvery(n);
            int p = diff.parent(n);
            boolean nearRoot = p == 0 || (diff.frame(p).kind() == FrameKind.THREAD && diff.parent(p) == 0);
            double[] e = edges.get(edge(n));
            boolean oneSidedEdge = (e[0] == 0) != (e[1] == 0);
            newCode[n] = !nearRoot && (newCode[p] || oneSidedEdge);
            boolean program = !runtime[n] && diff.frame(n).kind() != FrameKind.THREAD;
            programAbove[n] = program || programAbove[p];
            // Runtime code belongs to the program's method that calls it, as new code does; the
            // program's methods it calls back are their own again.
            boolean runtimeCall = !program && programAbove[p];
            if (!newCode[n] && !runtimeCall && sums.topmost[n]) {
                out.get(function[n]).add(n);
            }
        }
        return out;
    }

    private Frame[] frames() {
        Frame[] out = new Frame[diff.size()];
        for (int n = 0; n < out.length; n++) {
            out[n] = diff.frame(n);
        }
        return out;
    }

    /** The call edge into a node: its caller's function and its own, -1 for the root. */
    private long edge(int node) {
        int p = diff.parent(node);
        long caller = p == 0 ? -1 : function[p];
        return (caller << 32) ^ (function[node] & 0xFFFFFFFFL);
    }

    private boolean isCovered(int node) {
        Map.Entry<Integer, Integer> e = covered.floorEntry(node);
        return e != null && e.getValue() > node;
    }

    /** Marks the node a culprit's: its whole value is explained, above it and below. */
    private void accept(int node) {
        Explained inside = explained.get(node);
        long[] add = new long[k];
        double[] addVariance = runs.hasCounts() ? new double[k] : null;
        for (int r = 0; r < k; r++) {
            add[r] = runs.total(node, r) - (inside == null ? 0 : inside.raw[r]);
            if (addVariance != null) {
                addVariance[r] = runs.totalVariance(node, r) - (inside == null ? 0 : inside.variance[r]);
            }
        }
        double addBase = diff.baseTotal(node) - (inside == null ? 0 : inside.base);
        double addHead = diff.headTotal(node) - (inside == null ? 0 : inside.head);
        for (int a = diff.parent(node); a >= 0; a = diff.parent(a)) {
            Explained e = explained.computeIfAbsent(a, x -> new Explained(k, runs.hasCounts()));
            for (int r = 0; r < k; r++) {
                e.raw[r] += add[r];
                if (addVariance != null) {
                    e.variance[r] += addVariance[r];
                }
            }
            e.base += addBase;
            e.head += addHead;
        }
        // Culprits beneath this node are now inside its subtree: one interval covers them all.
        int end = diff.end(node);
        covered.subMap(node, true, end, false).clear();
        covered.put(node, end);
    }

    /** The direct callees of the culprit's nodes, merged by function, the largest change in its direction first. */
    private List<CalleeChange> callees(List<Integer> nodes, int culprit, double delta, double profileBase,
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
                v[2] = newCode[c] ? 1 : v[2];
            }
        }
        double sign = Math.signum(delta);
        return byFunction.entrySet().stream()
                .filter(e -> e.getValue()[1] != e.getValue()[0])
                .sorted(Comparator.comparingDouble((Map.Entry<Integer, double[]> e) -> newCodeFirst ? -e.getValue()[2] : 0)
                        .thenComparingDouble(e -> -sign * (e.getValue()[1] - e.getValue()[0]))
                        .thenComparing(e -> functions[e.getKey()].frame()))
                .limit(CALLEES)
                .map(e -> new CalleeChange(functions[e.getKey()].frame(), e.getValue()[0], e.getValue()[1], profileBase))
                .toList();
    }
}
