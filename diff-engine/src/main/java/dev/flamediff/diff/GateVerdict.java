package dev.flamediff.diff;

import java.util.List;

/**
 * Whether a diff passes its CI gate ({@link GateThresholds}), and why not.
 *
 * @param enabled whether any threshold was set
 * @param reasons one line per threshold exceeded, empty when the gate passes
 */
public record GateVerdict(boolean enabled, List<String> reasons) {

    /** Copies the reasons. */
    public GateVerdict {
        reasons = List.copyOf(reasons);
    }

    /** Returns whether the gate failed: some threshold was exceeded by a significant change. */
    public boolean failed() {
        return !reasons.isEmpty();
    }
}
