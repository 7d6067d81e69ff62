package dev.flamediff.suite;

import dev.flamediff.diff.stats.FalseDiscoveryRate;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs a paired suite: judges every benchmark's score change from its iterations and forks (the
 * p-values adjusted over the suite, Benjamini–Hochberg, at the diff's level), runs each pair's
 * profile diff and writes its graph, and applies the gates. Holds no state between runs.
 */
public final class SuiteRunner {

    private final SuiteOptions options;

    /** Creates a runner with the options. */
    public SuiteRunner(SuiteOptions options) {
        this.options = options;
    }

    /**
     * Runs the plan, writing each benchmark's graph to the output as it goes.
     *
     * @return the report, never null
     * @throws IOException if an output file cannot be written
     */
    public SuiteReport run(SuitePlan plan, SuiteOutput out) throws IOException {
        List<BenchmarkPair> pairs = plan.pairs();
        List<Optional<ScoreComparison>> scores = new ArrayList<>();
        double[] p = new double[pairs.size()];
        for (int i = 0; i < pairs.size(); i++) {
            BenchmarkPair pair = pairs.get(i);
            Optional<ScoreComparison> s = pair.base().isPresent() && pair.head().isPresent()
                    ? Optional.of(ScoreComparison.of(pair.base().get(), pair.head().get(), options.level()))
                    : Optional.empty();
            scores.add(s);
            p[i] = s.map(ScoreComparison::pValue).orElse(Double.NaN);
        }
        double[] q = FalseDiscoveryRate.adjust(p);
        FileNames names = new FileNames();
        ProfileComparer profiles = new ProfileComparer(options);
        List<BenchmarkReport> reports = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            BenchmarkPair pair = pairs.get(i);
            Optional<ScoreComparison> score = scores.get(i);
            Verdict verdict = verdict(pair, score, q[i]);
            JmhResult any = pair.head().or(pair::base).orElse(null);
            String name = any != null ? any.benchmark() : pair.key();
            BenchmarkReport draft = new BenchmarkReport(pair.key(), name, Optional.ofNullable(any).map(JmhResult::mode),
                    any != null ? any.params() : java.util.Map.of(), verdict, score, q[i],
                    ProfileFinding.none(""), List.of());
            ProfileFinding finding = profiles.compare(pair, SuiteText.title(draft), names.of(pair.key()), score, out);
            BenchmarkReport withProfile = new BenchmarkReport(draft.key(), name, draft.mode(), draft.params(), verdict,
                    score, q[i], finding, List.of());
            reports.add(new BenchmarkReport(draft.key(), name, draft.mode(), draft.params(), verdict, score, q[i],
                    finding, SuiteGate.reasons(withProfile, options)));
        }
        return new SuiteReport(reports, plan.warnings(), options.level(), options.scoreGate(), options.frameGate());
    }

    private Verdict verdict(BenchmarkPair pair, Optional<ScoreComparison> score, double q) {
        if (!pair.inBase()) {
            return Verdict.ADDED;
        }
        if (!pair.inHead()) {
            return Verdict.REMOVED;
        }
        if (score.isEmpty()) {
            return Verdict.PROFILE_ONLY;
        }
        return Verdict.ofScore(score.get(), q, options.level(), options.noticeable());
    }
}
