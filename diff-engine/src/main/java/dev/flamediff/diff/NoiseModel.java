package dev.flamediff.diff;

/**
 * How much one recorded value of a node varies between two recordings of the same program, the
 * noise that a change must rise above to be called significant. Chosen per diff from the value
 * type (see {@link Diffs}); with several runs on a side the run-to-run spread is measured as well
 * and this model only sets its floor.
 */
public enum NoiseModel {
    /**
     * Deterministic values (callgrind instructions, or values with no known sampling noise):
     * every nonzero change is real, so every one is significant.
     */
    EXACT,
    /**
     * Counts of independent samples: Poisson counts, tested one run against one run with the exact
     * conditional binomial test (the head count given the sum of both).
     */
    POISSON,
    /**
     * Sums of sampled weights (nanoseconds per sample, bytes per allocation sample) with per-node
     * sample counts available: compound Poisson, variance estimated as value² / samples (exact when
     * every sample of a node weighs the same), tested with a z-test.
     */
    COMPOUND_POISSON;

    /** Returns a one-line description for outputs. */
    public String describe() {
        return switch (this) {
            case EXACT -> "exact values (every change counts)";
            case POISSON -> "Poisson sample counts";
            case COMPOUND_POISSON -> "compound Poisson (weighted samples)";
        };
    }
}
