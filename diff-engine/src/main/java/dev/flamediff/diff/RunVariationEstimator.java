package dev.flamediff.diff;

/**
 * Chooses the run-to-run variation the one-run tests of a diff use: the program's (given in the
 * options, or measured on the diff's own nodes by {@link EmpiricalNull} and kept between a floor
 * and a ceiling) and, apart from it, system work's ({@link FrameClass}). With several runs per
 * side the spread is measured per node instead ({@link RunSpread}) and these are not measured.
 */
final class RunVariationEstimator {

    /** The least run-to-run variation system work is tested with, one run per side. */
    static final double MIN_SYSTEM_VARIATION = 1.0;
    /** The most: beyond it a measurement on a small profile measures real changes. */
    static final double MAX_SYSTEM_VARIATION = 2.0;
    /** What system work is tested with when its variation cannot be measured. */
    static final double DEFAULT_SYSTEM_VARIATION = 1.0;

    private RunVariationEstimator() {
    }

    /**
     * Returns the run-to-run variation c for the one-run tests: the one in the options, or, when
     * they say {@link DiffOptions#ESTIMATE_RUN_VARIATION} (a NaN), the one measured on this
     * diff ({@link EmpiricalNull}) but never below {@link DiffOptions#MIN_RUN_VARIATION}, and
     * {@link DiffOptions#DEFAULT_RUN_VARIATION} when it cannot be measured (several runs, exact
     * values, too few nodes with enough samples).
     */
    static RunVariation program(int size, RunValues runs, ChangeTester test) {
        if (!Double.isNaN(test.runVariation())) {
            return RunVariation.fixed(test.runVariation());
        }
        RunVariation fallback = new RunVariation(test.model() == NoiseModel.COMPOUND_POISSON
                ? DiffOptions.MIN_WEIGHTED_RUN_VARIATION : DiffOptions.DEFAULT_RUN_VARIATION,
                RunVariation.Source.FALLBACK, Double.NaN, 0, 0);
        if (runs.runs() != 2 || test.model() == NoiseModel.EXACT) {
            return fallback;
        }
        // The program's own frames decide its c; system work is measured apart (see
        // system), unless the profile is nearly all system work.
        RunVariation measured = EmpiricalNull.estimate(size, runs, test.model(), test.baseScale(), test.headScale(),
                node -> !runs.system(node));
        if (measured == null) {
            measured = EmpiricalNull.estimate(size, runs, test.model(), test.baseScale(), test.headScale());
        }
        if (measured == null) {
            return fallback;
        }
        double floor = test.model() == NoiseModel.COMPOUND_POISSON
                ? DiffOptions.MIN_WEIGHTED_RUN_VARIATION : DiffOptions.MIN_RUN_VARIATION;
        double value = Math.max(floor, Math.min(measured.estimate(), DiffOptions.MAX_ESTIMATED_RUN_VARIATION));
        RunVariation.Source source = value == measured.estimate() ? RunVariation.Source.ESTIMATED
                : value == floor ? RunVariation.Source.FLOOR : RunVariation.Source.CEILING;
        return new RunVariation(value, source, measured.estimate(), measured.nodes(), measured.shift());
    }

    /**
     * Returns the run-to-run variation of system work ({@link FrameClass}): NaN (none apart) when
     * the run variation was given or the values are exact. {@code sizes}: the runs' size factors
     * ({@link RunSizes}), or null.
     * <ul>
     *   <li>One run per side: measured on the system frames' nodes as the program's is, between
     *       {@value #MIN_SYSTEM_VARIATION} and {@value #MAX_SYSTEM_VARIATION}, else
     *       {@value #DEFAULT_SYSTEM_VARIATION}, and never below the program's {@code variation}.
     *       The floor: kernel page faults and JIT compiler threads vary with the heap and the
     *       machine several times more than the program's frames; measured on re-recordings of
     *       the same program, with a shared and loaded machine.</li>
     *   <li>Several runs on a side: the spread of the system frames' nodes across those runs
     *       ({@link RunSpread} on them alone, the sides pooled), {@value #DEFAULT_SYSTEM_VARIATION}
     *       when too few of them have the samples to measure it. It is the prior of a system
     *       node's test as the spread of all nodes is a program node's: two runs of
     *       {@code clear_page_erms} that agree by luck were judged against the program's few
     *       percent and named as culprits in same-program pairs of two runs a side.</li>
     * </ul>
     */
    static double system(int size, RunValues runs, ChangeTester test, RunVariation variation, double[] sizes) {
        if (variation.source() == RunVariation.Source.FIXED || test.model() == NoiseModel.EXACT) {
            return Double.NaN;
        }
        if (runs.runs() != 2) {
            double b = RunSpread.estimate(size, runs, test.model(), 0, runs.baseRuns(), runs::system, sizes);
            double h = RunSpread.estimate(size, runs, test.model(), runs.baseRuns(), runs.runs(), runs::system, sizes);
            double pooled = ChangeTester.pooled(b, runs.baseRuns(), h, runs.runs() - runs.baseRuns());
            return Double.isNaN(pooled) ? DEFAULT_SYSTEM_VARIATION : Math.sqrt(pooled);
        }
        RunVariation measured = EmpiricalNull.estimate(size, runs, test.model(), test.baseScale(), test.headScale(),
                runs::system);
        double c = measured == null ? DEFAULT_SYSTEM_VARIATION
                : Math.max(MIN_SYSTEM_VARIATION, Math.min(measured.estimate(), MAX_SYSTEM_VARIATION));
        return Math.max(c, variation.value());
    }
}
