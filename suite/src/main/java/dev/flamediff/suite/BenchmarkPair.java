package dev.flamediff.suite;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One benchmark as found on both sides: its scores where JMH results name it, and its recordings
 * (several when a side holds several JMH runs of it; each is one run for the profile diff).
 *
 * @param key what the sides are paired by: JMH's benchmark id (name, mode and parameters), or a
 *     profile file's path relative to its side's folder
 * @param jmh whether the benchmark comes from JMH (its profiles are filtered to JMH's worker threads)
 * @param base base's results, empty when base's results do not name it
 * @param head head's results, empty when head's results do not name it
 * @param baseProfiles base's recordings, empty when it has none
 * @param headProfiles head's recordings, empty when it has none
 */
public record BenchmarkPair(String key, boolean jmh, Optional<JmhResult> base, Optional<JmhResult> head,
                            List<Path> baseProfiles, List<Path> headProfiles) {

    /** Copies the lists. */
    public BenchmarkPair {
        baseProfiles = List.copyOf(baseProfiles);
        headProfiles = List.copyOf(headProfiles);
    }

    /** Returns whether base has the benchmark (a score or a recording). */
    public boolean inBase() {
        return base.isPresent() || !baseProfiles.isEmpty();
    }

    /** Returns whether head has the benchmark. */
    public boolean inHead() {
        return head.isPresent() || !headProfiles.isEmpty();
    }

    /** Returns whether both sides have recordings to diff. */
    public boolean hasProfiles() {
        return !baseProfiles.isEmpty() && !headProfiles.isEmpty();
    }
}
