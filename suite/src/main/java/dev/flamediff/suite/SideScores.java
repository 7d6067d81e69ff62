package dev.flamediff.suite;

import java.util.List;

/**
 * One side's measurements of a benchmark, summarized: the score and how much it varies. Forks are
 * the unit of repetition: a JVM fork draws its own JIT decisions, heap layout and neighbours on a
 * shared machine, so its iterations vary less among themselves than forks vary from each other.
 * With two forks or more the coefficient of variation is that of the fork means; with one fork
 * only the iterations' spread is known, which understates the noise.
 *
 * @param forks forks with measurements
 * @param iterations measured iterations over all forks
 * @param score the mean of the fork means (JMH's score when every fork ran as many iterations)
 * @param forkSd the standard deviation of the fork means, NaN with fewer than two forks
 * @param cv the coefficient of variation: {@code forkSd / score} with two forks or more, the
 *     iterations' with one fork ({@link #cvOfForks()} tells which), NaN when neither is known
 * @param iterationCv how much a fork's iterations vary around their fork's mean: the root mean
 *     square over forks of each fork's iteration CV, NaN when no fork has two iterations. A
 *     benchmark at steady state keeps it at a few percent; a large one means the forks never
 *     settled (warm-up too short, a heap still growing), which no fork count repairs
 */
public record SideScores(int forks, int iterations, double score, double forkSd, double cv, double iterationCv) {

    /** Iterations of one fork that vary by more than this (CV) have not settled. */
    public static final double UNSTEADY = 0.2;

    /** Summarizes a benchmark's measurements; forks without iterations are skipped. */
    public static SideScores of(JmhResult result) {
        List<List<Double>> forks = result.iterations().stream().filter(f -> !f.isEmpty()).toList();
        if (forks.isEmpty()) {
            return new SideScores(0, 0, result.score(), Double.NaN, Double.NaN, Double.NaN);
        }
        double[] means = new double[forks.size()];
        int iterations = 0;
        for (int f = 0; f < forks.size(); f++) {
            means[f] = mean(forks.get(f));
            iterations += forks.get(f).size();
        }
        double score = mean(means);
        double within = iterationCv(forks, means);
        if (forks.size() >= 2) {
            double sd = sd(means);
            return new SideScores(forks.size(), iterations, score, sd, sd / Math.abs(score), within);
        }
        List<Double> only = forks.get(0);
        double cv = only.size() >= 2 ? sd(only.stream().mapToDouble(Double::doubleValue).toArray()) / Math.abs(score)
                : Double.NaN;
        return new SideScores(1, iterations, score, Double.NaN, cv, within);
    }

    /** Returns whether a fork's iterations vary by more than {@link #UNSTEADY}. */
    public boolean unsteady() {
        return iterationCv > UNSTEADY;
    }

    private static double iterationCv(List<List<Double>> forks, double[] means) {
        double sum = 0;
        int n = 0;
        for (int f = 0; f < forks.size(); f++) {
            if (forks.get(f).size() >= 2 && means[f] != 0) {
                double cv = sd(forks.get(f).stream().mapToDouble(Double::doubleValue).toArray()) / Math.abs(means[f]);
                sum += cv * cv;
                n++;
            }
        }
        return n == 0 ? Double.NaN : Math.sqrt(sum / n);
    }

    /** Returns whether {@link #cv()} was measured between forks (rather than between one fork's iterations). */
    public boolean cvOfForks() {
        return forks >= 2;
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    static double mean(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s / values.length;
    }

    static double sd(double[] values) {
        double m = mean(values);
        double ss = 0;
        for (double v : values) {
            ss += (v - m) * (v - m);
        }
        return Math.sqrt(ss / (values.length - 1));
    }
}
