package dev.flamediff.collect;

import dev.flamediff.collect.jfr.JfrParserChoice;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How to read a profile. Formats ignore the options that do not apply to them.
 *
 * @param event which event or value to read ({@code cpu}, {@code wall}, {@code alloc},
 *     {@code lock}, {@code native}, a callgrind event such as {@code Ir}); empty (the default)
 *     lets the reader pick the recording's most sensible one and name it in the metadata
 * @param jfrParser which parser reads JFR recordings; empty (the default) for
 *     {@link dev.flamediff.collect.jfr.JfrProfileReader#DEFAULT_PARSER}
 * @param normalizeNames whether lambda, hidden-class, proxy, accessor and address parts of frame
 *     names are normalized so the same code gets the same frame across runs; default true
 * @param lineNumbers whether Java frames carry their line number ({@code Foo.bar:42}); default false
 * @param simpleNames whether Java class names drop their package; default false
 * @param threads whether a frame per thread is put at the root; default false
 * @param threadFilter when present, only threads whose name matches (find) are kept
 * @param fromNanos when present, events before this offset from the recording's start are dropped
 * @param toNanos when present, events after this offset from the recording's start are dropped
 * @param include when present, only stacks with a frame matching it (find) are kept
 * @param exclude when present, stacks with a frame matching it (find) are dropped
 * @param limits bounds for untrusted input; default {@link InputLimits#DEFAULT}
 * @param skipBadLines whether a text format skips the lines it cannot read (counting them, and
 *     saying so in the profile's notes) instead of failing; default false (one bad line is an error)
 * @param hide when present, frames matching it (find) are taken out of every stack, the rest of
 *     the stack kept (pprof's {@code -hide}); a stack of hidden frames only goes to the root
 * @param showFrom when present, every stack is cut to start at its first frame from the root that
 *     matches it (find), and stacks without such a frame are dropped (pprof's {@code -show_from})
 */
public record ReadOptions(Optional<String> event, Optional<JfrParserChoice> jfrParser, boolean normalizeNames,
                          boolean lineNumbers, boolean simpleNames, boolean threads,
                          Optional<Pattern> threadFilter, Optional<Long> fromNanos, Optional<Long> toNanos,
                          Optional<Pattern> include, Optional<Pattern> exclude, InputLimits limits,
                          boolean skipBadLines, Optional<Pattern> hide, Optional<Pattern> showFrom) {

    /** The defaults described on each component. */
    public static final ReadOptions DEFAULT = new ReadOptions(Optional.empty(), Optional.empty(), true,
            false, false, false, Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty(), InputLimits.DEFAULT, false, Optional.empty(), Optional.empty());

    /** Checks for nulls. */
    public ReadOptions {
        Objects.requireNonNull(event);
        Objects.requireNonNull(jfrParser);
        Objects.requireNonNull(threadFilter);
        Objects.requireNonNull(fromNanos);
        Objects.requireNonNull(toNanos);
        Objects.requireNonNull(include);
        Objects.requireNonNull(exclude);
        Objects.requireNonNull(limits);
        Objects.requireNonNull(hide);
        Objects.requireNonNull(showFrom);
    }

    /**
     * Creates options without the bad-line, hide and show-from settings (their defaults), as
     * before those existed.
     */
    public ReadOptions(Optional<String> event, Optional<JfrParserChoice> jfrParser, boolean normalizeNames,
                       boolean lineNumbers, boolean simpleNames, boolean threads,
                       Optional<Pattern> threadFilter, Optional<Long> fromNanos, Optional<Long> toNanos,
                       Optional<Pattern> include, Optional<Pattern> exclude, InputLimits limits) {
        this(event, jfrParser, normalizeNames, lineNumbers, simpleNames, threads, threadFilter, fromNanos,
                toNanos, include, exclude, limits, false, Optional.empty(), Optional.empty());
    }

    public ReadOptions withSkipBadLines(boolean value) {
        return new ReadOptions(event, jfrParser, normalizeNames, lineNumbers, simpleNames, threads, threadFilter,
                fromNanos, toNanos, include, exclude, limits, value, hide, showFrom);
    }

    public ReadOptions withHide(Pattern value) {
        return new ReadOptions(event, jfrParser, normalizeNames, lineNumbers, simpleNames, threads, threadFilter,
                fromNanos, toNanos, include, exclude, limits, skipBadLines, Optional.ofNullable(value), showFrom);
    }

    public ReadOptions withShowFrom(Pattern value) {
        return new ReadOptions(event, jfrParser, normalizeNames, lineNumbers, simpleNames, threads, threadFilter,
                fromNanos, toNanos, include, exclude, limits, skipBadLines, hide, Optional.ofNullable(value));
    }

    public ReadOptions withEvent(String value) {
        return new ReadOptions(Optional.ofNullable(value), jfrParser, normalizeNames, lineNumbers, simpleNames,
                threads, threadFilter, fromNanos, toNanos, include, exclude, limits, skipBadLines, hide, showFrom);
    }

    public ReadOptions withJfrParser(JfrParserChoice value) {
        return new ReadOptions(event, Optional.ofNullable(value), normalizeNames, lineNumbers, simpleNames,
                threads, threadFilter, fromNanos, toNanos, include, exclude, limits, skipBadLines, hide, showFrom);
    }

    public ReadOptions withNormalizeNames(boolean value) {
        return new ReadOptions(event, jfrParser, value, lineNumbers, simpleNames,
                threads, threadFilter, fromNanos, toNanos, include, exclude, limits, skipBadLines, hide, showFrom);
    }

    public ReadOptions withLineNumbers(boolean value) {
        return new ReadOptions(event, jfrParser, normalizeNames, value, simpleNames,
                threads, threadFilter, fromNanos, toNanos, include, exclude, limits, skipBadLines, hide, showFrom);
    }

    public ReadOptions withSimpleNames(boolean value) {
        return new ReadOptions(event, jfrParser, normalizeNames, lineNumbers, value,
                threads, threadFilter, fromNanos, toNanos, include, exclude, limits, skipBadLines, hide, showFrom);
    }

    public ReadOptions withThreads(boolean value) {
        return new ReadOptions(event, jfrParser, normalizeNames, lineNumbers, simpleNames,
                value, threadFilter, fromNanos, toNanos, include, exclude, limits, skipBadLines, hide, showFrom);
    }

    public ReadOptions withThreadFilter(Pattern value) {
        return new ReadOptions(event, jfrParser, normalizeNames, lineNumbers, simpleNames,
                threads, Optional.ofNullable(value), fromNanos, toNanos, include, exclude, limits, skipBadLines, hide, showFrom);
    }

    public ReadOptions withTimeWindow(Long from, Long to) {
        return new ReadOptions(event, jfrParser, normalizeNames, lineNumbers, simpleNames,
                threads, threadFilter, Optional.ofNullable(from), Optional.ofNullable(to), include, exclude, limits, skipBadLines, hide, showFrom);
    }

    public ReadOptions withInclude(Pattern value) {
        return new ReadOptions(event, jfrParser, normalizeNames, lineNumbers, simpleNames,
                threads, threadFilter, fromNanos, toNanos, Optional.ofNullable(value), exclude, limits, skipBadLines, hide, showFrom);
    }

    public ReadOptions withExclude(Pattern value) {
        return new ReadOptions(event, jfrParser, normalizeNames, lineNumbers, simpleNames,
                threads, threadFilter, fromNanos, toNanos, include, Optional.ofNullable(value), limits, skipBadLines, hide, showFrom);
    }

    public ReadOptions withLimits(InputLimits value) {
        return new ReadOptions(event, jfrParser, normalizeNames, lineNumbers, simpleNames,
                threads, threadFilter, fromNanos, toNanos, include, exclude, value, skipBadLines, hide, showFrom);
    }
}
