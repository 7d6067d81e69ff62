package dev.flamediff.model;

/**
 * Turns every stack upside down, leaf first, so a flame graph of the result shows the hot leaf
 * functions at the root with their callers merged above them (async-profiler's {@code --reverse},
 * a "bottom-up" view). Values move with their stacks; totals are unchanged.
 */
public final class StackReverser {

    private StackReverser() {
    }

    /**
     * Returns the profile with each stack reversed; the metadata gains a note saying so.
     *
     * @return a new profile, never null
     */
    public static Profile reverse(Profile profile) {
        CallTree tree = profile.tree();
        int values = tree.valueTypes().size();
        CallTreeBuilder builder = new CallTreeBuilder(tree.valueTypes());
        int[] frames = new int[Math.max(1, tree.maxDepth())];
        long[] self = new long[values];
        try {
            for (int node = 1; node < tree.size(); node++) {
                boolean any = false;
                for (int v = 0; v < values; v++) {
                    self[v] = tree.self(v, node);
                    any |= self[v] != 0;
                }
                if (!any) {
                    continue;
                }
                int length = 0;
                for (int n = node; n > 0; n = tree.parent(n)) {
                    frames[length++] = builder.frameId(tree.frame(n));
                }
                builder.addStack(frames, length, self);
            }
        } catch (LimitExceededException e) {
            // The reversed tree has no more stacks, and none deeper, than the tree it came from.
            throw new IllegalStateException(e);
        }
        return new Profile(builder.build(), profile.metadata().withNote("stacks reversed: leaf frames at the root"));
    }
}
