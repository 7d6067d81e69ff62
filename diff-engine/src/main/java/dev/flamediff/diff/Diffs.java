package dev.flamediff.diff;

import dev.flamediff.model.IncompatibleProfilesException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.StackReverser;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.List;

/** The diff stage's entry point: base and head profiles in, a {@link DiffTree} out. */
public final class Diffs {

    private Diffs() {
    }

    /**
     * Diffs one base profile against one head profile.
     *
     * @return the union tree, never null
     * @throws IncompatibleProfilesException if the profiles share no value type, or lack the one
     *     asked for in the options
     * @throws java.util.concurrent.CancellationException if the thread was interrupted (the
     *     interrupt flag stays set)
     */
    public static DiffTree diff(Profile base, Profile head, DiffOptions options)
            throws IncompatibleProfilesException {
        return diff(List.of(base), List.of(head), options);
    }

    /**
     * Diffs several runs per side: each node's value on a side is the mean over that side's runs.
     *
     * @return the union tree of all runs, never null
     * @throws IncompatibleProfilesException if the profiles share no value type, or lack the one
     *     asked for in the options
     * @throws IllegalArgumentException if a side has no profile
     * @throws java.util.concurrent.CancellationException if the thread was interrupted (checked
     *     every few thousand union nodes; the interrupt flag stays set)
     */
    public static DiffTree diff(List<Profile> base, List<Profile> head, DiffOptions options)
            throws IncompatibleProfilesException {
        return union(base, head, options).test();
    }

    /**
     * Merges several runs per side into the union tree, without testing its nodes: the first half
     * of {@link #diff(List, List, DiffOptions)}, whose {@link UnionTree#test()} gives the same
     * diff. The union refers to none of the profiles' call trees, so a caller that holds the
     * profiles only until this returns (the command line) frees them for the tests and the output.
     *
     * @return the union tree, never null
     * @throws IncompatibleProfilesException if the profiles share no value type, or lack the one
     *     asked for in the options
     * @throws IllegalArgumentException if a side has no profile
     * @throws java.util.concurrent.CancellationException if the thread was interrupted (checked
     *     every few thousand union nodes; the interrupt flag stays set)
     */
    public static UnionTree union(List<Profile> base, List<Profile> head, DiffOptions options)
            throws IncompatibleProfilesException {
        return union(base, head, options, true);
    }

    /**
     * As {@link #union(List, List, DiffOptions)}; with {@code allowExact} false the sides' values
     * stay in arrays of doubles even where the run values hold them (tests compare the two).
     */
    static UnionTree union(List<Profile> base, List<Profile> head, DiffOptions options, boolean allowExact)
            throws IncompatibleProfilesException {
        if (base.isEmpty() || head.isEmpty()) {
            throw new IllegalArgumentException("each side needs at least one profile");
        }
        if (options.reversedStacks()) {
            DiffOptions asRecorded = options.withReversedStacks(false);
            DiffTree recorded = diff(base, head, asRecorded);
            return new UnionTree(diff(reversed(base), reversed(head), asRecorded).summarizedBy(recorded));
        }
        List<Profile> all = new ArrayList<>(base);
        all.addAll(head);
        ValueType type = chooseValueType(all, options);
        ValueType countType = sampleCountType(type, all);
        NoiseModel model = options.noiseModel().orElse(
                type.isSampleCount() ? NoiseModel.POISSON
                        : countType != null ? NoiseModel.COMPOUND_POISSON
                        : sampled(all) ? NoiseModel.POISSON : NoiseModel.EXACT);
        if (model == NoiseModel.COMPOUND_POISSON && countType == null) {
            // Without per-node sample counts the best available guess is one sample per unit.
            model = NoiseModel.POISSON;
        }
        return new UnionTreeMerger(base, head, type, countType, model, options, allowExact).merge();
    }

    /**
     * The formats whose values come from a sampling profiler even when no sample count is beside
     * them: pprof's {@code allocations/bytes} or {@code cpu/nanoseconds} alone, as async-profiler's
     * converter writes them with {@code --total}. Judged as one sample per unit, as the same
     * numbers in a collapsed file are; taken for exact values, two runs of one program had read
     * "+15.6% (exact counts)". Callgrind's counts, and weights whose source is not known to
     * sample, stay exact.
     */
    private static final java.util.Set<String> SAMPLING_FORMATS = java.util.Set.of("pprof");

    private static boolean sampled(List<Profile> all) {
        return all.stream().allMatch(p -> SAMPLING_FORMATS.contains(p.metadata().format()));
    }

    private static List<Profile> reversed(List<Profile> profiles) {
        return profiles.stream().map(StackReverser::reverse).toList();
    }

    /**
     * Returns the sample-count value type that every profile carries next to a weighted value type
     * (the number of samples behind the nanoseconds or bytes), or null if there is none.
     */
    private static ValueType sampleCountType(ValueType type, List<Profile> all) {
        if (type.isSampleCount()) {
            return null;
        }
        for (ValueType candidate : all.get(0).valueTypes()) {
            if (candidate.isSampleCount()
                    && all.stream().allMatch(p -> p.tree().valueIndex(candidate) >= 0)) {
                return candidate;
            }
        }
        return null;
    }

    private static ValueType chooseValueType(List<Profile> all, DiffOptions options)
            throws IncompatibleProfilesException {
        if (options.valueType().isPresent()) {
            ValueType wanted = options.valueType().get();
            for (Profile p : all) {
                if (p.tree().valueIndex(wanted) < 0) {
                    throw new IncompatibleProfilesException("has no " + wanted + " values (it has "
                            + p.valueTypes() + ")", p.metadata().source(), p.metadata().format(), null, null);
                }
            }
            return wanted;
        }
        outer:
        for (ValueType candidate : all.get(0).valueTypes()) {
            for (Profile p : all) {
                if (p.tree().valueIndex(candidate) < 0) {
                    continue outer;
                }
            }
            return candidate;
        }
        throw new IncompatibleProfilesException("base and head measure different things ("
                + all.get(0).valueTypes() + " vs " + all.get(all.size() - 1).valueTypes() + ")");
    }
}
