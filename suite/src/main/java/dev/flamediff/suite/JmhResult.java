package dev.flamediff.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One benchmark of a JMH result file ({@code -rf json}): its name, mode and parameters, the score
 * JMH printed, and the per-iteration measurements of every fork, the data the suite's verdict is
 * computed from.
 *
 * @param benchmark the benchmark method, fully qualified ({@code com.acme.Bench.parse})
 * @param mode JMH's short mode name: {@code thrpt}, {@code avgt}, {@code sample}, {@code ss}
 * @param params the parameters in the order JMH wrote them, empty when there are none
 * @param score JMH's score (NaN when JMH wrote none)
 * @param scoreError JMH's score error (half the 99.9% interval; NaN with too few iterations)
 * @param unit the score's unit, for example {@code ops/ms} or {@code ms/op}
 * @param iterations per fork, the measured iterations' scores (for sample mode, each
 *     iteration's mean over its histogram); a fork per element
 * @param source the file it was read from, for messages
 */
public record JmhResult(String benchmark, String mode, Map<String, String> params, double score, double scoreError,
                        String unit, List<List<Double>> iterations, String source) {

    /** Copies the parameters and iterations. */
    public JmhResult {
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        List<List<Double>> forks = new ArrayList<>();
        for (List<Double> fork : iterations) {
            forks.add(List.copyOf(fork));
        }
        iterations = List.copyOf(forks);
    }

    /**
     * Returns the name of the folder JMH's async-profiler integration writes this benchmark's
     * recordings to, as JMH 1.37's {@code BenchmarkParams.id()} makes it: the benchmark, the
     * mode's long name and each parameter's name and value in name order, joined by {@code -},
     * each part URL-encoded ({@code com.acme.Bench.parse-Throughput-size-400}).
     */
    public String profileFolderName() {
        StringBuilder s = new StringBuilder(encode(benchmark)).append('-').append(longMode(mode));
        new java.util.TreeMap<>(params).forEach((k, v) -> s.append('-').append(encode(k)).append('-').append(encode(v)));
        return s.toString();
    }

    private static String encode(String part) {
        return java.net.URLEncoder.encode(part, java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * Returns the key this benchmark is paired by: its name, mode and parameters, the same as
     * {@link #profileFolderName()}.
     */
    public String key() {
        return profileFolderName();
    }

    /** Returns whether a higher score is better (throughput) rather than worse (time per operation). */
    public boolean higherIsBetter() {
        return "thrpt".equals(mode);
    }

    /** Returns how many forks have measurements. */
    public int forks() {
        return (int) iterations.stream().filter(f -> !f.isEmpty()).count();
    }

    /** Returns the same benchmark with the forks of another run of it appended (several JMH runs, one fork each). */
    JmhResult withForksOf(JmhResult other) {
        List<List<Double>> all = new ArrayList<>(iterations);
        all.addAll(other.iterations);
        double mean = all.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElse(score);
        return new JmhResult(benchmark, mode, params, mean, Double.NaN, unit, all, source + ", " + other.source);
    }

    /** Returns JMH's long name of a short mode name, as it appears in profile folder names. */
    static String longMode(String mode) {
        return switch (mode) {
            case "thrpt" -> "Throughput";
            case "avgt" -> "AverageTime";
            case "sample" -> "SampleTime";
            case "ss" -> "SingleShotTime";
            default -> mode;
        };
    }
}
