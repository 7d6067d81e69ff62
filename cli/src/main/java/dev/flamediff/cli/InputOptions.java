package dev.flamediff.cli;

import dev.flamediff.collect.FrameNameNormalizer;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.model.ValueType;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The flags that say what to read from the profiles and how: the stacks and events to keep, the
 * frame names, the JFR parser, the limits for untrusted input, and the lenient reading and stack
 * shaping that make other tools' files and other JDKs' stacks comparable (pprof's {@code -hide}
 * and {@code -show_from}). A picocli mixin that maps onto {@link ReadOptions}, and the value type
 * to compare onto {@link DiffOptions}.
 */
// Not a command: the annotation only spares picocli a search of its methods for subcommands.
@Command(addMethodSubcommands = false)
final class InputOptions {

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
                    + FrameNameNormalizer.CPU_VARIANTS})
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

    @Option(names = "--jfr-parser", paramLabel = "PARSER", converter = JfrParserConverter.class,
            description = "JFR parser: flamediff (its own, the default), async (async-profiler's jfr-converter) or jdk (jdk.jfr.consumer)")
    private JfrParserChoice jfrParser;

    @Mixin
    private LimitOptions limits = new LimitOptions();

    @Option(names = "--skip-bad-lines",
            description = "skip lines of a text profile (collapsed) that cannot be read instead of failing; "
                    + "how many and where is said on stderr and in every output's notes")
    private boolean skipBadLines;

    @Option(names = "--hide", paramLabel = "REGEX", converter = PatternConverter.class,
            description = "take frames matching REGEX out of every stack, keeping the rest of the stack "
                    + "(as pprof -hide), e.g. frames a JDK upgrade inserted: 'Thread\\.runWith|DirectMethodHandleAccessor'")
    private Pattern hide;

    @Option(names = "--show-from", paramLabel = "REGEX", converter = PatternConverter.class,
            description = "start every stack at its first frame (from the root) matching REGEX and drop stacks "
                    + "without one (as pprof -show_from)")
    private Pattern showFrom;

    /**
     * Returns the read options these flags ask for.
     *
     * @throws CliFailure (exit code 2) for a limit of 0 or less
     */
    ReadOptions readOptions() throws CliFailure {
        ReadOptions options = ReadOptions.DEFAULT
                .withLimits(limits.inputLimits())
                .withNormalizeNames(!keepNames)
                .withLineNumbers(lineNumbers)
                .withSimpleNames(simpleNames)
                .withThreads(threads)
                .withThreadFilter(threadFilter)
                .withTimeWindow(from, to)
                .withInclude(include)
                .withExclude(exclude)
                .withEvent(event)
                .withSkipBadLines(skipBadLines)
                .withHide(hide)
                .withShowFrom(showFrom);
        return jfrParser == null ? options : options.withJfrParser(jfrParser);
    }

    /** Returns the diff options with the value type to compare, when one is asked for. */
    DiffOptions apply(DiffOptions options) {
        return valueType == null ? options : options.withValueType(valueType);
    }
}
