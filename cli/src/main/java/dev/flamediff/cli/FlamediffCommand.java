package dev.flamediff.cli;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.Normalization;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.TreeLimits;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.ReportOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code flamediff BASE HEAD -o OUT}: reads two profiles, diffs them and writes the diff. The
 * steps (read, diff, report, write) are separate methods so that later flags, such as a CI gate
 * that turns the diff into exit code 1, slot in between without touching the others.
 */
@Command(name = "flamediff", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {"Diffs two profiles (JFR, collapsed stacks, pprof, callgrind) of the same program "
                + "and writes a differential flame graph (svg, or png for places that show only images), a Markdown "
                + "summary for a pull-request comment (md), a JSON diff tree (json) or 3-column collapsed stacks "
                + "(collapsed)."},
        footerHeading = "%nExit codes:%n",
        footer = {"  0  the diff was written", "  1  a CI gate failed", "  2  bad input or usage (one line on stderr)"})
public final class FlamediffCommand implements Callable<Integer> {

    /** The JFR parsers {@code --jfr-parser} accepts. */
    enum JfrParser { jdk, async }

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "BASE",
            description = "the profile before the change; - reads stdin")
    private String base;

    @Parameters(index = "1", arity = "0..1", paramLabel = "HEAD",
            description = "the profile after the change; - reads stdin; left out when BASE is a 3-column file "
                    + "(stack base head, difffolded.pl's output), which holds both")
    private String head;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "output file; its extension (svg, json, collapsed, md, png) picks the format; "
                    + "- or no -o writes to stdout")
    private String output;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT",
            description = "output format (svg, json, collapsed, ...); overrides the extension; default svg for stdout")
    private String format;

    @Option(names = "--title", paramLabel = "TEXT", description = "title of the graph")
    private String title;

    @Option(names = "--normalize", paramLabel = "MODE", converter = NormalizationConverter.class,
            defaultValue = "none",
            description = "none (default: values as recorded), total (base scaled to head's total), "
                    + "or base=X,head=Y (per-side scale factors)")
    private Normalization normalization;

    @Option(names = "--minwidth", paramLabel = "PX", defaultValue = "0.1",
            description = "frames narrower than this (pixels of a 1200-pixel graph) are merged; default ${DEFAULT-VALUE}")
    private double minWidth;

    @Option(names = "--include", paramLabel = "REGEX", converter = PatternConverter.class,
            description = "keep only stacks with a frame matching REGEX")
    private Pattern include;

    @Option(names = "--exclude", paramLabel = "REGEX", converter = PatternConverter.class,
            description = "drop stacks with a frame matching REGEX")
    private Pattern exclude;

    @Option(names = "--event", paramLabel = "EVENT",
            description = "event to read: cpu, wall, alloc, lock, native, or a callgrind event such as Ir; "
                    + "default: the recording's main one")
    private String event;

    @Option(names = "--value-type", paramLabel = "KIND/UNIT", converter = ValueTypeConverter.class,
            description = "value type to compare when profiles carry several, e.g. alloc/bytes")
    private ValueType valueType;

    @Option(names = "--no-normalize-names", negatable = false,
            description = {"keep every frame name byte for byte as recorded (collapsed output then equals difffolded.pl's). "
                    + "By default lambda, hidden-class, proxy and address parts are normalized, Java names spelled "
                    + "with slashes (java/lang/Thread.run) get dots, so both spellings are one frame, and names "
                    + "that differ only by a CPU feature are one frame: "
                    + dev.flamediff.collect.FrameNameNormalizer.CPU_VARIANTS})
    private boolean keepNames;

    @Option(names = "--line-numbers", description = "give Java frames their line number (Foo.bar:42)")
    private boolean lineNumbers;

    @Option(names = "--simple-names", description = "drop package names from Java classes")
    private boolean simpleNames;

    @Option(names = "--threads", description = "put a frame per thread at the root")
    private boolean threads;

    @Option(names = "--thread-filter", paramLabel = "REGEX", converter = PatternConverter.class,
            description = "keep only samples of threads whose name matches REGEX (JFR)")
    private Pattern threadFilter;

    @Option(names = "--from", paramLabel = "TIME", converter = TimeOffsetConverter.class,
            description = "drop events before TIME from the recording's start: ms, or with a unit (2.5s, 1m) (JFR)")
    private Long from;

    @Option(names = "--to", paramLabel = "TIME", converter = TimeOffsetConverter.class,
            description = "drop events after TIME from the recording's start (JFR)")
    private Long to;

    @Option(names = "--jfr-parser", paramLabel = "PARSER",
            description = "JFR parser: async (async-profiler's jfr-converter, the default) or jdk (jdk.jfr.consumer)")
    private JfrParser jfrParser;

    @Option(names = "--max-bytes", paramLabel = "N",
            description = "read at most N (decompressed) bytes of each input; default 4 GiB")
    private Long maxBytes;

    @Option(names = "--max-gzip-ratio", paramLabel = "N",
            description = "reject gzip input that expands more than N times; default 200")
    private Integer maxGzipRatio;

    @Option(names = "--max-name-length", paramLabel = "N",
            description = "reject frame names longer than N characters; default 65536")
    private Integer maxNameLength;

    @Option(names = "--max-depth", paramLabel = "N", description = "reject stacks deeper than N frames; default 16384")
    private Integer maxDepth;

    @Option(names = "--max-nodes", paramLabel = "N",
            description = "reject profiles whose call tree has more than N nodes; default 20000000")
    private Integer maxNodes;

    @Mixin
    private ReadingOptions reading = new ReadingOptions();

    @Mixin
    private NoiseOptions noise = new NoiseOptions();

    @Mixin
    private GraphOptions graph = new GraphOptions();

    @Mixin
    private ReportFlags report = new ReportFlags();

    @Option(names = "--max-output-bytes", paramLabel = "N",
            description = "fail when the output would be larger than N bytes; default 16 times the inputs' size, at"
                    + " least 1 GiB")
    private Long maxOutputBytes;

    @Option(names = {"-v", "--verbose"}, description = "print stack traces of errors")
    private boolean verbose;

    private final InputStream stdin;
    private final OutputStream stdout;

    /**
     * Creates the command reading {@code -} from {@link System#in} and writing {@code -o -} to the
     * process's standard output (not {@link System#out}, which swallows write errors).
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
    }

    /**
     * Returns a command line for the command whose usage errors are reported in one line on
     * stderr with exit code 2, as flamediff's errors are.
     */
    public static CommandLine commandLine(FlamediffCommand command) {
        CommandLine cli = new CommandLine(command);
        cli.addSubcommand("suite", new SuiteCommand());
        cli.addSubcommand("agent-path", new AgentPathCommand());
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler(FlamediffCommand::usageError);
        return cli;
    }

    /** Runs the diff; returns the exit code (0 written, 2 bad input or usage). */
    @Override
    public Integer call() {
        try {
            String usage = noise.inputProblem(base, head);
            if (usage != null && !ProfilePairReader.mayBeOneFile(base, head,
                    noise.baseRuns() != null || noise.headRuns() != null)) {
                err().println("flamediff: " + usage + " (see flamediff --help)");
                return ExitCodes.BAD_INPUT;
            }
            RenderOptions render = renderOptions();
            OutputTarget target = OutputTargets.choose(output, format);
            if (noise.severalRuns()) {
                return severalRuns(target, render);
            }
            ProfilePair pair = new ProfilePairReader(stdin, readOptions()).read(base, head);
            DiffTree diff = diff(pair, target);
            write(diff, target, render);
            report(pair, diff);
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

    ReadOptions readOptions() throws CliFailure {
        ReadOptions options = ReadOptions.DEFAULT
                .withLimits(inputLimits())
                .withNormalizeNames(!keepNames)
                .withLineNumbers(lineNumbers)
                .withSimpleNames(simpleNames)
                .withThreads(threads)
                .withThreadFilter(threadFilter)
                .withTimeWindow(from, to)
                .withInclude(include)
                .withExclude(exclude)
                .withEvent(event);
        options = reading.apply(options);
        return jfrParser == null ? options : options.withJfrParser(jfrParser.name());
    }

    /** The defaults of {@link InputLimits#DEFAULT}, with the limits the flags set. */
    InputLimits inputLimits() throws CliFailure {
        InputLimits limits = InputLimits.DEFAULT;
        TreeLimits tree = limits.tree();
        if (maxBytes != null) {
            limits = limits.withMaxBytes(positive("--max-bytes", maxBytes));
        }
        if (maxGzipRatio != null) {
            limits = limits.withMaxGzipRatio((int) positive("--max-gzip-ratio", maxGzipRatio));
        }
        if (maxNameLength != null) {
            limits = limits.withMaxNameLength((int) positive("--max-name-length", maxNameLength));
        }
        if (maxDepth != null) {
            tree = tree.withMaxDepth((int) positive("--max-depth", maxDepth));
        }
        if (maxNodes != null) {
            tree = tree.withMaxNodes((int) positive("--max-nodes", maxNodes));
        }
        return limits.withTree(tree);
    }

    private static long positive(String flag, long value) throws CliFailure {
        if (value <= 0) {
            throw CliFailure.badInput(flag + " must be a positive number, not " + value, null);
        }
        return value;
    }

    DiffOptions diffOptions(OutputTarget target) {
        DiffOptions options = graph.apply(DiffOptions.DEFAULT.withNormalization(normalization), target);
        return valueType == null ? options : options.withValueType(valueType);
    }

    RenderOptions renderOptions() throws CliFailure {
        if (!(minWidth >= 0) || Double.isInfinite(minWidth)) {
            throw CliFailure.badInput("--minwidth must be a number of pixels >= 0, not " + minWidth, null);
        }
        return graph.apply(RenderOptions.DEFAULT.withTitle(title).withMinWidth(minWidth))
                .withReport(report.apply(ReportOptions.DEFAULT));
    }

    private DiffTree diff(ProfilePair pair, OutputTarget target) throws CliFailure {
        EmptySelection.check(List.of(pair.base()), List.of(pair.head()));
        try {
            return Diffs.diff(List.of(pair.base()), List.of(pair.head()),
                    noise.apply(diffOptions(target)));
        } catch (ProfileException e) {
            throw CliFailure.badInput(e.getMessage(), e);
        }
    }

    /** {@code --base a b c --head x y z}: the same steps over several runs per side. */
    private int severalRuns(OutputTarget target, RenderOptions render) throws CliFailure {
        RunsReader.Runs runs = new RunsReader(new ProfilePairReader(stdin, readOptions()))
                .read(noise.baseRuns(), noise.headRuns());
        EmptySelection.check(runs.base(), runs.head());
        DiffTree diff;
        try {
            diff = Diffs.diff(runs.base(), runs.head(), noise.apply(diffOptions(target)));
        } catch (ProfileException e) {
            throw CliFailure.badInput(e.getMessage(), e);
        }
        write(diff, target, render);
        runs.notes().forEach(err()::println);
        err().println(RunReport.summary(diff));
        GateReport.runsLine(diff).ifPresent(err()::println);
        return GateReport.exitCode(diff, err());
    }

    /**
     * Writes the output through {@link OutputWriter}: a file atomically (or in place for a device or
     * pipe), standard output once the whole document is rendered; bounded by --max-output-bytes.
     */
    private void write(DiffTree diff, OutputTarget target, RenderOptions render) throws CliFailure {
        long limit = maxOutputBytes != null ? positive("--max-output-bytes", maxOutputBytes)
                : OutputWriter.defaultLimit(noise.severalRuns() ? noise.baseRuns() : single(base),
                        noise.severalRuns() ? noise.headRuns() : single(head));
        try {
            new OutputWriter(stdout, limit).write(target.file(), out -> target.renderer().render(diff, render, out));
        } catch (IOException e) {
            throw CliFailure.badInput(target.displayName() + ": " + IoMessages.reason(e), e);
        } catch (RuntimeException e) {
            throw CliFailure.badInput(target.displayName() + ": could not be written (internal error, please report: "
                    + e + ")", e);
        }
    }

    /** A 3-column file is one input that holds both sides: the other is then null. */
    private static List<String> single(String input) {
        return input == null ? List.of() : List.of(input);
    }

    /**
     * Prints what the readers noted and the totals once the output is written, so a failed run
     * prints its one error line and nothing else.
     */
    private void report(ProfilePair pair, DiffTree diff) {
        RunReport.notes(pair).forEach(err()::println);
        err().println(RunReport.summary(diff));
    }

    private int fail(CliFailure failure) {
        err().println("flamediff: " + failure.getMessage());
        if (verbose && failure.getCause() != null) {
            failure.getCause().printStackTrace(err());
        }
        return failure.exitCode();
    }

    /** Standard error, with input text in messages (names, file bytes) made inert ({@link TerminalText}). */
    private PrintWriter err() {
        return TerminalText.escaping(spec.commandLine().getErr());
    }

    private static int usageError(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println(TerminalText.escape("flamediff: " + e.getMessage().replaceAll("[\\r\\n]+", " ")
                + " (see flamediff --help)"));
        err.flush();
        return ExitCodes.BAD_INPUT;
    }
}
