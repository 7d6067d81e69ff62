package dev.flamediff.diff;

import dev.flamediff.model.Frame;

/**
 * One function's change, merged over every call path it appears on: the by-function view of a
 * {@link DiffTree}. A function is a frame as the diff matches frames (its name, with kernel and
 * thread frames kept apart; how a Java method ran does not split it).
 *
 * <p>Values are scaled like the tree's. The inclusive value counts every sample whose stack
 * contains the function once, even when the function recurses (only its topmost occurrences on
 * a path are summed); the self value sums the function's own samples over all its paths, which
 * never counts a sample twice. Both changes are tested for significance on the merged counts,
 * as one family of their own (see {@link FunctionTable}).
 *
 * @param frame the function's frame (of the kind that carried most of its value)
 * @param paths how many call paths (nodes of the diff) the function appears on
 * @param baseInclusive the base value of the samples whose stack holds the function
 * @param headInclusive the head value of those samples
 * @param baseSelf the base value of the function's own samples
 * @param headSelf the head value of its own samples
 * @param profileBase the whole base profile's total, the denominator of the impacts
 * @param inclusiveScore the signed test statistic of the inclusive change (positive = head larger)
 * @param inclusivePValue its raw two-sided p-value
 * @param inclusiveQValue its adjusted p-value over the function family
 * @param inclusiveSignificant whether the inclusive change rises above the noise
 * @param selfScore the signed test statistic of the self change
 * @param selfPValue its raw two-sided p-value
 * @param selfQValue its adjusted p-value
 * @param selfSignificant whether the self change rises above the noise
 */
public record FunctionDiff(Frame frame, int paths,
                           double baseInclusive, double headInclusive, double baseSelf, double headSelf,
                           double profileBase,
                           double inclusiveScore, double inclusivePValue, double inclusiveQValue,
                           boolean inclusiveSignificant,
                           double selfScore, double selfPValue, double selfQValue, boolean selfSignificant) {

    /** Returns head minus base of the inclusive value. */
    public double inclusiveDelta() {
        return headInclusive - baseInclusive;
    }

    /** Returns head minus base of the self value. */
    public double selfDelta() {
        return headSelf - baseSelf;
    }

    /** Returns the inclusive change as a share of the whole base profile (0.14 = +14% of the profile). */
    public double inclusiveImpact() {
        return profileBase == 0 ? 0 : inclusiveDelta() / profileBase;
    }

    /** Returns the self change as a share of the whole base profile. */
    public double selfImpact() {
        return profileBase == 0 ? 0 : selfDelta() / profileBase;
    }

    /** Returns the inclusive change relative to the base inclusive value, NaN when it is new. */
    public double inclusiveRelative() {
        return baseInclusive == 0 ? Double.NaN : inclusiveDelta() / baseInclusive;
    }

    /** Returns whether the function ran in base only, head only, or both. */
    public NodeStatus status() {
        boolean inBase = baseInclusive != 0;
        boolean inHead = headInclusive != 0;
        if (inBase == inHead) {
            return NodeStatus.COMMON;
        }
        return inHead ? NodeStatus.ADDED : NodeStatus.REMOVED;
    }
}
