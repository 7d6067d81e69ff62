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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code flamediff suite BASE_DIR HEAD_DIR -o OUT_DIR}: maps the flags onto {@link SuiteOptions}
 * and runs the suite library; the pairing, the statistics and the report live there.
 */
final class SuiteCommand implements Callable<Integer> {

    private final CommandSpec spec = CommandSpec.wrapWithoutInspection(this).name("suite")
            .versionProvider(new VersionProvider());
    private final Flags flags = new Flags(spec);

    private final PositionalParamSpec baseDir = flags.add(PositionalParamSpec.builder().index("0").required(true)
            .paramLabel("BASE_DIR").type(String.class).description("the base run's folder"));

    private final PositionalParamSpec headDir = flags.add(PositionalParamSpec.builder().index("1").required(true)
            .paramLabel("HEAD_DIR").type(String.class).description("the head run's folder"));

    private final OptionSpec output = flags.add(Flags.valued("OUT_DIR", String.class, "-o", "--output").required(true)
            .description("the folder to write to (created if missing)"));

    private final OptionSpec baseResults = flags.add(Flags.valued("FILE", List.class, "--base-results")
            .auxiliaryTypes(String.class)
            .description("base's JMH results (-rf json), instead of the result files found in BASE_DIR; repeat for "
                    + "several runs"));

    private final OptionSpec headResults = flags.add(Flags.valued("FILE", List.class, "--head-results")
            .auxiliaryTypes(String.class).description("head's JMH results, likewise"));

    private final OptionSpec failOnRegression = flags.add(Flags.valued("PCT", Double.class, "--fail-on-regression")
            .description("exit 1 when a benchmark's score got significantly worse by more than PCT percent"));

    private final OptionSpec failOnFrameRegression = flags.add(Flags.valued("PCT", Double.class,
            "--fail-on-frame-regression")
            .description("exit 1 when, in a benchmark's profile diff, one frame's self value grew significantly "
                    + "by more than PCT percent of the whole profile"));

    private final OptionSpec significance = flags.add(Flags.valued("LEVEL", Double.class, "--significance")
            .description("false discovery rate over the suite's score changes and each profile diff, in (0, 1); "
                    + "default " + DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL));

    private final OptionSpec threadFilter = flags.add(Flags.regex("--thread-filter")
            .description("keep the samples of threads whose name matches REGEX in every profile diff; "
                    + "default for JMH benchmarks: jmh-worker-"));

    private final OptionSpec allThreads = flags.add(Flags.onOff("--all-threads")
            .description("keep every thread in JMH benchmarks' profile diffs (JIT compiler, GC and JMH's own "
                    + "threads too)"));

    private final OptionSpec event = flags.add(Flags.valued("EVENT", String.class, "--event")
            .description("event to read from recordings with several: cpu, wall, alloc, lock..."));

    private final OptionSpec png = flags.add(Flags.onOff("--png").description("also write a PNG beside each SVG"));

    private final OptionSpec linkBase = flags.add(Flags.valued("URL", String.class, "--report-link-base")
            .description("make the report's links absolute: URL is where CI publishes OUT_DIR"));

    private final OptionSpec verbose = flags.add(Flags.onOff("-v", "--verbose")
            .description("print stack traces of errors"));

    /** Declares the command: its usage text, after its own flags {@code --help} and {@code --version}. */
    SuiteCommand() {
        flags.addHelpAndVersion();
        spec.usageMessage().sortOptions(false).autoWidth(true)
                .description("Compares a whole benchmark suite, base against head: JMH results (-rf json) and the "
                        + "recordings of JMH's -prof async, or any two trees of profiles paired by relative path. "
                        + "Writes OUT_DIR/report.md (a pull-request comment), suite.json, index.html and a graph per "
                        + "benchmark.")
                .footerHeading("%nExit codes:%n")
                .footer("  0  the report was written", "  1  a CI gate failed (the report is written all the same)",
                        "  2  bad input or usage (one line on stderr)");
    }

    /** The command's picocli model. */
    CommandSpec spec() {
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            SuiteOptions options = options();
            Path out = outputFolder();
            SuitePlan plan = Suites.plan(path(baseDir.getValue()), path(headDir.getValue()), paths(baseResults),
                    paths(headResults), options);
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
        Double level = significance.getValue();
        Pattern threads = threadFilter.getValue();
        Double scoreGate = failOnRegression.getValue();
        Double frameGate = failOnFrameRegression.getValue();
        if (level != null) {
            diff = diff.withSignificanceLevel(FlagValues.significanceLevel(level));
        }
        if (Flags.isOn(allThreads) && threads != null) {
            throw CliFailure.badInput("give either --thread-filter or --all-threads, not both", null);
        }
        ReadOptions read = ReadOptions.DEFAULT.withEvent(event.getValue()).withThreadFilter(threads);
        SuiteOptions options = SuiteOptions.DEFAULT.withRead(read).withDiff(diff).withPng(Flags.isOn(png))
                .withLinkBase(linkBase.getValue());
        if (Flags.isOn(allThreads)) {
            options = options.withThreadFilter(null);
        }
        if (scoreGate != null) {
            options = options.withScoreGate(FlagValues.percent("--fail-on-regression", scoreGate));
        }
        if (frameGate != null) {
            options = options.withFrameGate(FlagValues.percent("--fail-on-frame-regression", frameGate));
        }
        return options;
    }

    private Path outputFolder() throws CliFailure {
        String output = this.output.getValue();
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

    /** The paths of a list option's values; none when it was not given. */
    private static List<Path> paths(OptionSpec option) throws CliFailure {
        List<String> names = option.getValue();
        List<Path> out = new java.util.ArrayList<>();
        for (String n : names == null ? List.<String>of() : names) {
            out.add(path(n));
        }
        return out;
    }

    private int fail(PrintWriter err, CliFailure failure) {
        err.println("flamediff: " + failure.getMessage());
        if (Flags.isOn(verbose) && failure.getCause() != null) {
            failure.getCause().printStackTrace(err);
        }
        return failure.exitCode();
    }
}
