package dev.flamediff.cli;

import dev.flamediff.collect.FrameNameNormalizer;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.model.ValueType;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The flags that say what to read from the profiles and how: the stacks and events to keep, the
 * frame names, the JFR parser, the limits for untrusted input, and the lenient reading and stack
 * shaping that make other tools' files and other JDKs' stacks comparable (pprof's {@code -hide}
 * and {@code -show_from}). They map onto {@link ReadOptions}, and the value type to compare onto
 * {@link DiffOptions}.
 */
final class InputOptions {

    private final OptionSpec include;
    private final OptionSpec exclude;
    private final OptionSpec event;
    private final OptionSpec valueType;
    private final OptionSpec keepNames;
    private final OptionSpec lineNumbers;
    private final OptionSpec simpleNames;
    private final OptionSpec threads;
    private final OptionSpec threadFilter;
    private final OptionSpec from;
    private final OptionSpec to;
    private final OptionSpec jfrParser;
    private final LimitOptions limits;
    private final OptionSpec skipBadLines;
    private final OptionSpec hide;
    private final OptionSpec showFrom;

    /** Declares the flags on the command, in this order. */
    InputOptions(Flags flags) {
        include = flags.add(Flags.regex("--include").description("keep only stacks with a frame matching REGEX"));
        exclude = flags.add(Flags.regex("--exclude").description("drop stacks with a frame matching REGEX"));
        event = flags.add(Flags.valued("EVENT", String.class, "--event")
                .description("event to read: cpu, wall, alloc, lock, native, or a callgrind event such as Ir; "
                        + "default: the recording's main one"));
        valueType = flags.add(Flags.valued("KIND/UNIT", ValueType.class, "--value-type")
                .converters(new ValueTypeConverter())
                .description("value type to compare when profiles carry several, e.g. alloc/bytes"));
        keepNames = flags.add(Flags.onOff("--no-normalize-names")
                .description("keep every frame name byte for byte as recorded (collapsed output then equals "
                        + "difffolded.pl's). By default lambda, hidden-class, proxy and address parts are normalized, "
                        + "Java names spelled with slashes (java/lang/Thread.run) get dots, so both spellings are one "
                        + "frame, a JavaScript function is one frame whichever V8 tier ran it (JS:*render = JS:~render), "
                        + "and names that differ only by a CPU feature are one frame: "
                        + FrameNameNormalizer.CPU_VARIANTS));
        lineNumbers = flags.add(Flags.onOff("--line-numbers")
                .description("give Java frames their line number (Foo.bar:42)"));
        simpleNames = flags.add(Flags.onOff("--simple-names").description("drop package names from Java classes"));
        threads = flags.add(Flags.onOff("--threads").description("put a frame per thread at the root"));
        threadFilter = flags.add(Flags.regex("--thread-filter")
                .description("keep only samples of threads whose name matches REGEX (JFR)"));
        from = flags.add(Flags.valued("TIME", Long.class, "--from").converters(new TimeOffsetConverter())
                .description("drop events before TIME from the recording's start: ms, or with a unit (2.5s, 1m) (JFR)"));
        to = flags.add(Flags.valued("TIME", Long.class, "--to").converters(new TimeOffsetConverter())
                .description("drop events after TIME from the recording's start (JFR)"));
        jfrParser = flags.add(Flags.valued("PARSER", JfrParserChoice.class, "--jfr-parser")
                .converters(new JfrParserConverter())
                .description("JFR parser: flamediff (its own, the default), async (async-profiler's jfr-converter) "
                        + "or jdk (jdk.jfr.consumer)"));
        limits = new LimitOptions(flags);
        skipBadLines = flags.add(Flags.onOff("--skip-bad-lines")
                .description("skip lines of a text profile (collapsed) that cannot be read instead of failing; "
                        + "how many and where is said on stderr and in every output's notes"));
        hide = flags.add(Flags.regex("--hide")
                .description("take frames matching REGEX out of every stack, keeping the rest of the stack "
                        + "(as pprof -hide), e.g. frames a JDK upgrade inserted: "
                        + "'Thread\\.runWith|DirectMethodHandleAccessor'"));
        showFrom = flags.add(Flags.regex("--show-from")
                .description("start every stack at its first frame (from the root) matching REGEX and drop stacks "
                        + "without one (as pprof -show_from)"));
    }

    /**
     * Returns the read options these flags ask for.
     *
     * @throws CliFailure (exit code 2) for a limit of 0 or less
     */
    ReadOptions readOptions() throws CliFailure {
        ReadOptions options = ReadOptions.DEFAULT
                .withLimits(limits.inputLimits())
                .withNormalizeNames(!Flags.isOn(keepNames))
                .withLineNumbers(Flags.isOn(lineNumbers))
                .withSimpleNames(Flags.isOn(simpleNames))
                .withThreads(Flags.isOn(threads))
                .withThreadFilter(threadFilter.<Pattern>getValue())
                .withTimeWindow(from.getValue(), to.getValue())
                .withInclude(include.getValue())
                .withExclude(exclude.getValue())
                .withEvent(event.getValue())
                .withSkipBadLines(Flags.isOn(skipBadLines))
                .withHide(hide.getValue())
                .withShowFrom(showFrom.getValue());
        JfrParserChoice parser = jfrParser.getValue();
        return parser == null ? options : options.withJfrParser(parser);
    }

    /** Returns the diff options with the value type to compare, when one is asked for. */
    DiffOptions apply(DiffOptions options) {
        ValueType type = valueType.getValue();
        return type == null ? options : options.withValueType(type);
    }
}
