package dev.flamediff.diff;

import dev.flamediff.diff.stats.FalseDiscoveryRate;
import dev.flamediff.model.Frame;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Function;

/**
 * The by-function view of a {@link DiffTree}: every function merged over all its call paths
 * ({@link FunctionDiff}), which node belongs to which function, and the culprits found on it
 * ({@link #culprits()}). Immutable; obtained from {@link DiffTree#functions()}.
 *
 * <p><b>Significance.</b> Each function's inclusive and self changes are tested on the merged
 * counts with the diff's count model and run-to-run variation, and all of them form one family
 * for the Benjamini–Hochberg adjustment, apart from the node tests: a method that got slower on
 * 65 call paths by 30 samples each is one change of 2,000 samples, not 65 changes too small to
 * tell from noise. The merged counts also decide which node changes count (see
 * {@link DiffSignificance#significant(int)}): the shape of a stack varies between recordings of the
 * same program (the JIT inlines differently, a lambda's frames move), so samples move between
 * the paths of a function while the function itself keeps its share.
 */
public final class FunctionTable {

    private final DiffTree diff;
    private final int[] functionOfNode;
    private final FunctionDiff[] functions;
    private final int[] nodeStart;
    private final int[] nodeList;
    /**
     * Per node: bit 0, on or under a function whose inclusive value grew significantly (or a
     * culprit that grew); bit 1, shrank.
     */
    private final byte[] underChange;
    /** Per function, the same bits for the function itself. */
    private final byte[] changeOf;
    private final List<Culprit> culprits;

    private FunctionTable(DiffTree diff, int[] functionOfNode, FunctionDiff[] functions, int[] nodeStart, int[] nodeList,
                          byte[] underChange, byte[] changeOf, List<Culprit> culprits) {
        this.diff = diff;
        this.functionOfNode = functionOfNode;
        this.functions = functions;
        this.nodeStart = nodeStart;
        this.nodeList = nodeList;
        this.underChange = underChange;
        this.changeOf = changeOf;
        this.culprits = culprits;
    }

    /** Returns every function of the diff, the largest absolute inclusive impact first. */
    public List<FunctionDiff> all() {
        return List.of(functions);
    }

    /** Returns how many functions the diff has. */
    public int size() {
        return functions.length;
    }

    /** Returns the function at {@code index} in {@link #all()}. */
    public FunctionDiff get(int index) {
        return functions[index];
    }

    /** Returns the index in {@link #all()} of the node's function, or -1 for the root. */
    public int indexOf(int node) {
        return functionOfNode[node];
    }

    /** Returns the nodes of the function at {@code index} in {@link #all()}, in pre-order. */
    public int[] nodesOf(int index) {
        return Arrays.copyOfRange(nodeList, nodeStart[index], nodeStart[index + 1]);
    }

    /**
     * Returns whether the node is part of a significant change, to be drawn as such: its own
     * change is significant ({@link DiffSignificance#significant(int)}), or its function's inclusive
     * change is, in the same direction as the node's, or its function is a culprit that changed
     * that way. So 65 thin slivers of one slower method
     * are drawn as the one regression they are.
     */
    public boolean partOfSignificantChange(int node) {
        if (diff.significance().significant(node)) {
            return true;
        }
        int f = functionOfNode[node];
        double delta = diff.totalDelta(node);
        if (f < 0 || delta == 0) {
            return false;
        }
        return (changeOf[f] & direction(delta)) != 0;
    }

    /** The bit of a change's direction: 1 grew, 2 shrank, 0 none. */
    private static byte direction(double delta) {
        return (byte) (delta > 0 ? 1 : delta < 0 ? 2 : 0);
    }

    /**
     * Returns the callers of the function at {@code index} in {@link #all()}, merged by function,
     * the largest absolute change first: for each of its occurrences not nested in another of its
     * own (a recursive function's inner calls are part of the outer ones), the nearest frame above
     * that is the program's, so a handler that maps records through a method reference under a
     * JDK stream is the method reference's caller, not the stream; {@link Frame#ROOT} where no
     * program frame lies above (the function at a thread's root, or a truncated stack's
     * {@code [unknown]} above it). Read from the tree on each call (a walk up from each outermost
     * node to its nearest program frame): meant for the few functions a report names.
     */
    public List<CallerChange> callersOf(int index) {
        // Merged by the callers' functions (a method seen interpreted and compiled is one caller);
        // -1 for no program frame above.
        Map<Integer, double[]> byCaller = new HashMap<>();
        // The nodes come in pre-order, so a node inside an outer one's subtree is nested in it.
        int outerEnd = 0;
        // The frames' traits, worked out once per frame slot: the walks up pass the same frames often.
        UnionFrames frames = diff.frames();
        byte[] traits = new byte[frames.slots()];
        for (int n : nodesOf(index)) {
            DiffInterrupts.checkEvery(n);
            if (n < outerEnd) {
                continue;
            }
            outerEnd = diff.end(n);
            // Only a JVM profile has a runtime beneath the program (see FrameClass): the frames
            // above are judged as a JVM profile's once one of them, or the function, is Java.
            boolean jvm = (traits(frames, traits, n) & JAVA) != 0;
            int caller = -1;
            for (int p = diff.parent(n); p > 0; p = diff.parent(p)) {
                int t = traits(frames, traits, p);
                jvm |= (t & JAVA) != 0;
                if ((t & (jvm ? PROGRAM_IN_JVM : PROGRAM_NATIVE)) != 0) {
                    caller = functionOfNode[p];
                    break;
                }
            }
            double[] v = byCaller.computeIfAbsent(caller, x -> new double[2]);
            v[0] += diff.baseTotal(n);
            v[1] += diff.headTotal(n);
        }
        return byCaller.entrySet().stream()
                .map(e -> new CallerChange(e.getKey() < 0 ? Frame.ROOT : functions[e.getKey()].frame(),
                        e.getValue()[0], e.getValue()[1]))
                .sorted(Comparator.comparingDouble((CallerChange c) -> -Math.abs(c.delta())).thenComparing(CallerChange::frame))
                .toList();
    }

    private static final byte KNOWN = 1;
    private static final byte JAVA = 2;
    private static final byte PROGRAM_IN_JVM = 4;
    private static final byte PROGRAM_NATIVE = 8;

    /** The node's frame's {@link FrameClass} traits as bits, from {@code memo} once its slot's are known. */
    private static int traits(UnionFrames frames, byte[] memo, int node) {
        int slot = frames.slot(node);
        if (memo[slot] == 0) {
            Frame f = frames.frameInSlot(slot);
            memo[slot] = (byte) (KNOWN | (FrameClass.isJava(f) ? JAVA : 0)
                    | (FrameClass.isProgram(f, true) ? PROGRAM_IN_JVM : 0)
                    | (FrameClass.isProgram(f, false) ? PROGRAM_NATIVE : 0));
        }
        return memo[slot];
    }

    /**
     * Returns the culprits: the functions where a change starts, the largest absolute
     * {@link Culprit#impact()} first, regressions and improvements together.
     *
     * <p>The rule. Every change of a sample count is attributed to one function on its stack:
     * <ol>
     *   <li>A call path that exists on one side only (new code, or code no longer reached)
     *       belongs to the function that calls it: a method that did not run in base cannot be
     *       where a change starts; the change starts where it is called from. So a parser that now
     *       compiles a regular expression is the culprit, not the regex internals under it. The
     *       runtime's code called by the program (in a JVM profile the JDK's packages and the
     *       JVM's, C library's and kernel's frames) belongs to the program's method that calls it
     *       in the same way: a pull request changes the program, so a method that calls
     *       {@code String.format} more often is where its change starts. The program's methods
     *       that runtime code calls back (a lambda under a JDK stream) are functions of their
     *       own again. A program function whose call edges have values on one side only
     *       under two or more distinct callers (it appeared under all of them at once, or became
     *       too cheap to be sampled under any) changed itself, and is its own candidate; where its
     *       callers are one-sided too (too cheap to be sampled without it), the callers counted
     *       are the calls where that run of one-sided calls starts, and the function must have
     *       run on the other side somewhere.</li>
     *   <li>Functions are visited callees first: a function with a node beneath another's
     *       topmost nodes is visited before that one. Otherwise (and where calls go both ways) the
     *       deepest change goes first, by the depth of the change weighted by its size. A function
     *       is a candidate when its inclusive change is significant in the function family.</li>
     *   <li>A candidate's attributed change is its inclusive change less what the culprits
     *       already found beneath it hold, and less its occurrences inside another culprit's
     *       calls. It is a culprit when that change is significant on its own (p at most the
     *       diff's level), at least {@value #CARRIED_SHARE} of its inclusive change (otherwise its
     *       change is carried by the culprits beneath: the callers of a slower method are left
     *       out) and at least {@value #MIN_IMPACT} of the whole profile. A change that is mostly
     *       calls one side never made is also tested on those calls alone (see
     *       {@code CulpritFinder}), unless the function's own code lost what they hold.</li>
     * </ol>
     * Each culprit lists the direct callees whose change is largest, marking those it did not
     * call in base as new.
     */
    public List<Culprit> culprits() {
        return culprits;
    }

    /**
     * Returns the culprit a view of the diff opens on: the largest regression, else the largest
     * improvement (the first of {@link DiffSummary#culpritRegressions()}, else of
     * {@link DiffSummary#culpritImprovements()}), read from {@link #culprits()} without building
     * the summary; empty when the diff has no culprit.
     */
    public Optional<Culprit> leadingCulprit() {
        for (Culprit c : culprits) {
            if (c.regression()) {
                return Optional.of(c);
            }
        }
        // No regression: every culprit is an improvement, the largest first.
        return culprits.isEmpty() ? Optional.empty() : Optional.of(culprits.get(0));
    }

    /** The least share of its own inclusive change a culprit's attributed change must be. */
    static final double CARRIED_SHARE = 0.2;
    /** The least attributed change of a culprit, as a share of the whole base profile. */
    static final double MIN_IMPACT = 0.001;

    /** Returns whether a node sits on or under a function whose inclusive value (or culprit) changed significantly in that direction. */
    boolean underSignificantChange(int node, double sign) {
        return sign > 0 ? (underChange[node] & 1) != 0 : sign < 0 && (underChange[node] & 2) != 0;
    }

    /**
     * Builds the view of a diff whose nodes' function ids are given (worked out beside the node
     * tests, which they do not depend on). Called once by the diff's constructor, after its node
     * tests.
     *
     * @throws CancellationException if the thread is interrupted meanwhile
     */
    static FunctionTable of(DiffTree diff, NodeSignificance significance, FunctionIds ids) {
        return of(diff, significance, ids, nodesOfFunction -> FunctionParts.forDiff(nodesOfFunction, diff.size()));
    }

    /**
     * Builds the view of a diff, the passes over all nodes in the parts {@code parts} deals the
     * functions into (given each function's node count): the same view, bit for bit, whatever the
     * parts.
     *
     * @throws CancellationException if the thread is interrupted meanwhile
     */
    static FunctionTable of(DiffTree diff, NodeSignificance significance, Function<int[], FunctionParts> parts) {
        return of(diff, significance, FunctionIds.of(diff), parts);
    }

    private static FunctionTable of(DiffTree diff, NodeSignificance significance, FunctionIds ids,
                                    Function<int[], FunctionParts> parts) {
        int size = diff.size();
        int[] rawFunction = ids.function;
        NodeFrames frames = ids.frames;
        int[] nodesOfFunction = ids.nodesOfFunction;
        FunctionParts dealt = parts.apply(nodesOfFunction);
        FunctionSums sums = FunctionSums.of(diff, significance.runs(), rawFunction, ids.count(), dealt);
        // With several runs, functions are tested against their own spread across the runs: measured
        // once for the function tests and the culprits' tests alike.
        ChangeTester tester = sums.tester(significance);
        FunctionDiff[] unsorted = sums.test(diff, significance, tester);
        Integer[] order = new Integer[unsorted.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        // Millions of functions take a second to sort: the comparison checks for cancellation.
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> {
            DiffInterrupts.checkEvery(i);
            return -Math.abs(unsorted[i].inclusiveDelta());
        }).thenComparing(i -> unsorted[i].frame()));
        int[] rank = new int[unsorted.length];
        FunctionDiff[] sorted = new FunctionDiff[unsorted.length];
        for (int r = 0; r < order.length; r++) {
            rank[order[r]] = r;
            sorted[r] = unsorted[order[r]];
        }
        int[] functionOfNode = new int[size];
        functionOfNode[0] = -1;
        int blocks = (size + NODE_BLOCK - 1) / NODE_BLOCK;
        DiffInterrupts.forEachBlock(blocks, dealt.count() > 1, b -> {
            for (int n = Math.max(1, b * NODE_BLOCK), end = Math.min(size, (b + 1) * NODE_BLOCK); n < end; n++) {
                functionOfNode[n] = rank[rawFunction[n]];
            }
        });
        int[] nodesOfSorted = new int[sorted.length];
        for (int f = 0; f < rank.length; f++) {
            nodesOfSorted[rank[f]] = nodesOfFunction[f];
        }
        List<Culprit> culprits = new CulpritFinder(diff, significance, sums, rawFunction, frames, unsorted, dealt,
                tester).find();
        return laidOut(diff, functionOfNode, sorted, culprits, nodesOfSorted, parts);
    }

    /** Nodes per block of the passes that write each node's own slot alone (a few milliseconds). */
    private static final int NODE_BLOCK = 1 << 16;

    /**
     * Returns the by-function view of a diff whose tree shows reversed stacks: the functions and
     * culprits of the diff of the same stacks as recorded, laid over the reversed tree's nodes. A
     * function's inclusive value is the same either way (the samples whose stack holds it), but
     * a reversed stack ends in its outermost frame and its "callees" are its callers, so self
     * values and culprits found on the reversed tree would name the threads' roots.
     *
     * @param recorded the by-function view of the diff of the stacks as recorded
     * @param reversed the diff of the same profiles with every stack reversed
     */
    static FunctionTable reversed(FunctionTable recorded, DiffTree reversed) {
        Map<FunctionIds.Key, Integer> index = new HashMap<>();
        for (int i = 0; i < recorded.functions.length; i++) {
            index.putIfAbsent(FunctionIds.Key.of(recorded.functions[i].frame()), i);
        }
        int size = reversed.size();
        int[] functionOfNode = new int[size];
        functionOfNode[0] = -1;
        for (int n = 1; n < size; n++) {
            DiffInterrupts.checkEvery(n);
            Integer f = index.get(FunctionIds.Key.of(reversed.frame(n)));
            if (f == null) {
                // Reversing moves values between paths but never adds a frame to the profiles.
                throw new IllegalStateException("a reversed frame that the recorded stacks lack: " + reversed.frame(n));
            }
            functionOfNode[n] = f;
        }
        return laidOut(reversed, functionOfNode, recorded.functions, recorded.culprits, null,
                nodes -> FunctionParts.forDiff(nodes, size));
    }

    /**
     * Indexes the nodes of each function and marks the nodes under a significant change.
     *
     * @param nodesOfFunction per function (in {@code sorted}'s order), how many nodes it has, or
     *     null to count them here
     * @param dealing deals the functions into the parts their nodes are listed in, given their node counts
     */
    private static FunctionTable laidOut(DiffTree diff, int[] functionOfNode, FunctionDiff[] sorted, List<Culprit> culprits,
                                         int[] nodesOfFunction, Function<int[], FunctionParts> dealing) {
        int size = diff.size();
        int[] nodes = nodesOfFunction;
        if (nodes == null) {
            nodes = new int[sorted.length];
            for (int n = 1; n < size; n++) {
                DiffInterrupts.checkEvery(n);
                nodes[functionOfNode[n]]++;
            }
        }
        int[] nodeStart = new int[sorted.length + 1];
        for (int f = 0; f < sorted.length; f++) {
            nodeStart[f + 1] = nodeStart[f] + nodes[f];
        }
        int[] nodeList = new int[Math.max(0, size - 1)];
        // Each function's nodes are listed in pre-order by the one part that owns the function.
        FunctionParts parts = dealing.apply(nodes);
        boolean all = parts.count() == 1;
        int[] fill = Arrays.copyOf(nodeStart, sorted.length);
        parts.forEach((part, caller) -> {
            for (int n = 1; n < size; n++) {
                DiffInterrupts.checkEvery(n, caller);
                int f = functionOfNode[n];
                if (all || parts.partOf(f) == part) {
                    nodeList[fill[f]++] = n;
                }
            }
        });
        // Per function, the flag its nodes pass down: read once per function, not once per node.
        // A culprit is a significant change of its function even where the function's whole
        // inclusive value is not (its change tested on its new calls, see CulpritFinder).
        Map<FunctionDiff, Byte> culpritFlag = new IdentityHashMap<>();
        for (Culprit c : culprits) {
            culpritFlag.merge(c.function(), direction(c.delta()), (a, b) -> (byte) (a | b));
        }
        byte[] flagOf = new byte[sorted.length];
        for (int f = 0; f < sorted.length; f++) {
            FunctionDiff fn = sorted[f];
            if (fn.inclusiveSignificant()) {
                flagOf[f] = direction(fn.inclusiveDelta());
            }
            flagOf[f] |= culpritFlag.getOrDefault(fn, (byte) 0);
        }
        byte[] under = new byte[size];
        for (int n = 1; n < size; n++) {
            DiffInterrupts.checkEvery(n);
            under[n] = (byte) (under[diff.parent(n)] | flagOf[functionOfNode[n]]);
        }
        return new FunctionTable(diff, functionOfNode, sorted, nodeStart, nodeList, under, flagOf, culprits);
    }
}
