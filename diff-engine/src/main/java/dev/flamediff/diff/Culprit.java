package dev.flamediff.diff;

import java.util.List;

/**
 * A function where a change starts, with the part of its inclusive change that no deeper
 * culprit explains and the callees that change went to. See {@link FunctionTable#culprits()}
 * for the rule that finds them.
 *
 * @param function the function, merged over all its call paths
 * @param base the base value of the change attributed to it: its inclusive value less what the
 *     culprits found beneath it hold (scaled)
 * @param head the head value of that part
 * @param profileBase the whole base profile's total, the denominator of {@link #impact()}
 * @param score the signed test statistic of the attributed change
 * @param pValue its raw two-sided p-value
 * @param callees the callees whose change is largest (under this function, same direction
 *     first), at most a few; {@link CalleeChange#isNew()} marks those it did not call in base
 */
public record Culprit(FunctionDiff function, double base, double head, double profileBase,
                      double score, double pValue, List<CalleeChange> callees) {

    /** Copies the callees. */
    public Culprit {
        callees = List.copyOf(callees);
    }

    /** Returns head minus base of the attributed change. */
    public double delta() {
        return head - base;
    }

    /**
     * Returns the attributed change as a share of the whole base profile: what this function's
     * change alone did to the benchmark (0.14 = +14% of the profile).
     */
    public double impact() {
        return profileBase == 0 ? 0 : delta() / profileBase;
    }

    /** Returns whether the culprit made the profile bigger (a regression) rather than smaller. */
    public boolean regression() {
        return delta() > 0;
    }
}
