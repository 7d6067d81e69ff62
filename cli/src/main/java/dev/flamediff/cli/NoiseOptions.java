package dev.flamediff.cli;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.GateThresholds;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The flags about noise and the CI gate, mixed into {@link FlamediffCommand}: the significance
 * level, the run-to-run variation for one run per side, and the thresholds that turn a
 * significant regression into exit code 1.
 */
// Not a command: the annotation only spares picocli a search of its methods for subcommands.
@Command(addMethodSubcommands = false)
final class NoiseOptions {

    @Option(names = "--fail-on-regression", paramLabel = "PCT",
            description = "exit 1 when the whole profile grew by more than PCT percent and the growth is "
                    + "significant; judged on exact values (callgrind), and on sampled profiles only with --fixed-work")
    private Double failOnRegression;

    @Option(names = "--fixed-work",
            description = "both runs did the same amount of work (the same iterations or requests, not the same "
                    + "duration), so --fail-on-regression can judge their sample totals")
    private boolean fixedWork;

    @Option(names = "--fail-on-frame-regression", paramLabel = "PCT",
            description = "exit 1 when a culprit (a function where a change starts, with its callees' cost) made "
                    + "the profile grow by more than PCT percent of the whole profile and the growth is significant")
    private Double failOnFrameRegression;

    @Option(names = "--significance", paramLabel = "LEVEL",
            description = "false discovery rate at which a change counts as significant, in (0, 1); default "
                    + DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL)
    private Double significance;

    @Option(names = "--run-variation", paramLabel = "auto|FRACTION",
            description = "with one run per side, how much a call path varies between two recordings of the same "
                    + "program beyond sampling noise: auto (the default) measures it on the diff itself, a fraction "
                    + "(0.4 for 40%%) assumes it, 0 tests against sampling noise alone")
    private String runVariation;

    /**
     * Returns the options with the level and the gate's thresholds applied.
     *
     * @throws CliFailure (exit 2) for a level outside (0, 1) or a negative or non-finite percentage
     */
    DiffOptions apply(DiffOptions options) throws CliFailure {
        DiffOptions out = options;
        if (significance != null) {
            out = out.withSignificanceLevel(FlagValues.significanceLevel(significance));
        }
        if (runVariation != null) {
            out = out.withRunVariation(runVariation(runVariation));
        }
        GateThresholds gate = GateThresholds.NONE;
        if (failOnRegression != null) {
            gate = gate.withWholeProfile(FlagValues.percent("--fail-on-regression", failOnRegression));
        }
        if (failOnFrameRegression != null) {
            gate = gate.withAnyFrame(FlagValues.percent("--fail-on-frame-regression", failOnFrameRegression));
        }
        return out.withGate(gate.withFixedWork(fixedWork));
    }

    /** Returns the run variation a flag value asks for: NaN (measure it) for auto. */
    private static double runVariation(String value) throws CliFailure {
        if (value.trim().equalsIgnoreCase("auto")) {
            return DiffOptions.ESTIMATE_RUN_VARIATION;
        }
        double c;
        try {
            c = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            c = Double.NaN;
        }
        if (!(c >= 0) || Double.isInfinite(c)) {
            throw CliFailure.badInput("--run-variation must be auto or a fraction >= 0 (0.4 for 40%), not "
                    + value, null);
        }
        return c;
    }
}
