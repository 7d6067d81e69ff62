package dev.flamediff.diff;

import java.util.List;

/**
 * Whether a diff passes its CI gate ({@link GateThresholds}), and why not.
 *
 * @param enabled whether any threshold was set
 * @param reasons one line per threshold exceeded, empty when the gate passes
 * @param notes one line per threshold that was set but could not be judged, and why
 */
public record GateVerdict(boolean enabled, List<String> reasons, List<String> notes) {

    /** Copies the lists. */
    public GateVerdict {
        reasons = List.copyOf(reasons);
        notes = List.copyOf(notes);
    }

    /** A verdict with nothing left unjudged. */
    public GateVerdict(boolean enabled, List<String> reasons) {
        this(enabled, reasons, List.of());
    }

    /** Returns whether the gate failed: some threshold was exceeded by a significant change. */
    public boolean failed() {
        return !reasons.isEmpty();
    }
}
