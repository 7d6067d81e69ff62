package dev.flamediff.cli;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.GateThresholds;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The flags about noise and the CI gate, of {@link FlamediffCommand}: the significance
 * level, the run-to-run variation for one run per side, and the thresholds that turn a
 * significant regression into exit code 1.
 */
final class NoiseOptions {

    private final OptionSpec failOnRegression;
    private final OptionSpec fixedWork;
    private final OptionSpec failOnFrameRegression;
    private final OptionSpec significance;
    private final OptionSpec runVariation;

    /** Declares the flags on the command, in this order. */
    NoiseOptions(Flags flags) {
        failOnRegression = flags.add(Flags.valued("PCT", Double.class, "--fail-on-regression")
                .description("exit 1 when the whole profile grew by more than PCT percent and the growth is "
                        + "significant; judged on exact values (callgrind), and on sampled profiles only with "
                        + "--fixed-work"));
        fixedWork = flags.add(Flags.onOff("--fixed-work")
                .description("both runs did the same amount of work (the same iterations or requests, not the same "
                        + "duration), so --fail-on-regression can judge their sample totals"));
        failOnFrameRegression = flags.add(Flags.valued("PCT", Double.class, "--fail-on-frame-regression")
                .description("exit 1 when a culprit (a function where a change starts, with its callees' cost) made "
                        + "the profile grow by more than PCT percent of the whole profile and the growth is "
                        + "significant"));
        significance = flags.add(Flags.valued("LEVEL", Double.class, "--significance")
                .description("false discovery rate at which a change counts as significant, in (0, 1); default "
                        + DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL));
        runVariation = flags.add(Flags.valued("auto|FRACTION", String.class, "--run-variation")
                .description("with one run per side, how much a call path varies between two recordings of the "
                        + "same program beyond sampling noise: auto (the default) measures it on the diff itself, a "
                        + "fraction (0.4 for 40%%) assumes it, 0 tests against sampling noise alone"));
    }

    /**
     * Returns the options with the level and the gate's thresholds applied.
     *
     * @throws CliFailure (exit 2) for a level outside (0, 1) or a negative or non-finite percentage
     */
    DiffOptions apply(DiffOptions options) throws CliFailure {
        DiffOptions out = options;
        Double level = significance.getValue();
        String variation = runVariation.getValue();
        Double wholeProfile = failOnRegression.getValue();
        Double anyFrame = failOnFrameRegression.getValue();
        if (level != null) {
            out = out.withSignificanceLevel(FlagValues.significanceLevel(level));
        }
        if (variation != null) {
            out = out.withRunVariation(runVariation(variation));
        }
        GateThresholds gate = GateThresholds.NONE;
        if (wholeProfile != null) {
            gate = gate.withWholeProfile(FlagValues.percent("--fail-on-regression", wholeProfile));
        }
        if (anyFrame != null) {
            gate = gate.withAnyFrame(FlagValues.percent("--fail-on-frame-regression", anyFrame));
        }
        return out.withGate(gate.withFixedWork(Flags.isOn(fixedWork)));
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
