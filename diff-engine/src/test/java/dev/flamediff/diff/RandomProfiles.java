package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.testkit.FoldedProfiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded random profiles for the law tests, each kept beside its stacks as a plain map so the
 * tests can compute expected values without going through the code under test.
 */
final class RandomProfiles {

    /** A profile and the stacks (root-side first) it was built from, duplicates summed. */
    record Sample(Profile profile, Map<List<Frame>, Long> stacks) {
    }

    /** A small alphabet so that random stacks share prefixes and base and head overlap. */
    private static final String[] NAMES = {
        "main", "run", "parse", "parse records", "sort", "a", "b", "c", "Busy$$Lambda.run", "",
    };

    private RandomProfiles() {
    }

    /** Returns a random profile with the {@link ValueType#SAMPLES} value type. */
    static Sample sample(Random random, String source) {
        return sample(random, source, 1 + random.nextInt(40), 1 + random.nextInt(8));
    }

    /**
     * Returns a random profile of up to {@code stacks} stacks (some repeated), each up to
     * {@code maxDepth} frames deep, with counts of at least 1.
     */
    static Sample sample(Random random, String source, int stacks, int maxDepth) {
        Map<List<Frame>, Long> map = new LinkedHashMap<>();
        List<List<Frame>> made = new ArrayList<>();
        for (int s = 0; s < stacks; s++) {
            List<Frame> stack;
            if (!made.isEmpty() && random.nextInt(5) == 0) {
                stack = made.get(random.nextInt(made.size()));
            } else {
                stack = new ArrayList<>();
                int depth = 1 + random.nextInt(maxDepth);
                for (int d = 0; d < depth; d++) {
                    stack.add(randomFrame(random));
                }
                stack = List.copyOf(stack);
                made.add(stack);
            }
            map.merge(stack, 1L + random.nextInt(100), Long::sum);
        }
        return new Sample(build(map, source, List.of(ValueType.SAMPLES)), map);
    }

    private static final FrameKind[] MATCH_GROUP_KINDS = {FrameKind.UNKNOWN, FrameKind.KERNEL, FrameKind.THREAD};

    static Frame randomFrame(Random random) {
        String name = NAMES[random.nextInt(NAMES.length)];
        // Kinds from distinct match groups only, so exact-path laws hold; kinds that merge
        // across profiles are covered by FrameKindMatchingTest.
        FrameKind kind = random.nextInt(4) == 0
                ? MATCH_GROUP_KINDS[random.nextInt(MATCH_GROUP_KINDS.length)] : FrameKind.UNKNOWN;
        return new Frame(name, kind);
    }

    /** Builds a profile whose every value type gets the stack's count (times its index + 1). */
    static Profile build(Map<List<Frame>, Long> stacks, String source, List<ValueType> types) {
        Map<List<Frame>, long[]> values = new LinkedHashMap<>();
        stacks.forEach((stack, count) -> {
            long[] v = new long[types.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = count * (i + 1);
            }
            values.put(stack, v);
        });
        return FoldedProfiles.of(ProfileMetadata.of(source, "test", "cpu"), types, values);
    }

    /** Returns every path of the stacks (each stack and all its prefixes, the empty root path included). */
    static java.util.Set<List<Frame>> paths(Map<List<Frame>, Long> stacks) {
        java.util.Set<List<Frame>> out = new java.util.HashSet<>();
        for (List<Frame> stack : stacks.keySet()) {
            for (int i = 0; i <= stack.size(); i++) {
                out.add(stack.subList(0, i));
            }
        }
        return out;
    }

    /** Returns the sum of the counts of the stacks that start with the path: the path's total. */
    static long total(Map<List<Frame>, Long> stacks, List<Frame> path) {
        long sum = 0;
        for (Map.Entry<List<Frame>, Long> e : stacks.entrySet()) {
            List<Frame> s = e.getKey();
            if (s.size() >= path.size() && s.subList(0, path.size()).equals(path)) {
                sum += e.getValue();
            }
        }
        return sum;
    }
}
