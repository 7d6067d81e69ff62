package dev.flamediff.suite;

import java.util.List;
import java.util.Optional;

/**
 * What a benchmark's profile diff found.
 *
 * @param graph the SVG's file name in the output folder; empty when there was no diff
 * @param png the PNG's file name, when asked for
 * @param regressions the frames behind the slowdown, largest first (at most a few)
 * @param improvements the frames behind the speedup, largest first
 * @param overall the whole profile's change relative to base, after the normalization
 * @param baseRuns recordings on the base side
 * @param headRuns recordings on the head side
 * @param normalization how the sides were scaled, as the diff describes it
 * @param threads which threads were kept ({@code all} or the pattern)
 * @param gateReasons the per-frame gate's reasons, empty when it passed or was off
 * @param problem why there is no diff (a recording could not be read, a side has none); empty when there is one
 */
public record ProfileFinding(Optional<String> graph, Optional<String> png, List<FrameChange> regressions,
                             List<FrameChange> improvements, double overall, int baseRuns, int headRuns,
                             String normalization, String threads, List<String> gateReasons,
                             Optional<String> problem) {

    /** Copies the lists. */
    public ProfileFinding {
        regressions = List.copyOf(regressions);
        improvements = List.copyOf(improvements);
        gateReasons = List.copyOf(gateReasons);
    }

    /** Returns the finding of a benchmark without a diff. */
    static ProfileFinding none(String problem) {
        return new ProfileFinding(Optional.empty(), Optional.empty(), List.of(), List.of(), Double.NaN, 0, 0, "",
                "", List.of(), Optional.of(problem));
    }
}
