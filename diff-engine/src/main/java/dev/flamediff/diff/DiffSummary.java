package dev.flamediff.diff;

import java.util.List;

/**
 * What a reviewer needs from a diff, ranked: the overall change, the biggest regressions and
 * improvements, new and removed hot code, and the CI gate's verdict. Only significant changes are
 * listed; the rest is counted.
 *
 * <p>Two rankings, because they answer different questions:
 * <ul>
 *   <li><b>by frame, self</b>: a frame's self values summed over all its call paths, so a method
 *       that got slower everywhere shows once with its full weight. Summing self values never
 *       counts a sample twice, even under recursion, so these are exact shares of the profile.</li>
 *   <li><b>by path, total</b>: one call path's total (self plus callees). Totals cannot be summed
 *       across paths (recursion and nesting count samples twice), so these stay per path. A path
 *       whose change is mostly (80% or more) one child's is left out in favour of that child, so
 *       the list shows where a change sits rather than every caller above it.</li>
 * </ul>
 * Both are ranked by impact: the change as a share of the whole base profile.
 *
 * @param overall the whole profile's change
 * @param selfRegressions frames whose summed self value grew significantly, largest impact first
 * @param selfImprovements frames whose summed self value shrank significantly, largest first
 * @param totalRegressions call paths whose total grew significantly, largest impact first
 * @param totalImprovements call paths whose total shrank significantly, largest first
 * @param added the topmost nodes of significant new call paths (only in head), largest first
 * @param removed the topmost nodes of significant removed call paths (only in base), largest first
 * @param belowNoise how many frames changed their self value without the change being significant
 * @param gate the CI gate's verdict
 * @param withinNoise the frames with the largest self changes that are not significant, largest
 *     impact first: what moved, for a reader to see that it is noise (not counted by the gate)
 * @param culpritRegressions the functions where a regression starts (see
 *     {@link FunctionTable#culprits()}), largest impact first: the answer to "where"
 * @param culpritImprovements the functions where an improvement starts, largest first
 */
public record DiffSummary(OverallChange overall,
                          List<SummaryEntry> selfRegressions, List<SummaryEntry> selfImprovements,
                          List<SummaryEntry> totalRegressions, List<SummaryEntry> totalImprovements,
                          List<SummaryEntry> added, List<SummaryEntry> removed,
                          int belowNoise, GateVerdict gate, List<SummaryEntry> withinNoise,
                          List<Culprit> culpritRegressions, List<Culprit> culpritImprovements) {

    /** The default number of entries per list. */
    public static final int DEFAULT_LIMIT = 10;

    /** Copies the lists. */
    public DiffSummary {
        selfRegressions = List.copyOf(selfRegressions);
        selfImprovements = List.copyOf(selfImprovements);
        totalRegressions = List.copyOf(totalRegressions);
        totalImprovements = List.copyOf(totalImprovements);
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        withinNoise = List.copyOf(withinNoise);
        culpritRegressions = List.copyOf(culpritRegressions);
        culpritImprovements = List.copyOf(culpritImprovements);
    }

    /**
     * Returns the diff's summary with up to {@link #DEFAULT_LIMIT} entries per list, its gate
     * ({@link DiffTree#gate()}) judged: {@link DiffTree#summary()}, built once per diff.
     *
     * @return the summary, never null
     * @throws java.util.concurrent.CancellationException if the thread is interrupted meanwhile
     *     ("the diff was interrupted"; the flag stays set)
     */
    public static DiffSummary of(DiffTree diff) {
        return diff.summary();
    }

    /**
     * Summarizes a diff with up to {@code limit} entries per list, built anew on every call (the
     * summary the renderers and the gate share is {@link DiffTree#summary()}).
     *
     * @return the summary, never null
     * @throws IllegalArgumentException if limit is negative
     * @throws java.util.concurrent.CancellationException if the thread is interrupted meanwhile
     */
    public static DiffSummary of(DiffTree diff, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0: " + limit);
        }
        // A bottom-up tree's outermost frames would lead the self ranking: summarize the stacks as recorded.
        DiffTree recorded = diff.asRecorded();
        SummaryRanker ranker = new SummaryRanker(recorded, limit);
        OverallChange overall = ranker.overall();
        List<SummaryEntry> frames = ranker.framesBySelf();
        List<SummaryEntry> paths = ranker.pathsByTotal();
        List<Culprit> culprits = recorded.functions().culprits();
        return new DiffSummary(overall, ranker.top(frames, true), ranker.top(frames, false),
                ranker.top(paths, true), ranker.top(paths, false),
                ranker.oneSided(NodeStatus.ADDED), ranker.oneSided(NodeStatus.REMOVED),
                SummaryRanker.belowNoise(frames), ranker.judge(overall, culprits), ranker.withinNoise(frames),
                ranker.culprits(culprits, true), ranker.culprits(culprits, false));
    }
}
