package dev.flamediff.suite;

import java.util.Map;
import java.util.Optional;

/**
 * One benchmark's line of the suite report.
 *
 * @param key the pairing key (JMH's benchmark id, or a profile's relative path)
 * @param name the benchmark's name without parameters ({@code com.acme.Bench.parse}), or the path
 * @param mode JMH's mode ({@code thrpt}...), empty for profiles without scores
 * @param params the parameters, empty when none
 * @param verdict what happened
 * @param score the score comparison, when both sides have scores
 * @param qValue the score change's p-value adjusted over the suite (Benjamini–Hochberg), NaN when not tested
 * @param profile what the profile diff found
 * @param gateReasons why this benchmark fails the suite's gates, empty when it passes
 */
public record BenchmarkReport(String key, String name, Optional<String> mode, Map<String, String> params,
                              Verdict verdict, Optional<ScoreComparison> score, double qValue,
                              ProfileFinding profile, java.util.List<String> gateReasons) {

    /** Copies the parameters and reasons. */
    public BenchmarkReport {
        params = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
        gateReasons = java.util.List.copyOf(gateReasons);
    }

    /** Returns whether the verdict is a change: slower or faster. */
    public boolean changed() {
        return verdict == Verdict.SLOWER || verdict == Verdict.FASTER;
    }

    /** Returns whether both sides have the benchmark (it is neither added nor removed). */
    public boolean inBoth() {
        return verdict != Verdict.ADDED && verdict != Verdict.REMOVED;
    }

    /** Returns the name with the class's package left out ({@code Bench.parse}), for tables. */
    public String shortName() {
        if (mode.isEmpty()) {
            return name;
        }
        int method = name.lastIndexOf('.');
        int cls = method <= 0 ? -1 : name.lastIndexOf('.', method - 1);
        return cls < 0 ? name : name.substring(cls + 1);
    }
}
