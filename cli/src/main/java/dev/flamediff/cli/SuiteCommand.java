package dev.flamediff.cli;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.suite.SuiteInputException;
import dev.flamediff.suite.SuiteOptions;
import dev.flamediff.suite.SuitePlan;
import dev.flamediff.suite.SuiteReport;
import dev.flamediff.suite.Suites;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code flamediff suite BASE_DIR HEAD_DIR -o OUT_DIR}: maps the flags onto {@link SuiteOptions}
 * and runs the suite library; the pairing, the statistics and the report live there.
 */
@Command(name = "suite", mixinStandardHelpOptions = true, addMethodSubcommands = false, versionProvider = VersionProvider.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {"Compares a whole benchmark suite, base against head: JMH results (-rf json) and the "
                + "recordings of JMH's -prof async, or any two trees of profiles paired by relative path. Writes "
                + "OUT_DIR/report.md (a pull-request comment), suite.json, index.html and a graph per benchmark."},
        footerHeading = "%nExit codes:%n",
        footer = {"  0  the report was written", "  1  a CI gate failed (the report is written all the same)",
                "  2  bad input or usage (one line on stderr)"})
final class SuiteCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE_DIR", description = "the base run's folder")
    private String baseDir;

    @Parameters(index = "1", paramLabel = "HEAD_DIR", description = "the head run's folder")
    private String headDir;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT_DIR", required = true,
            description = "the folder to write to (created if missing)")
    private String output;

    @Option(names = "--base-results", paramLabel = "FILE", description = "base's JMH results (-rf json), "
            + "instead of the result files found in BASE_DIR; repeat for several runs")
    private List<String> baseResults = List.of();

    @Option(names = "--head-results", paramLabel = "FILE", description = "head's JMH results, likewise")
    private List<String> headResults = List.of();

    @Option(names = "--fail-on-regression", paramLabel = "PCT",
            description = "exit 1 when a benchmark's score got significantly worse by more than PCT percent")
    private Double failOnRegression;

    @Option(names = "--fail-on-frame-regression", paramLabel = "PCT",
            description = "exit 1 when, in a benchmark's profile diff, one frame's self value grew significantly "
                    + "by more than PCT percent of the whole profile")
    private Double failOnFrameRegression;

    @Option(names = "--significance", paramLabel = "LEVEL",
            description = "false discovery rate over the suite's score changes and each profile diff, in (0, 1); "
                    + "default " + DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL)
    private Double significance;

    @Option(names = "--thread-filter", paramLabel = "REGEX", converter = PatternConverter.class,
            description = "keep the samples of threads whose name matches REGEX in every profile diff; "
                    + "default for JMH benchmarks: jmh-worker-")
    private Pattern threadFilter;

    @Option(names = "--all-threads", description = "keep every thread in JMH benchmarks' profile diffs "
            + "(JIT compiler, GC and JMH's own threads too)")
    private boolean allThreads;

    @Option(names = "--event", paramLabel = "EVENT",
            description = "event to read from recordings with several: cpu, wall, alloc, lock...")
    private String event;

    @Option(names = "--png", description = "also write a PNG beside each SVG")
    private boolean png;

    @Option(names = "--report-link-base", paramLabel = "URL",
            description = "make the report's links absolute: URL is where CI publishes OUT_DIR")
    private String linkBase;

    @Option(names = {"-v", "--verbose"}, description = "print stack traces of errors")
    private boolean verbose;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            SuiteOptions options = options();
            Path out = outputFolder();
            SuitePlan plan = Suites.plan(path(baseDir), path(headDir), paths(baseResults), paths(headResults), options);
            SuiteReport report = Suites.run(plan, options, (name, content) ->
                    AtomicOutput.write(out.resolve(name), content::writeTo));
            plan.warnings().forEach(w -> err.println("flamediff: warning: " + w));
            report.benchmarks().stream()
                    .filter(b -> b.profile().problem().filter(p -> !p.isEmpty()).isPresent() && b.inBoth())
                    .forEach(b -> err.println("flamediff: " + b.key() + ": no profile diff: "
                            + b.profile().problem().get()));
            err.println("flamediff suite: " + Suites.headline(report) + "; report: " + out.resolve("report.md"));
            for (String reason : report.gateReasons()) {
                err.println("flamediff: gate failed: " + reason);
            }
            return report.gateFailed() ? ExitCodes.GATE_FAILED : ExitCodes.OK;
        } catch (CliFailure failure) {
            return fail(err, failure);
        } catch (SuiteInputException e) {
            return fail(err, CliFailure.badInput(e.getMessage(), e));
        } catch (IOException e) {
            return fail(err, CliFailure.badInput(IoMessages.reason(e), e));
        } catch (OutOfMemoryError e) {
            return fail(err, CliFailure.outOfMemory(e));
        } catch (RuntimeException e) {
            return fail(err, CliFailure.badInput("internal error, please report (--verbose shows where): " + e, e));
        } finally {
            err.flush();
        }
    }

    private SuiteOptions options() throws CliFailure {
        DiffOptions diff = DiffOptions.DEFAULT;
        if (significance != null) {
            diff = diff.withSignificanceLevel(FlagValues.significanceLevel(significance));
        }
        if (allThreads && threadFilter != null) {
            throw CliFailure.badInput("give either --thread-filter or --all-threads, not both", null);
        }
        ReadOptions read = ReadOptions.DEFAULT.withEvent(event).withThreadFilter(threadFilter);
        SuiteOptions options = SuiteOptions.DEFAULT.withRead(read).withDiff(diff).withPng(png).withLinkBase(linkBase);
        if (allThreads) {
            options = options.withThreadFilter(null);
        }
        if (failOnRegression != null) {
            options = options.withScoreGate(FlagValues.percent("--fail-on-regression", failOnRegression));
        }
        if (failOnFrameRegression != null) {
            options = options.withFrameGate(FlagValues.percent("--fail-on-frame-regression", failOnFrameRegression));
        }
        return options;
    }

    private Path outputFolder() throws CliFailure {
        Path out = path(output);
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw CliFailure.badInput(output + ": not a directory", null);
        }
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw CliFailure.badInput(output + ": " + IoMessages.reason(e), e);
        }
        return out;
    }

    private static Path path(String name) throws CliFailure {
        try {
            return Path.of(name);
        } catch (InvalidPathException e) {
            throw CliFailure.badInput(name + ": not a valid file name", e);
        }
    }

    private static List<Path> paths(List<String> names) throws CliFailure {
        List<Path> out = new java.util.ArrayList<>();
        for (String n : names) {
            out.add(path(n));
        }
        return out;
    }

    private int fail(PrintWriter err, CliFailure failure) {
        err.println("flamediff: " + failure.getMessage());
        if (verbose && failure.getCause() != null) {
            failure.getCause().printStackTrace(err);
        }
        return failure.exitCode();
    }
}
