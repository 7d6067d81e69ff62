package dev.flamediff.collect;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Profile;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Keeps or drops whole stacks by regular expressions on their frame names, as jfrconv's
 * {@code --include}/{@code --exclude} do: a stack is kept when some frame matches the include
 * pattern (if any) and no frame matches the exclude pattern (if any).
 */
final class StackFilter {

    private StackFilter() {
    }

    /**
     * Returns the profile with the options' include and exclude patterns applied, with a note of
     * what they kept.
     */
    static Profile apply(Profile profile, ReadOptions options) {
        if (options.include().isEmpty() && options.exclude().isEmpty()) {
            return profile;
        }
        CallTree tree = profile.tree();
        int n = tree.size();
        boolean[] included = flags(tree, options.include());
        boolean[] excluded = flags(tree, options.exclude());
        CallTreeBuilder builder = new CallTreeBuilder(tree.valueTypes());
        int[] newId = new int[n];
        Arrays.fill(newId, -1);
        newId[0] = 0;
        int values = tree.valueTypes().size();
        long[] self = new long[values];
        try {
            for (int node = 1; node < n; node++) {
                boolean keep = (options.include().isEmpty() || included[node])
                        && (options.exclude().isEmpty() || !excluded[node]);
                boolean hasSelf = false;
                for (int v = 0; v < values; v++) {
                    self[v] = tree.self(v, node);
                    hasSelf |= self[v] != 0;
                }
                if (keep && hasSelf) {
                    int target = ensure(tree, builder, newId, node);
                    for (int v = 0; v < values; v++) {
                        builder.addSelf(target, v, self[v]);
                    }
                }
            }
        } catch (LimitExceededException e) {
            // The filtered tree is never larger than the one it came from.
            throw new IllegalStateException(e);
        }
        CallTree kept = builder.build();
        String filter = (options.include().map(p -> "--include " + p.pattern()).orElse("") + " "
                + options.exclude().map(p -> "--exclude " + p.pattern()).orElse("")).strip();
        return new Profile(kept, profile.metadata().withNote(StackSelection.note(filter, profile, kept)));
    }

    /** Marks each node whose path from the root has a frame matching the pattern. */
    private static boolean[] flags(CallTree tree, Optional<Pattern> pattern) {
        boolean[] out = new boolean[tree.size()];
        if (pattern.isEmpty()) {
            return out;
        }
        Boolean[] byFrame = new Boolean[tree.frames().size()];
        for (int node = 1; node < tree.size(); node++) {
            int f = tree.frameId(node);
            if (byFrame[f] == null) {
                byFrame[f] = pattern.get().matcher(tree.frames().frame(f).name()).find();
            }
            out[node] = byFrame[f] || out[tree.parent(node)];
        }
        return out;
    }

    private static int ensure(CallTree tree, CallTreeBuilder builder, int[] newId, int node)
            throws LimitExceededException {
        int missing = node;
        int[] chain = new int[tree.depth(node)];
        int len = 0;
        while (newId[missing] < 0) {
            chain[len++] = missing;
            missing = tree.parent(missing);
        }
        for (int i = len - 1; i >= 0; i--) {
            int c = chain[i];
            newId[c] = builder.child(newId[tree.parent(c)], builder.frameId(tree.frame(c)));
        }
        return newId[node];
    }
}
