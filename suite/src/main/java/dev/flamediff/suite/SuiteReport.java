package dev.flamediff.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A whole suite, base against head: every benchmark's line, what was found and not used, and the
 * gates. Immutable.
 *
 * @param benchmarks every benchmark, in pairing order
 * @param warnings what could not be paired or was not used, one line each
 * @param level the significance level (false discovery rate over the suite's score tests)
 * @param scoreGate the score gate's threshold (a fraction), empty when off
 * @param frameGate the per-frame gate's threshold, empty when off
 */
public record SuiteReport(List<BenchmarkReport> benchmarks, List<String> warnings, double level,
                          OptionalDouble scoreGate, OptionalDouble frameGate) {

    /** Copies the lists. */
    public SuiteReport {
        benchmarks = List.copyOf(benchmarks);
        warnings = List.copyOf(warnings);
    }

    /** Returns the benchmarks with the verdict. */
    public List<BenchmarkReport> with(Verdict verdict) {
        return benchmarks.stream().filter(b -> b.verdict() == verdict).toList();
    }

    /** Returns the score change above which an unconfirmed change is inconclusive ({@link SuiteOptions#noticeable()}). */
    public double noticeable() {
        return scoreGate.orElse(SuiteOptions.DEFAULT_NOTICEABLE);
    }

    /** Returns whether any gate is on. */
    public boolean gateEnabled() {
        return scoreGate.isPresent() || frameGate.isPresent();
    }

    /** Returns every gate reason of every benchmark, in order. */
    public List<String> gateReasons() {
        List<String> out = new ArrayList<>();
        benchmarks.forEach(b -> out.addAll(b.gateReasons()));
        return out;
    }

    /** Returns whether a gate failed. */
    public boolean gateFailed() {
        return !gateReasons().isEmpty();
    }

    /** Returns the benchmarks that have scores on both sides. */
    public List<BenchmarkReport> scored() {
        return benchmarks.stream().filter(b -> b.score().isPresent()).toList();
    }
}
