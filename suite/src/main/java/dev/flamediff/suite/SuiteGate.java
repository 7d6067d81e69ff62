package dev.flamediff.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * The suite's gates for one benchmark: its score got significantly worse by more than the score
 * threshold, or a frame of its profile diff grew significantly by more than the frame threshold.
 * Noise never fails a gate: a change that is not significant, or not measurable, does not count.
 */
final class SuiteGate {

    private SuiteGate() {
    }

    /** Returns the reasons the benchmark fails, each naming the benchmark and its culprit. */
    static List<String> reasons(BenchmarkReport b, SuiteOptions options) {
        List<String> out = new ArrayList<>();
        String title = SuiteText.title(b);
        if (options.scoreGate().isPresent() && b.verdict() == Verdict.SLOWER) {
            ScoreComparison s = b.score().orElseThrow();
            double threshold = options.scoreGate().getAsDouble();
            if (s.regression() > threshold) {
                String culprit = b.profile().regressions().isEmpty() ? ""
                        : "; culprit " + b.profile().regressions().get(0).name() + " "
                        + SuiteText.percent(b.profile().regressions().get(0).impact()) + " of the benchmark";
                out.add(title + ": score " + SuiteText.percent(s.change()) + " (" + SuiteText.score(s.base().score())
                        + " \u2192 " + SuiteText.score(s.head().score()) + " " + s.unit() + "), worse by more than "
                        + SuiteText.share(threshold) + " (" + Math.round(100 * (1 - s.level())) + "% interval "
                        + SuiteText.interval(s) + ", q = " + SuiteText.p(b.qValue()).replace("< ", "<") + ")" + culprit);
            }
        }
        for (String reason : b.profile().gateReasons()) {
            out.add(title + ": " + reason);
        }
        return out;
    }
}
