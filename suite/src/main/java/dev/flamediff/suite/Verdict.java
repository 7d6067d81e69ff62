package dev.flamediff.suite;

/** What happened to a benchmark between base and head. */
public enum Verdict {
    /** The score got significantly worse. */
    SLOWER,
    /** The score got significantly better. */
    FASTER,
    /** The change is not significant, and at most {@link SuiteOptions#noticeable()}. */
    UNCHANGED,
    /**
     * The score moved by more than {@link SuiteOptions#noticeable()}, but not significantly once
     * adjusted over the suite: neither a change nor its absence is shown, and more forks, or
     * steadier ones, would tell. Never fails the score gate.
     */
    INCONCLUSIVE,
    /** A side ran a single fork, so the fork-to-fork variation is unknown and the change cannot be judged. */
    NOT_MEASURABLE,
    /** Only head has the benchmark. */
    ADDED,
    /** Only base has the benchmark. */
    REMOVED,
    /** Neither side has a score: profiles paired by file name, compared by their profile diff alone. */
    PROFILE_ONLY;

    /**
     * Returns the verdict of a score comparison present on both sides: not measurable with one
     * fork on a side, slower or faster when its adjusted p-value {@code q} is at most the level,
     * else inconclusive when the score moved by more than {@code noticeable} (a fraction), else
     * unchanged.
     */
    public static Verdict ofScore(ScoreComparison s, double q, double level, double noticeable) {
        if (!s.measurable()) {
            return NOT_MEASURABLE;
        }
        if (q <= level) {
            return s.regression() > 0 ? SLOWER : FASTER;
        }
        // Not significant is not the same as unchanged: a score 30% lower whose forks vary by 50%
        // is a change nobody can rule out, and "unchanged" would hide it in a collapsed block.
        return Math.abs(s.change()) > noticeable ? INCONCLUSIVE : UNCHANGED;
    }

    /** Returns the lower-case words used in reports. */
    public String words() {
        return switch (this) {
            case NOT_MEASURABLE -> "not measurable";
            case PROFILE_ONLY -> "profile only";
            default -> name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
