package dev.flamediff.testkit;

import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.util.List;
import java.util.Random;

/** Seeded profiles large enough that diffing or rendering them takes seconds, for the cancellation tests. */
public final class LargeProfiles {

    private LargeProfiles() {
    }

    /**
     * A seeded random tree of some 150,000 nodes: 300 names, stacks up to 24 deep, narrow near
     * the root and wide below, so base and head share their callers and differ in their callees.
     */
    public static Profile random(String source, long seed) throws LimitExceededException {
        Random random = new Random(seed);
        CallTreeBuilder builder = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        int[] ids = new int[300];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = builder.frameId(Frame.of("pkg.Class" + (i % 37) + ".method" + i));
        }
        int[] stack = new int[24];
        for (int s = 0; s < 15_000; s++) {
            int depth = 4 + random.nextInt(stack.length - 4);
            for (int d = 0; d < depth; d++) {
                stack[d] = ids[random.nextInt(Math.min(ids.length, 2 + d * d))];
            }
            builder.addStack(stack, depth, 1 + random.nextInt(50));
        }
        return new Profile(builder.build(), ProfileMetadata.of(source, "collapsed", "cpu"));
    }
}
