package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import java.util.List;

/**
 * One line of a {@link DiffSummary}: a frame (its self values summed over every call path) or one
 * call path (its total values), with base and head values (scaled), the change's impact on the
 * whole base profile and its significance.
 *
 * @param frame the frame (for a path: its last frame)
 * @param path the call path from just below the root, root-side first; empty for a frame summed
 *     over all its paths
 * @param base the base value
 * @param head the head value
 * @param profileBase the whole base profile's total, the denominator of {@link #impact()}
 * @param score the signed test statistic (z or t; infinite for exact values)
 * @param pValue the raw two-sided p-value
 * @param significant whether the change rises above the noise at the diff's level
 */
public record SummaryEntry(Frame frame, List<Frame> path, double base, double head,
                           double profileBase, double score, double pValue, boolean significant) {

    /** Copies the path. */
    public SummaryEntry {
        path = List.copyOf(path);
    }

    /** Returns head minus base. */
    public double delta() {
        return head - base;
    }

    /** Returns the change relative to the entry's own base value, NaN when base is 0 (new). */
    public double relative() {
        return base == 0 ? Double.NaN : delta() / base;
    }

    /** Returns the change as a share of the whole base profile (0.05 = the profile grew 5%). */
    public double impact() {
        return profileBase == 0 ? 0 : delta() / profileBase;
    }

    /** Returns whether this entry sums a frame over all its call paths (rather than one path). */
    public boolean aggregatesPaths() {
        return path.isEmpty();
    }
}
