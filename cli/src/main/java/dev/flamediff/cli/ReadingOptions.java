package dev.flamediff.cli;

import dev.flamediff.collect.ReadOptions;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * The reading flags that make other tools' files and other JDKs' stacks comparable: lenient
 * reading of text formats, and pprof's {@code -hide} and {@code -show_from}. A picocli mixin that
 * maps onto {@link ReadOptions}.
 */
final class ReadingOptions {

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

    /** Returns the options with these flags applied. */
    ReadOptions apply(ReadOptions options) {
        return options.withSkipBadLines(skipBadLines).withHide(hide).withShowFrom(showFrom);
    }
}
