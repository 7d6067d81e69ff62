package dev.flamediff.cli;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.GateVerdict;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns the diff's CI gate verdict into the exit code: 1 with one stderr line per reason when a
 * significant change exceeds a threshold, 0 otherwise. The output is written either way, and the
 * Markdown and JSON outputs carry the same reasons.
 */
final class GateReport {

    private GateReport() {
    }

    /**
     * Returns the line about the runs when a side has several: their count and how much their
     * totals vary (coefficient of variation), the noise the significance tests measured.
     */
    static Optional<String> runsLine(DiffTree diff) {
        if (!diff.significance().usesRunToRunSpread()) {
            return Optional.empty();
        }
        return Optional.of("runs: base " + side(diff.baseRuns(), diff.significance().baseVariation()) + ", head "
                + side(diff.headRuns(), diff.significance().headVariation()));
    }

    private static String side(int runs, double variation) {
        return Double.isNaN(variation) ? Integer.toString(runs)
                : String.format(Locale.ROOT, "%d (total varies by %.2f%%)", runs, 100 * variation);
    }

    /** Prints the reasons of a failed gate and returns the exit code. */
    static int exitCode(DiffTree diff, PrintWriter err) {
        if (!diff.gate().enabled()) {
            return ExitCodes.OK;
        }
        GateVerdict verdict = diff.summary().gate();
        for (String reason : verdict.reasons()) {
            err.println("flamediff: gate failed: " + reason);
        }
        for (String note : verdict.notes()) {
            err.println("flamediff: gate: " + note + " (pass --fixed-work when they did)");
        }
        return verdict.failed() ? ExitCodes.GATE_FAILED : ExitCodes.OK;
    }
}
