package dev.flamediff.suite;

/** What happened to a benchmark between base and head. */
public enum Verdict {
    /** The score got significantly worse. */
    SLOWER,
    /** The score got significantly better. */
    FASTER,
    /** The change is within the noise the forks measured. */
    UNCHANGED,
    /** A side ran a single fork, so the fork-to-fork variation is unknown and the change cannot be judged. */
    NOT_MEASURABLE,
    /** Only head has the benchmark. */
    ADDED,
    /** Only base has the benchmark. */
    REMOVED,
    /** Neither side has a score: profiles paired by file name, compared by their profile diff alone. */
    PROFILE_ONLY;

    /** Returns the lower-case words used in reports. */
    public String words() {
        return switch (this) {
            case NOT_MEASURABLE -> "not measurable";
            case PROFILE_ONLY -> "profile only";
            default -> name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
