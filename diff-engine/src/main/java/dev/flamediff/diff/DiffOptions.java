package dev.flamediff.diff;

import dev.flamediff.model.ValueType;
import java.util.Objects;
import java.util.Optional;

/**
 * How to diff two profiles.
 *
 * @param normalization how base and head are scaled; default {@link Normalization#NONE}
 * @param valueType which value type to compare; empty (the default) takes the first value type
 *     of base that head also has
 * @param significanceLevel the false discovery rate at which node changes are called significant
 *     (Benjamini–Hochberg over every self and total test of the diff); default
 *     {@link #DEFAULT_SIGNIFICANCE_LEVEL}. Under "no real change" this is also the chance that a
 *     diff flags anything at all.
 * @param noiseModel the noise model to assume; empty (the default) chooses it from the value type:
 *     sample counts are Poisson, weighted values with sample counts alongside are compound
 *     Poisson, anything else is exact
 * @param gate the CI gate's thresholds; default {@link GateThresholds#NONE}
 * @param runVariation with one run per side, the relative variation c two recordings of the same
 *     program show per node beyond sampling noise (a node's variance is its sampling variance plus
 *     (c·value)² per side); 0 tests against sampling noise alone. The default,
 *     {@link #ESTIMATE_RUN_VARIATION} (NaN), measures c on the diff itself (an empirical null:
 *     the spread of the log ratios of the nodes with enough samples, centered on their median, and
 *     the node tests centered likewise), never below {@link #MIN_RUN_VARIATION}, and falls back to
 *     {@link #DEFAULT_RUN_VARIATION} when too few nodes qualify. With several runs per side the
 *     spread is measured per side and this is not used. {@link DiffSignificance#runVariationDetails()}
 *     says which c a diff used.
 * @param exactFrameKinds whether frames match across profiles only when name and kind are equal,
 *     as difffolded.pl matches folded lines; default false: a method that ran interpreted in one
 *     profile and JIT-compiled in the other is one frame (see {@code FrameMatch.compareKey})
 * @param reversedStacks whether the diff's tree shows every stack reversed, leaf first (a
 *     bottom-up view: hot leaf functions at the root, their callers merged above them); default
 *     false. Only the tree is reversed: the by-function view, the culprits and the summary are
 *     those of the stacks as recorded, because a reversed stack's "self" is its outermost frame
 *     and its "callees" are its callers (see {@link DiffTree#functions()})
 */
public record DiffOptions(Normalization normalization, Optional<ValueType> valueType,
                          double significanceLevel, Optional<NoiseModel> noiseModel,
                          GateThresholds gate, double runVariation, boolean exactFrameKinds,
                          boolean reversedStacks) {

    /**
     * The default level, 1%: with the false-discovery adjustment, at most one base-versus-base
     * diff in a hundred shows any significant node, so a red frame is worth a look.
     */
    public static final double DEFAULT_SIGNIFICANCE_LEVEL = 0.01;

    /**
     * The assumed run-to-run variation for one run per side, 40%: the former default, now what
     * a measured c may be at most ({@link #MAX_ESTIMATED_RUN_VARIATION}), the fallback when it
     * cannot be measured, and what the whole profile is judged with. Two recordings of the same
     * program can differ per call path by much more than their sampling noise (the JIT inlines
     * differently, stack walks fail at different places, the kernel zeroes pages in one run and
     * not the other, CI neighbours steal CPU). The fixture program's first pair of base
     * recordings, made on a busy machine (fixtures/collapsed/base and base2 as first committed),
     * differed by 1.6x on the hottest frame, by 128 samples to none on one path and by 7 to 108
     * samples in the kernel's clear_page: at 0.1 that pair flagged 14 to 42 nodes, at 0.2 no
     * node but still clear_page summed over its paths, at 0.4 nothing. A quieter machine gives
     * quieter pairs (the current recordings are within sampling noise), but one run cannot tell
     * which machine it came from. The price: with it one run per side detects only large changes
     * (x12 on the fixture), which is why c is now measured on each diff (measured on that busy
     * pair: 36%; on the quiet pair: 16%). Several runs per side measure the spread per side
     * instead and detect much smaller ones.
     */
    public static final double DEFAULT_RUN_VARIATION = 0.4;

    /**
     * The run variation that asks for c to be measured on each diff (see {@code runVariation}
     * above): NaN, the default.
     */
    public static final double ESTIMATE_RUN_VARIATION = Double.NaN;

    /**
     * The least c a measured run variation may have: 10%. A pair of recordings that happens to
     * agree closely on its larger nodes says little about the smaller ones and nothing about what
     * the pair did not show (a stack walk that fails at another place, a frame the JIT inlines in
     * one run only); and the estimate itself is uncertain when few nodes qualify. The fixture
     * program's quiet pairs of base recordings measure 0 to 10%.
     */
    public static final double MIN_RUN_VARIATION = 0.1;

    /**
     * The least c for weighted samples (allocated bytes, lock wait times) whether measured or not:
     * 50%. Their run-to-run swings sit on a few paths that the rest of the profile does not show:
     * in the fixture program's two JDK 17 allocation recordings of the same program,
     * StringBuilder's buffer took 602 samples in one run and 340 in the other and the
     * Arrays.copyOfRange under it 56 and 283 (the JIT's escape analysis removes an allocation in
     * one run and not in the other) while the other paths agree within sampling noise; so a
     * measured c of 0 does not hold for them, and 40% still flagged that pair.
     */
    public static final double MIN_WEIGHTED_RUN_VARIATION = 0.5;

    /**
     * The most a measured c of sample counts is used at: 40%, the assumed variation
     * ({@link #DEFAULT_RUN_VARIATION}), so measuring never makes a diff less sensitive than
     * assuming. The measurement takes real changes to be a minority of the nodes; in a small
     * profile where a change reaches many of them (a slower method shifts the time of everything
     * else in a fixed-length recording) it measures the changes too: the fixture program's base
     * against head measures 58%, its busy-machine pair of base recordings 32%.
     */
    public static final double MAX_ESTIMATED_RUN_VARIATION = 0.4;

    /** The defaults: no normalization, first common value type, 1% level, no gate. */
    public static final DiffOptions DEFAULT = new DiffOptions(Normalization.NONE, Optional.empty());

    /** Checks for nulls and a level strictly between 0 and 1. */
    public DiffOptions {
        Objects.requireNonNull(normalization, "normalization");
        Objects.requireNonNull(valueType, "valueType");
        Objects.requireNonNull(noiseModel, "noiseModel");
        Objects.requireNonNull(gate, "gate");
        if (!(runVariation >= 0 && runVariation < Double.POSITIVE_INFINITY) && !Double.isNaN(runVariation)) {
            throw new IllegalArgumentException("run variation must be >= 0 and finite, or NaN to estimate it: "
                    + runVariation);
        }
        if (!(significanceLevel > 0 && significanceLevel < 1)) {
            throw new IllegalArgumentException("significance level must be in (0, 1): " + significanceLevel);
        }
    }

    /** Creates options with the default significance level, noise model and no gate. */
    public DiffOptions(Normalization normalization, Optional<ValueType> valueType) {
        this(normalization, valueType, DEFAULT_SIGNIFICANCE_LEVEL, Optional.empty(), GateThresholds.NONE,
                ESTIMATE_RUN_VARIATION, false, false);
    }

    /** Returns a copy with the given normalization. */
    public DiffOptions withNormalization(Normalization value) {
        return new DiffOptions(value, valueType, significanceLevel, noiseModel, gate, runVariation, exactFrameKinds, reversedStacks);
    }

    /** Returns a copy that compares the given value type. */
    public DiffOptions withValueType(ValueType value) {
        return new DiffOptions(normalization, Optional.of(value), significanceLevel, noiseModel, gate, runVariation, exactFrameKinds, reversedStacks);
    }

    /** Returns a copy with the given significance level (a false discovery rate in (0, 1)). */
    public DiffOptions withSignificanceLevel(double value) {
        return new DiffOptions(normalization, valueType, value, noiseModel, gate, runVariation, exactFrameKinds, reversedStacks);
    }

    /** Returns a copy that assumes the given noise model instead of choosing one. */
    public DiffOptions withNoiseModel(NoiseModel value) {
        return new DiffOptions(normalization, valueType, significanceLevel, Optional.of(value), gate, runVariation, exactFrameKinds, reversedStacks);
    }

    /**
     * Returns a copy assuming the given relative run-to-run variation for one run per side, or
     * with {@link #ESTIMATE_RUN_VARIATION} measuring it on each diff.
     */
    public DiffOptions withRunVariation(double value) {
        return new DiffOptions(normalization, valueType, significanceLevel, noiseModel, gate, value, exactFrameKinds, reversedStacks);
    }

    /** Returns a copy that measures the run-to-run variation on each diff (the default). */
    public DiffOptions withEstimatedRunVariation() {
        return withRunVariation(ESTIMATE_RUN_VARIATION);
    }

    /** Returns whether the run-to-run variation is measured on each diff rather than given. */
    public boolean estimatesRunVariation() {
        return Double.isNaN(runVariation);
    }

    /** Returns a copy with the given CI gate thresholds. */
    public DiffOptions withGate(GateThresholds value) {
        return new DiffOptions(normalization, valueType, significanceLevel, noiseModel, value, runVariation, exactFrameKinds, reversedStacks);
    }

    /** Returns a copy that matches frames on name and kind exactly (or, with false, on name). */
    public DiffOptions withExactFrameKinds(boolean value) {
        return new DiffOptions(normalization, valueType, significanceLevel, noiseModel, gate, runVariation, value, reversedStacks);
    }

    /** Returns a copy whose tree shows the stacks reversed, leaf first (or, with false, as recorded). */
    public DiffOptions withReversedStacks(boolean value) {
        return new DiffOptions(normalization, valueType, significanceLevel, noiseModel, gate, runVariation, exactFrameKinds, value);
    }
}
