package dev.flamediff.diff;

import dev.flamediff.model.Frame;

/**
 * Where a culprit's change went: one function it calls directly, with the inclusive values of
 * those calls (under the culprit only) on each side, scaled.
 *
 * @param frame the callee's frame
 * @param base the base value of the culprit's calls to it
 * @param head the head value of those calls
 * @param profileBase the whole base profile's total, the denominator of {@link #impact()}
 */
public record CalleeChange(Frame frame, double base, double head, double profileBase) {

    /** Returns head minus base. */
    public double delta() {
        return head - base;
    }

    /** Returns the change as a share of the whole base profile. */
    public double impact() {
        return profileBase == 0 ? 0 : delta() / profileBase;
    }

    /** Returns whether the culprit did not call it in base: new code, or code newly reached from there. */
    public boolean isNew() {
        return base == 0 && head != 0;
    }

    /** Returns whether the culprit no longer calls it in head. */
    public boolean isGone() {
        return head == 0 && base != 0;
    }
}
