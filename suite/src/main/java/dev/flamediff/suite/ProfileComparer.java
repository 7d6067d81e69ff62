package dev.flamediff.suite;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.diff.Normalization;
import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.FunctionDiff;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.Renderers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Runs the single diff's flow for one benchmark: reads its recordings (JMH's worker threads only,
 * by default), diffs base against head (several recordings per side are runs), writes the SVG
 * (and PNG) and keeps what the report needs, so the diff tree itself can be dropped before the
 * next benchmark. A recording that cannot be read is that benchmark's problem, not the suite's.
 */
final class ProfileComparer {

    /** Frames listed per direction. */
    static final int FRAMES = 3;

    private final SuiteOptions options;

    ProfileComparer(SuiteOptions options) {
        this.options = options;
    }

    /**
     * Compares the pair's recordings.
     *
     * @param fileBase the output files' name without extension
     * @param score the benchmark's score comparison, which scales head's profile to base's
     *     operations and gives the run-to-run variation; empty for a profile pair without scores
     * @throws IOException if an output file cannot be written
     */
    ProfileFinding compare(BenchmarkPair pair, String title, String fileBase, Optional<ScoreComparison> score,
                           SuiteOutput out) throws IOException {
        if (!pair.hasProfiles()) {
            return ProfileFinding.none(pair.baseProfiles().isEmpty() && pair.headProfiles().isEmpty()
                    ? "no recordings" : pair.baseProfiles().isEmpty() ? "no base recording" : "no head recording");
        }
        ReadOptions read = options.read();
        boolean filtered = pair.jmh() && read.threadFilter().isEmpty() && options.threadFilter().isPresent();
        if (filtered) {
            read = read.withThreadFilter(options.threadFilter().get());
        }
        List<Profile> base = new ArrayList<>();
        List<Profile> head = new ArrayList<>();
        try {
            for (Path p : pair.baseProfiles()) {
                base.add(Profiles.read(p, read));
            }
            for (Path p : pair.headProfiles()) {
                head.add(Profiles.read(p, read));
            }
        } catch (ProfileException e) {
            return ProfileFinding.none(e.getMessage());
        } catch (IOException e) {
            return ProfileFinding.none("a recording could not be read: " + e.getMessage());
        }
        String threads = threads(filtered, read, base);
        if (total(base) == 0 || total(head) == 0) {
            return ProfileFinding.none((total(base) == 0 ? "base" : "head") + " has no samples"
                    + (filtered ? " of threads matching " + read.threadFilter().get().pattern()
                    + " (all threads: --all-threads)" : ""));
        }
        OptionalDouble headScale = headScale(score);
        DiffOptions diffOptions = options.diff();
        if (headScale.isPresent()) {
            diffOptions = diffOptions.withNormalization(Normalization.factors(1, headScale.getAsDouble()));
            OptionalDouble c = runVariation(score.get());
            if (c.isPresent() && diffOptions.estimatesRunVariation()) {
                diffOptions = diffOptions.withRunVariation(c.getAsDouble());
            }
        }
        GateThresholds gate = options.frameGate().isPresent()
                ? GateThresholds.NONE.withAnyFrame(options.frameGate().getAsDouble()) : GateThresholds.NONE;
        DiffTree diff;
        try {
            diff = Diffs.diff(base, head, diffOptions.withGate(gate));
        } catch (ProfileException e) {
            return ProfileFinding.none(e.getMessage());
        }
        base = null;
        head = null;
        RenderOptions render = options.render().withTitle(title);
        String svg = fileBase + ".svg";
        DiffTree drawn = diff;
        out.write(svg, o -> Renderers.byFormat("svg").orElseThrow().render(drawn, render, o));
        Optional<String> png = Optional.empty();
        if (options.png()) {
            png = Optional.of(fileBase + ".png");
            out.write(png.get(), o -> Renderers.byFormat("png").orElseThrow().render(drawn, render, o));
        }
        DiffSummary summary = diff.summary();
        return new ProfileFinding(Optional.of(svg), png, culprits(summary.culpritRegressions()),
                culprits(summary.culpritImprovements()), summary.overall().relative(), diff.baseRuns(), diff.headRuns(),
                diff.normalization().describe(), threads, summary.gate().reasons(), Optional.empty());
    }

    /**
     * Returns the factor that puts head's profile on base's per-operation scale: both sides run
     * their measurement iterations for the same time, so the operations each side's samples cover
     * are proportional to a throughput score and inversely proportional to a time per operation.
     */
    static OptionalDouble headScale(Optional<ScoreComparison> score) {
        if (score.isEmpty()) {
            return OptionalDouble.empty();
        }
        ScoreComparison s = score.get();
        double b = s.base().score();
        double h = s.head().score();
        if (!(b > 0) || !(h > 0) || Double.isInfinite(b) || Double.isInfinite(h)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(s.higherIsBetter() ? b / h : h / b);
    }

    /**
     * Returns the run-to-run variation of the profile diff's nodes: the score's fork-to-fork
     * variation, measured, when both sides have it (never below the diff engine's floor). The
     * diff's own estimate would center every node on the bulk of the profile and so undo the
     * per-operation scale: a benchmark whose one hot method got three times faster shrinks as a
     * whole, and it is that shrinking the scores measured.
     */
    static OptionalDouble runVariation(ScoreComparison s) {
        if (!s.base().cvOfForks() || !s.head().cvOfForks() || !(s.runCv() >= 0)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Math.max(DiffOptions.MIN_RUN_VARIATION, s.runCv()));
    }

    /** The functions where the change starts (see FunctionTable.culprits()), not the frames it ends in. */
    private static List<FrameChange> culprits(List<Culprit> culprits) {
        List<FrameChange> out = new ArrayList<>();
        for (Culprit c : culprits.subList(0, Math.min(FRAMES, culprits.size()))) {
            FunctionDiff f = c.function();
            out.add(new FrameChange(f.frame().name(), c.impact(),
                    f.baseInclusive() == 0 ? "added" : f.headInclusive() == 0 ? "removed" : "changed"));
        }
        return out;
    }

    private static String threads(boolean filtered, ReadOptions read, List<Profile> base) {
        if (read.threadFilter().isEmpty()) {
            return "all";
        }
        boolean jfr = base.stream().allMatch(p -> p.metadata().format().equals("jfr"));
        return jfr ? "matching " + read.threadFilter().get().pattern()
                : "all (only JFR recordings carry thread names)";
    }

    private static double total(List<Profile> profiles) {
        double sum = 0;
        for (Profile p : profiles) {
            if (!p.tree().valueTypes().isEmpty()) {
                sum += p.tree().grandTotal(0);
            }
        }
        return sum;
    }
}
