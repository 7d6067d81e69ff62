package dev.flamediff.render.markdown;

import dev.flamediff.diff.DiffSide;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.diff.RunVariation;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.render.ReaderNotes;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The "how this was measured" notes: inputs, runs, normalization, the noise model and level,
 * and warnings about truncated or reconstructed inputs, so a reader can judge the numbers.
 */
final class MethodNotes {

    private final DiffTree diff;
    private final DiffSummary summary;

    MethodNotes(DiffTree diff, DiffSummary summary) {
        this.diff = diff;
        this.summary = summary;
    }

    /** The noise model in words, saying so when the counts it tests are the values' units. */
    private String model() {
        NoiseModel model = diff.significance().noiseModel();
        if (model == NoiseModel.POISSON && !diff.valueType().isSampleCount()) {
            return "Poisson counts of one sample per unit (the profiles carry no sample counts beside "
                    + diff.valueType() + ")";
        }
        return model.describe();
    }

    void write(Writer w) throws IOException {
        w.write("#### How this was measured\n\n");
        w.write("- Compared " + MarkdownText.span(diff.valueType().toString()) + ", normalization "
                + MarkdownText.escape(diff.normalization().describe()) + ".\n");
        w.write("- Base: " + side(diff.base(), diff.significance().baseVariation()) + ".\n");
        w.write("- Head: " + side(diff.head(), diff.significance().headVariation()) + ".\n");
        w.write("- Significance: " + MarkdownText.escape(model()) + "; "
                + method() + "; false discovery rate " + ValueText.share(diff.significance().level())
                + " over all nodes (the whole profile tested alone at the same level).\n");
        if (summary.gate().enabled()) {
            w.write("- CI gate: " + (summary.gate().failed() ? "failed" : "passed")
                    + " (only significant changes count).\n");
        }
        if (diff.base().truncated() || diff.head().truncated()) {
            w.write("- **Warning:** an input was truncated; only the part read is compared.\n");
        }
        if (diff.base().approximate() || diff.head().approximate()) {
            w.write("- **Warning:** some stacks were reconstructed, not recorded (approximate).\n");
        }
        ReaderNotes notes = ReaderNotes.of(diff);
        if (!notes.losses().isEmpty()) {
            w.write("- **Not read** (the comparison leaves it out):\n");
            items(w, notes.losses());
        }
        if (!notes.others().isEmpty()) {
            w.write("- What the readers noticed:\n");
            items(w, notes.others());
        }
    }

    /** Writes the notes as sub-items, {@code head: `note`}: the notes and run names are the inputs' words. */
    private static void items(Writer w, List<ReaderNotes.Note> notes) throws IOException {
        for (ReaderNotes.Note n : notes) {
            w.write("  - " + n.side() + (n.run().isEmpty() ? "" : " (" + MarkdownText.span(n.run()) + ")") + ": "
                    + MarkdownText.span(n.text()) + "\n");
        }
    }

    private String method() {
        if (diff.significance().usesRunToRunSpread()) {
            return "several runs: Welch's t-test on the runs, variances moderated with the measured "
                    + "run-to-run spread per node (base " + spread(diff.significance().baseRunSpread()) + ", head "
                    + spread(diff.significance().headRunSpread()) + ")"
                    + (diff.significance().runsScaledToTheirTotals()
                            ? ", each run's values divided by its total first (a side's runs recorded different"
                                    + " amounts, as on a busy machine)" : "");
        }
        RunVariation c = diff.significance().runVariationDetails();
        if (c.source() == RunVariation.Source.FIXED && c.value() == 0) {
            return "one run per side, against sampling noise alone";
        }
        String more = " (more runs per side detect smaller changes)";
        return switch (c.source()) {
            case FIXED -> "one run per side: an assumed " + ValueText.share(c.value())
                    + " run-to-run variation per node on top of sampling noise" + more;
            case FALLBACK -> "one run per side: too few call paths to measure the run-to-run variation, an assumed "
                    + ValueText.share(c.value()) + " per node on top of sampling noise" + more;
            case ESTIMATED, FLOOR, CEILING -> "one run per side: a run-to-run variation of "
                    + ValueText.share(c.value()) + " per node on top of sampling noise, " + measured(c)
                    + "; changes judged against the bulk of the profile, which moved by "
                    + signedShare(c.shift()) + more;
        };
    }

    private static String measured(RunVariation c) {
        String on = c.nodes() + " call paths of this diff";
        return switch (c.source()) {
            case FLOOR -> "the floor (" + on + " measured " + ValueText.share(c.estimate()) + ")";
            case CEILING -> "the ceiling (" + on + " measured " + ValueText.share(c.estimate()) + ")";
            default -> "measured on " + on;
        };
    }

    private static String signedShare(double share) {
        return (share > 0 ? "+" : share < 0 ? "−" : "") + ValueText.share(Math.abs(share));
    }

    private static String spread(double c) {
        return Double.isNaN(c) ? "not measured" : ValueText.share(c);
    }

    private static String side(DiffSide side, double variation) {
        int runs = side.runs().size();
        String sources = side.runs().stream().map(ProfileMetadata::source).map(MarkdownText::span)
                .collect(Collectors.joining(", "));
        String s = runs + (runs == 1 ? " run (" : " runs (") + sources + ")";
        if (!Double.isNaN(variation)) {
            s += String.format(Locale.ROOT, ", run-to-run variation of the total %.2f%%", 100 * variation);
        }
        return s;
    }
}
