package dev.flamediff.diff;

import java.util.OptionalDouble;

/**
 * The CI gate: how much slower (or bigger) head may be before the diff counts as failed. Only
 * significant changes count, so noise alone never fails a build. Thresholds are fractions of the
 * whole base profile (0.02 = 2%).
 *
 * @param wholeProfile fail when the whole profile grew by more than this share and the growth is
 *     significant; empty for no such check. Judged on exact values always, on sampled values only
 *     with {@code fixedWork}: the sample total of a fixed-duration recording says how much CPU the
 *     run got, not how much work it did
 * @param anyFrame fail when any culprit function ({@link FunctionTable#culprits()}) made the
 *     profile grow by more than this share of the whole base profile; empty for none
 * @param fixedWork whether both runs did the same amount of work (the same iterations or requests,
 *     not the same duration), so that their sampled totals compare
 */
public record GateThresholds(OptionalDouble wholeProfile, OptionalDouble anyFrame, boolean fixedWork) {

    /** No gate: a diff never fails. */
    public static final GateThresholds NONE = new GateThresholds(OptionalDouble.empty(), OptionalDouble.empty(), false);

    /** Thresholds for runs of unknown work (fixed-duration recordings, say). */
    public GateThresholds(OptionalDouble wholeProfile, OptionalDouble anyFrame) {
        this(wholeProfile, anyFrame, false);
    }

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
        return new GateThresholds(OptionalDouble.of(fraction), anyFrame, fixedWork);
    }

    /** Returns a copy with the per-frame threshold (a fraction of the whole base profile). */
    public GateThresholds withAnyFrame(double fraction) {
        return new GateThresholds(wholeProfile, OptionalDouble.of(fraction), fixedWork);
    }

    /** Returns a copy that says whether both runs did the same amount of work. */
    public GateThresholds withFixedWork(boolean value) {
        return new GateThresholds(wholeProfile, anyFrame, value);
    }

    /** Returns whether any threshold is set. */
    public boolean enabled() {
        return wholeProfile.isPresent() || anyFrame.isPresent();
    }
}
