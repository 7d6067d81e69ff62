package dev.flamediff.diff;

import java.util.OptionalDouble;

/**
 * The CI gate: how much slower (or bigger) head may be before the diff counts as failed. Only
 * significant changes count, so noise alone never fails a build. Thresholds are fractions of the
 * whole base profile (0.02 = 2%).
 *
 * @param wholeProfile fail when the whole profile grew by more than this share and the growth is
 *     significant; empty for no such check
 * @param anyFrame fail when any one frame's self value (summed over all its call paths) grew by
 *     more than this share of the whole base profile and the growth is significant; empty for none
 */
public record GateThresholds(OptionalDouble wholeProfile, OptionalDouble anyFrame) {

    /** No gate: a diff never fails. */
    public static final GateThresholds NONE = new GateThresholds(OptionalDouble.empty(), OptionalDouble.empty());

    /** Checks the thresholds are non-negative and finite. */
    public GateThresholds {
        check(wholeProfile);
        check(anyFrame);
    }

    private static void check(OptionalDouble value) {
        if (value.isPresent() && !(value.getAsDouble() >= 0 && value.getAsDouble() < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("gate thresholds must be non-negative fractions: " + value);
        }
    }

    /** Returns a copy with the whole-profile threshold (a fraction, 0.02 = 2%). */
    public GateThresholds withWholeProfile(double fraction) {
        return new GateThresholds(OptionalDouble.of(fraction), anyFrame);
    }

    /** Returns a copy with the per-frame threshold (a fraction of the whole base profile). */
    public GateThresholds withAnyFrame(double fraction) {
        return new GateThresholds(wholeProfile, OptionalDouble.of(fraction));
    }

    /** Returns whether any threshold is set. */
    public boolean enabled() {
        return wholeProfile.isPresent() || anyFrame.isPresent();
    }
}
