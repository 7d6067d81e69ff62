package dev.flamediff.suite;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.render.RenderOptions;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * How to run a suite.
 *
 * @param read how profiles are read; a JMH benchmark's also keep only {@link #threadFilter()}'s threads
 * @param diff how each pair is diffed (significance level, run variation); the level is also the
 *     false discovery rate of the score verdicts over the suite
 * @param render how each graph is drawn; its title is the benchmark's name
 * @param threadFilter the threads a JMH benchmark's profile diff keeps; empty keeps every thread.
 *     Default {@link #JMH_WORKERS}: JIT compiler, GC and JMH's own threads otherwise fill the graph
 *     and its noise
 * @param scoreGate fail when a benchmark's score got significantly worse by more than this
 *     fraction (0.05 = 5%); empty for no such gate
 * @param frameGate fail when, in a benchmark's profile diff, one frame's self value grew
 *     significantly by more than this fraction of the whole profile; empty for none
 * @param png whether a PNG is written beside each SVG
 * @param linkBase the URL the report's links start with (a CI that publishes the output folder);
 *     empty for links relative to the report
 */
public record SuiteOptions(ReadOptions read, DiffOptions diff, RenderOptions render, Optional<Pattern> threadFilter,
                           OptionalDouble scoreGate, OptionalDouble frameGate, boolean png,
                           Optional<String> linkBase) {

    /** JMH names its benchmark threads {@code <benchmark>-jmh-worker-<n>}. */
    public static final Pattern JMH_WORKERS = Pattern.compile("jmh-worker-");

    /** The defaults: JMH's worker threads, level 1%, no gate, SVG only, relative links. */
    public static final SuiteOptions DEFAULT = new SuiteOptions(ReadOptions.DEFAULT, DiffOptions.DEFAULT,
            RenderOptions.DEFAULT, Optional.of(JMH_WORKERS), OptionalDouble.empty(), OptionalDouble.empty(), false,
            Optional.empty());

    /** Checks the gates are non-negative fractions. */
    public SuiteOptions {
        check(scoreGate);
        check(frameGate);
    }

    private static void check(OptionalDouble gate) {
        if (gate.isPresent() && !(gate.getAsDouble() >= 0 && gate.getAsDouble() < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("gate thresholds must be non-negative fractions: " + gate);
        }
    }

    public SuiteOptions withRead(ReadOptions value) {
        return new SuiteOptions(value, diff, render, threadFilter, scoreGate, frameGate, png, linkBase);
    }

    public SuiteOptions withDiff(DiffOptions value) {
        return new SuiteOptions(read, value, render, threadFilter, scoreGate, frameGate, png, linkBase);
    }

    public SuiteOptions withRender(RenderOptions value) {
        return new SuiteOptions(read, diff, value, threadFilter, scoreGate, frameGate, png, linkBase);
    }

    /** Returns a copy whose JMH profile diffs keep the matching threads, or every thread for null. */
    public SuiteOptions withThreadFilter(Pattern value) {
        return new SuiteOptions(read, diff, render, Optional.ofNullable(value), scoreGate, frameGate, png, linkBase);
    }

    /** Returns a copy with the score gate (a fraction, 0.05 = 5%). */
    public SuiteOptions withScoreGate(double fraction) {
        return new SuiteOptions(read, diff, render, threadFilter, OptionalDouble.of(fraction), frameGate, png, linkBase);
    }

    /** Returns a copy with the per-frame gate (a fraction of the whole profile). */
    public SuiteOptions withFrameGate(double fraction) {
        return new SuiteOptions(read, diff, render, threadFilter, scoreGate, OptionalDouble.of(fraction), png, linkBase);
    }

    public SuiteOptions withPng(boolean value) {
        return new SuiteOptions(read, diff, render, threadFilter, scoreGate, frameGate, value, linkBase);
    }

    /** Returns a copy whose report links start with the URL (a {@code /} is added between). */
    public SuiteOptions withLinkBase(String value) {
        return new SuiteOptions(read, diff, render, threadFilter, scoreGate, frameGate, png, Optional.ofNullable(value));
    }

    /** A score change a reader notices when no score gate says otherwise: 5%. */
    public static final double DEFAULT_NOTICEABLE = 0.05;

    /**
     * Returns the score change, as a fraction, above which a change the forks cannot confirm is
     * reported inconclusive rather than unchanged: the score gate's threshold, or
     * {@link #DEFAULT_NOTICEABLE} without one.
     */
    public double noticeable() {
        return scoreGate.orElse(DEFAULT_NOTICEABLE);
    }

    /** Returns the level of the score verdicts (the diff's significance level). */
    public double level() {
        return diff.significanceLevel();
    }
}
