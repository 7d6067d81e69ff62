package dev.flamediff.diff;

/**
 * The noise view of a {@link DiffTree}: for every node, the test of its total and its self change
 * (statistic, p-value, adjusted q-value, and whether the change is significant), and the noise
 * model, run-to-run variation and false-discovery level the tests used. Immutable and safe to
 * share between threads.
 */
public final class DiffSignificance {

    private final DiffTree diff;
    private final NodeSignificance tests;
    private final FunctionTable functions;

    DiffSignificance(DiffTree diff, NodeSignificance tests, FunctionTable functions) {
        this.diff = diff;
        this.tests = tests;
        this.functions = functions;
    }

    /** Returns the noise model the significance tests assume for one run's values. */
    public NoiseModel noiseModel() {
        return tests.model();
    }

    /**
     * Returns whether significance uses the run-to-run spread (Welch's t-test), which it does when
     * either side has more than one run.
     */
    public boolean usesRunToRunSpread() {
        return diff.baseRuns() > 1 || diff.headRuns() > 1;
    }

    /**
     * Returns the relative run-to-run variation per node the one-run tests used, given or
     * measured on this diff (see {@link DiffOptions#runVariation()}); not used, though still
     * reported, with several runs.
     */
    public double runVariation() {
        return tests.runVariation();
    }

    /**
     * Returns the run-to-run variation the one-run tests used, whether it was given, measured on
     * this diff or a fallback, and what the measurement saw (see {@link DiffOptions#runVariation()}).
     */
    public RunVariation runVariationDetails() {
        return tests.runVariationDetails();
    }

    /**
     * Returns the relative run-to-run variation the tests gave system work (kernel, JVM and C
     * library frames, whose amount follows the machine more than the program): with one run per
     * side its c, with several the spread measured on its nodes' runs that its tests are
     * moderated towards; NaN when it was tested like the program's frames (a given variation,
     * exact values).
     */
    public double systemRunVariation() {
        return tests.systemVariation();
    }

    /**
     * Returns the base side's measured relative run-to-run variation per node (c in "variance =
     * sampling variance + (c·mean)²", pooled over all nodes), or NaN with a single run.
     */
    public double baseRunSpread() {
        return tests.measuredSpread(true);
    }

    /** Returns the head side's measured relative run-to-run variation per node, or NaN. */
    public double headRunSpread() {
        return tests.measuredSpread(false);
    }

    /**
     * Returns whether the several-runs tests divided each run's values by its total over its
     * side's mean first, because a side's run totals differed beyond sampling (a busy machine
     * during some of the runs).
     */
    public boolean runsScaledToTheirTotals() {
        return tests.tester().runSizes() != null;
    }

    /** Returns the false-discovery-rate level the significant flags were decided at. */
    public double level() {
        return tests.level();
    }

    /**
     * Returns the base side's coefficient of variation: the standard deviation of its runs' grand
     * totals over their mean, or NaN with a single run.
     */
    public double baseVariation() {
        return tests.runs().grandTotalVariation(true);
    }

    /** Returns the head side's coefficient of variation, or NaN with a single run. */
    public double headVariation() {
        return tests.runs().grandTotalVariation(false);
    }

    /**
     * Returns the signed test statistic of the node's total change (z, or Welch's t with several
     * runs): positive when head is larger, 0 when nothing changed, infinite for exact values.
     */
    public double score(int node) {
        return tests.totalScore(node);
    }

    /** Returns the raw two-sided p-value of the node's total change; 1 when both sides are 0. */
    public double pValue(int node) {
        return tests.totalP(node);
    }

    /**
     * Returns the Benjamini–Hochberg adjusted p-value of the node's total change, over all self
     * and total tests of this diff; 1 for changes too small to test. The root's total (the whole
     * profile) is tested on its own, so its q-value is its p-value.
     */
    public double qValue(int node) {
        return tests.totalQ(node);
    }

    /**
     * Returns whether the node's total change rises above the noise at {@link #level()}:
     * its own test is significant and, unless the values are exact, the change is confirmed by a
     * function on its path (the node's own or a caller's) whose merged inclusive value changed
     * significantly the same way. Samples move between the paths of a function from one
     * recording to the next (inlining, lambda frames, a different JIT decision) while the
     * function keeps its share: a path that appears or vanishes for that reason is not a change.
     */
    public boolean significant(int node) {
        return tests.totalSignificant(node) && confirmed(node, diff.totalDelta(node));
    }

    private boolean confirmed(int node, double delta) {
        return node == 0 || tests.model() == NoiseModel.EXACT
                || functions.underSignificantChange(node, Math.signum(delta));
    }

    /** Returns the signed test statistic of the node's self change. */
    public double selfScore(int node) {
        return tests.selfScore(node);
    }

    /** Returns the raw two-sided p-value of the node's self change; 1 when both sides are 0. */
    public double selfPValue(int node) {
        return tests.selfP(node);
    }

    /** Returns the adjusted p-value of the node's self change. */
    public double selfQValue(int node) {
        return tests.selfQ(node);
    }

    /** Returns whether the node's self change rises above the noise, confirmed as {@link #significant} is. */
    public boolean selfSignificant(int node) {
        return tests.selfSignificant(node) && confirmed(node, diff.selfDelta(node));
    }
}
