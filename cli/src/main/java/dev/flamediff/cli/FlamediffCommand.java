package dev.flamediff.cli;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.Normalization;
import dev.flamediff.diff.UnionTree;
import dev.flamediff.model.ProfileException;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.ReportOptions;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code flamediff BASE HEAD -o OUT}: reads the runs of both sides, diffs them, writes the diff,
 * then reports on stderr what the readers noticed, the totals and the CI gate's verdict (exit
 * code 1 when it failed). The flags map onto the stages' options records through the option
 * classes, which declare them on the command's picocli model in code ({@link Flags} says why).
 */
public final class FlamediffCommand implements Callable<Integer> {

    private final CommandSpec spec = CommandSpec.wrapWithoutInspection(this).name("flamediff")
            .versionProvider(new VersionProvider());
    private final Flags flags = new Flags(spec);

    private final OptionSpec output = flags.add(Flags.valued("OUT", String.class, "-o", "--output")
            .description("output file; its extension (svg, json, collapsed, md, png) picks the format; "
                    + "- or no -o writes to stdout"));

    private final OptionSpec format = flags.add(Flags.valued("FORMAT", String.class, "-f", "--format")
            .description("output format (svg, json, collapsed, ...); overrides the extension; default svg for stdout"));

    private final OptionSpec title = flags.add(Flags.valued("TEXT", String.class, "--title")
            .description("title of the graph"));

    private final OptionSpec normalization = flags.add(Flags.valued("MODE", Normalization.class, "--normalize")
            .converters(new NormalizationConverter()).defaultValue("none")
            .description("none (default: values as recorded), total (base scaled to head's total), "
                    + "or base=X,head=Y (per-side scale factors)"));

    private final OptionSpec minWidth = flags.add(Flags.valued("PX", double.class, "--minwidth").defaultValue("0.1")
            .description("frames narrower than this (pixels of a 1200-pixel graph) are merged; default "
                    + "${DEFAULT-VALUE}"));

    private final InputOptions input = new InputOptions(flags);
    private final ProfileFiles profiles = new ProfileFiles(flags);
    private final NoiseOptions noise = new NoiseOptions(flags);
    private final GraphOptions graph = new GraphOptions(flags);
    private final ReportFlags report = new ReportFlags(flags);

    private final OptionSpec maxOutputBytes = flags.add(Flags.valued("N", Long.class, "--max-output-bytes")
            .description("fail when the output would be larger than N bytes; default 16 times the inputs' size, at"
                    + " least 1 GiB"));

    private final OptionSpec verbose = flags.add(Flags.onOff("-v", "--verbose")
            .description("print stack traces of errors"));

    private final InputStream stdin;
    private final OutputStream stdout;

    /**
     * Creates the command reading {@code -} from {@link System#in} and writing {@code -o -} to the
     * process's standard output (not {@link System#out}, which swallows write errors). Run it
     * through {@link #commandLine(FlamediffCommand)}: the command carries its own picocli model,
     * which {@code new CommandLine(command)} would not see (it reads annotations, and there are none).
     */
    public FlamediffCommand() {
        this(System.in, new java.io.FileOutputStream(java.io.FileDescriptor.out));
    }

    /**
     * Creates the command with its own standard streams (tests capture the bytes written for
     * {@code -o -}; text messages go through picocli's {@code getOut()}/{@code getErr()}).
     */
    public FlamediffCommand(InputStream stdin, OutputStream stdout) {
        this.stdin = stdin;
        this.stdout = stdout;
        flags.addHelpAndVersion();
        spec.usageMessage().sortOptions(false).autoWidth(true)
                .description("Diffs two profiles (JFR, collapsed stacks, pprof, callgrind) of the same program "
                        + "and writes a differential flame graph (svg, or png for places that show only images), a "
                        + "Markdown summary for a pull-request comment (md), a JSON diff tree (json) or 3-column "
                        + "collapsed stacks (collapsed). What the readers noticed about the inputs (events dropped or "
                        + "a recording cut short first) is printed on stderr and repeated in the svg, png, md and "
                        + "json outputs; collapsed output holds only stacks, so its notes are on stderr alone.")
                .footerHeading("%nExit codes:%n")
                .footer("  0  the diff was written", "  1  a CI gate failed", "  2  bad input or usage (one line on stderr)");
    }

    /** The command's picocli model, for {@link CommandLines} to run it. */
    CommandSpec spec() {
        return spec;
    }

    /**
     * Returns a command line for the command whose usage errors are reported in one line on
     * stderr with exit code 2, as flamediff's errors are.
     */
    public static CommandLine commandLine(FlamediffCommand command) {
        return CommandLines.of(command, null);
    }

    /** Returns {@link #commandLine(FlamediffCommand)} for these arguments ({@link CommandLines#of}). */
    public static CommandLine commandLine(FlamediffCommand command, String[] args) {
        return CommandLines.of(command, args);
    }

    /** Runs the diff; returns the exit code (0 written, 1 gate failed, 2 bad input or usage). */
    @Override
    public Integer call() {
        try {
            ProfileFiles.Inputs inputs = profiles.inputs();
            RenderOptions render = renderOptions();
            OutputTarget target = OutputTargets.choose(output.getValue(), format.getValue());
            Merged merged = readAndMerge(inputs, target);
            DiffTree diff = merged.union().test();
            target.write(diff, render, stdout, outputLimit(inputs));
            // Once the output is written, so that a failed run prints its one error line alone.
            merged.notes().forEach(err()::println);
            err().println(RunReport.summary(diff));
            GateReport.runsLine(diff).ifPresent(err()::println);
            return GateReport.exitCode(diff, err());
        } catch (CliFailure failure) {
            return fail(failure);
        } catch (OutOfMemoryError e) {
            // The call trees did not fit the heap; once the stack has unwound they are garbage,
            // so there is room to say so in one line instead of a JVM stack trace.
            return fail(CliFailure.outOfMemory(e));
        } catch (RuntimeException e) {
            return fail(CliFailure.badInput("internal error, please report (--verbose shows where): " + e, e));
        } finally {
            err().flush();
        }
    }

    DiffOptions diffOptions(OutputTarget target) {
        return input.apply(graph.apply(DiffOptions.DEFAULT.withNormalization(normalization.getValue()), target));
    }

    RenderOptions renderOptions() throws CliFailure {
        double width = minWidth.getValue();
        if (!(width >= 0) || Double.isInfinite(width)) {
            throw CliFailure.badInput("--minwidth must be a number of pixels >= 0, not " + width, null);
        }
        return graph.apply(RenderOptions.DEFAULT.withTitle(title.getValue()).withMinWidth(width))
                .withReport(report.apply(ReportOptions.DEFAULT));
    }

    /** The runs merged into their union tree, and what the readers noted, without the runs' call trees. */
    private record Merged(UnionTree union, List<String> notes) {
    }

    /**
     * Reads the runs and merges them into their union tree. In a method of its own so that the
     * runs' call trees are garbage once it returns: the union keeps none of them, and on large
     * inputs they are a large share of the heap while the nodes are tested and the output is
     * written (a third of the live heap on two recordings of some 270 MB).
     */
    private Merged readAndMerge(ProfileFiles.Inputs inputs, OutputTarget target) throws CliFailure {
        RunsReader.Runs runs = new RunsReader(stdin, input.readOptions()).read(inputs);
        return new Merged(union(runs, target), runs.notes());
    }

    private UnionTree union(RunsReader.Runs runs, OutputTarget target) throws CliFailure {
        EmptySelection.check(runs.base(), runs.head());
        try {
            return Diffs.union(runs.base(), runs.head(), noise.apply(diffOptions(target)));
        } catch (ProfileException e) {
            throw CliFailure.badInput(e.getMessage(), e);
        }
    }

    /** The output's size limit: --max-output-bytes, or a multiple of the inputs' size on disk. */
    private long outputLimit(ProfileFiles.Inputs inputs) throws CliFailure {
        Long limit = maxOutputBytes.getValue();
        return limit != null ? FlagValues.positive("--max-output-bytes", limit)
                : OutputWriter.defaultLimit(inputs.base(), inputs.head());
    }

    private int fail(CliFailure failure) {
        err().println("flamediff: " + failure.getMessage());
        if (Flags.isOn(verbose) && failure.getCause() != null) {
            failure.getCause().printStackTrace(err());
        }
        return failure.exitCode();
    }

    /** Standard error, with input text in messages (names, file bytes) made inert ({@link TerminalText}). */
    private PrintWriter err() {
        return TerminalText.escaping(spec.commandLine().getErr());
    }
}
