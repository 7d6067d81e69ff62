package dev.flamediff.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The score verdict measured on simulated JMH runs (fixed seeds): forks whose means vary by a
 * log-normal factor and iterations that vary around their fork's mean, as on a shared machine.
 */
class ScoreComparisonTest {

    private static JmhResult run(SplittableRandom random, double score, int forks, int iterations, double forkCv,
                                 double iterationCv, String mode) {
        List<List<Double>> data = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double forkMean = score * Math.exp(forkCv * gaussian(random));
            List<Double> it = new ArrayList<>();
            for (int i = 0; i < iterations; i++) {
                it.add(forkMean * Math.exp(iterationCv * gaussian(random)));
            }
            data.add(it);
        }
        double mean = data.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElseThrow();
        return new JmhResult("a.B.m", mode, Map.of(), mean, Double.NaN, mode.equals("thrpt") ? "ops/s" : "ns/op", data,
                "sim");
    }

    private static double gaussian(SplittableRandom random) {
        double u = random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }

    @Test
    void sameProgramIsFlaggedAtMostAtTheLevel() {
        SplittableRandom random = new SplittableRandom(14);
        int flagged = 0;
        int trials = 2000;
        for (int t = 0; t < trials; t++) {
            ScoreComparison c = ScoreComparison.of(run(random, 100, 3, 5, 0.05, 0.01, "thrpt"),
                    run(random, 100, 3, 5, 0.05, 0.01, "thrpt"), 0.01);
            flagged += c.pValue() <= 0.01 ? 1 : 0;
        }
        // Welch on three fork means per side: about 1% (binomial sd 0.22%), whatever the iterations say.
        assertThat(flagged / (double) trials).isBetween(0.002, 0.02);
    }

    @Test
    void iterationsAloneWouldCallForkNoiseARegression() {
        // What a verdict from one fork's iterations gets wrong: tight iterations, forks 10% apart.
        SplittableRandom random = new SplittableRandom(7);
        int narrowIntervalsMissingZero = 0;
        for (int t = 0; t < 500; t++) {
            ScoreComparison c = ScoreComparison.of(run(random, 100, 1, 10, 0.10, 0.005, "thrpt"),
                    run(random, 100, 1, 10, 0.10, 0.005, "thrpt"), 0.01);
            assertThat(c.measurable()).isFalse();
            assertThat(c.pValue()).isNaN();
            SideScores b = c.base();
            double naiveHalfWidth = 2.58 * b.cv() * Math.sqrt(2.0 / b.iterations());
            narrowIntervalsMissingZero += Math.abs(c.change()) > naiveHalfWidth ? 1 : 0;
        }
        assertThat(narrowIntervalsMissingZero).as("an iteration-only test flags most same-program pairs")
                .isGreaterThan(400);
    }

    @Test
    void intervalCoversTheTrueRatioAndFindsARealChange() {
        SplittableRandom random = new SplittableRandom(3);
        int covered = 0;
        int found = 0;
        int trials = 1000;
        for (int t = 0; t < trials; t++) {
            ScoreComparison c = ScoreComparison.of(run(random, 100, 5, 5, 0.03, 0.01, "avgt"),
                    run(random, 120, 5, 5, 0.03, 0.01, "avgt"), 0.01);
            covered += c.low() <= 0.2 && 0.2 <= c.high() ? 1 : 0;
            found += c.pValue() <= 0.01 ? 1 : 0;
            assertThat(c.regression()).isEqualTo(c.change());
        }
        assertThat(covered / (double) trials).isGreaterThan(0.975);
        assertThat(found / (double) trials).isGreaterThan(0.95);
    }

    private static Map<Verdict, Integer> verdicts(long seed, int trials, double baseScore, double headScore,
                                                  int forks, double forkCv) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<Verdict, Integer> out = new java.util.EnumMap<>(Verdict.class);
        for (int t = 0; t < trials; t++) {
            ScoreComparison c = ScoreComparison.of(run(random, baseScore, forks, 5, forkCv, 0.01, "thrpt"),
                    run(random, headScore, forks, 5, forkCv, 0.01, "thrpt"), 0.01);
            out.merge(Verdict.ofScore(c, c.pValue(), 0.01, 0.05), 1, Integer::sum);
        }
        return out;
    }

    @Test
    void inconclusiveIsWhatNoiseHidesNotAClaimOfChange() {
        int trials = 2000;
        // Same program, steady forks (CV 2%, 3 forks): unchanged almost always; a 5% move is rare.
        Map<Verdict, Integer> steady = verdicts(21, trials, 100, 100, 3, 0.02);
        assertThat(steady.getOrDefault(Verdict.SLOWER, 0) + steady.getOrDefault(Verdict.FASTER, 0))
                .as("false alerts, steady").isLessThanOrEqualTo(40);
        assertThat(steady.getOrDefault(Verdict.INCONCLUSIVE, 0)).as("inconclusive, steady").isLessThan(40);
        // Same program, noisy forks (CV 10%): still at most about 1% slower or faster; many moves
        // beyond 5% cannot be told from noise, and say so instead of "unchanged".
        Map<Verdict, Integer> noisy = verdicts(22, trials, 100, 100, 3, 0.10);
        assertThat(noisy.getOrDefault(Verdict.SLOWER, 0) + noisy.getOrDefault(Verdict.FASTER, 0))
                .as("false alerts, noisy").isLessThanOrEqualTo(40);
        assertThat(noisy.getOrDefault(Verdict.INCONCLUSIVE, 0)).as("inconclusive, noisy").isBetween(800, 1400);
        // A real 30% drop behind forks that vary by 40%: rarely confirmed with 3 forks, and the
        // misses are inconclusive, never "unchanged" (the CI run that called -97% unchanged).
        Map<Verdict, Integer> hidden = verdicts(23, trials, 100, 70, 3, 0.40);
        assertThat(hidden.getOrDefault(Verdict.INCONCLUSIVE, 0)).as("inconclusive, hidden drop")
                .isGreaterThan(hidden.getOrDefault(Verdict.UNCHANGED, 0) * 4);
        // The same drop on steady forks is found every time.
        Map<Verdict, Integer> found = verdicts(24, trials, 100, 70, 3, 0.02);
        assertThat(found.getOrDefault(Verdict.SLOWER, 0)).as("found, steady").isGreaterThan(trials * 99 / 100);
        System.out.printf("verdicts of %d trials: steady same %s; noisy same %s; -30%% at CV 40%% %s; at CV 2%% %s%n",
                trials, steady, noisy, hidden, found);
    }

    @Test
    void sidesSummarizeForksAndIterations() {
        JmhResult r = new JmhResult("a.B.m", "thrpt", Map.of(), 2.5, 0.1, "ops/ms",
                List.of(List.of(1.0, 3.0), List.of(2.0, 4.0)), "hand");
        SideScores s = SideScores.of(r);
        assertThat(s.forks()).isEqualTo(2);
        assertThat(s.iterations()).isEqualTo(4);
        assertThat(s.score()).isEqualTo(2.5);
        // fork means 2 and 3: sd 0.7071, cv 0.2828
        assertThat(s.cv()).isCloseTo(Math.sqrt(0.5) / 2.5, within(1e-12));
        assertThat(s.cvOfForks()).isTrue();
        ScoreComparison c = ScoreComparison.of(r, new JmhResult("a.B.m", "thrpt", Map.of(), 1.25, 0.1, "ops/ms",
                List.of(List.of(0.5, 1.5), List.of(1.0, 2.0)), "hand"), 0.01);
        assertThat(c.change()).isCloseTo(-0.5, within(1e-12));
        assertThat(c.regression()).isCloseTo(0.5, within(1e-12));
        assertThat(c.higherIsBetter()).isTrue();
        assertThat(c.low()).isLessThan(-0.5);
        assertThat(c.high()).isGreaterThan(-0.5);
    }
}
