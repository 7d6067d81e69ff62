package dev.flamediff.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The benchmarks of two sides paired by key, and what could not be paired. JMH benchmarks on one
 * side only are pairs too (added or removed); other profile files found on one side only are
 * named in a warning, as is everything a side held and the suite did not use.
 *
 * @param pairs every benchmark, JMH's first (by key), then the other profile files (by path)
 * @param warnings one line each, for stderr and the report
 */
public record SuitePlan(List<BenchmarkPair> pairs, List<String> warnings) {

    /** Copies the lists. */
    public SuitePlan {
        pairs = List.copyOf(pairs);
        warnings = List.copyOf(warnings);
    }

    /** Pairs what two sides hold. */
    public static SuitePlan pair(SideContents base, SideContents head) {
        List<BenchmarkPair> pairs = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>();
        keys.addAll(base.results().keySet());
        keys.addAll(base.jmhProfiles().keySet());
        keys.addAll(head.results().keySet());
        keys.addAll(head.jmhProfiles().keySet());
        for (String key : keys) {
            pairs.add(new BenchmarkPair(key, true, Optional.ofNullable(base.results().get(key)),
                    Optional.ofNullable(head.results().get(key)),
                    base.jmhProfiles().getOrDefault(key, List.of()), head.jmhProfiles().getOrDefault(key, List.of())));
            missingScores(key, "base", base, warnings);
            missingScores(key, "head", head, warnings);
        }
        TreeSet<String> paths = new TreeSet<>(base.files().keySet());
        paths.addAll(head.files().keySet());
        for (String path : paths) {
            boolean inBase = base.files().containsKey(path);
            boolean inHead = head.files().containsKey(path);
            if (inBase && inHead) {
                pairs.add(new BenchmarkPair(path, false, Optional.empty(), Optional.empty(),
                        List.of(base.files().get(path)), List.of(head.files().get(path))));
            } else {
                warnings.add((inBase ? "base" : "head") + " only, not compared: " + path
                        + " (no file at the same path in " + (inBase ? head : base).folder() + ")");
            }
        }
        base.notes().forEach(n -> warnings.add("base: " + n));
        head.notes().forEach(n -> warnings.add("head: " + n));
        return new SuitePlan(pairs, warnings);
    }

    private static void missingScores(String key, String side, SideContents contents, List<String> warnings) {
        if (contents.jmhProfiles().containsKey(key) && !contents.results().containsKey(key)
                && !contents.results().isEmpty()) {
            warnings.add(side + ": " + key + " has recordings but no JMH results");
        }
    }
}
