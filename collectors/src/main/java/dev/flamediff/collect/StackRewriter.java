package dev.flamediff.collect;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * pprof's answers to frames that one side has and the other lacks near the root (a JDK upgrade
 * that adds {@code Thread.runWith}, reflection through {@code DirectMethodHandleAccessor}):
 * {@code hide} takes the matching frames out of every stack and keeps the rest
 * ({@code -hide}), {@code showFrom} cuts each stack to start at its first frame from the root that
 * matches and drops the stacks without one ({@code -show_from}). Re-rooting comes first, so a
 * hidden frame can still be where a stack starts. Both look at frame names (find semantics).
 */
final class StackRewriter {

    private StackRewriter() {
    }

    /**
     * Returns the profile with the options' hide and show-from patterns applied, with a note for each
     * (show-from's says "kept none" when it dropped every stack of a profile that had samples).
     */
    static Profile apply(Profile profile, ReadOptions options) {
        if (options.hide().isEmpty() && options.showFrom().isEmpty()) {
            return profile;
        }
        CallTree tree = profile.tree();
        Boolean[] hidden = new Boolean[tree.frames().size()];
        Boolean[] start = new Boolean[tree.frames().size()];
        Optional<Pattern> hide = options.hide();
        Optional<Pattern> showFrom = options.showFrom();
        TreeRewrite.Rule rule = (t, node, parent) -> {
            int f = t.frameId(node);
            TreeRewrite.Move move = TreeRewrite.Move.KEEP;
            if (showFrom.isPresent()) {
                boolean started = t.parent(node) != 0 && parent != TreeRewrite.Move.DROP;
                if (!started) {
                    move = matches(showFrom.get(), t, f, start) ? TreeRewrite.Move.ROOT : TreeRewrite.Move.DROP;
                }
            }
            if (move != TreeRewrite.Move.DROP && hide.isPresent() && matches(hide.get(), t, f, hidden)) {
                return TreeRewrite.Move.FOLD;
            }
            return move;
        };
        int values = tree.valueTypes().size();
        int[] indexes = new int[values];
        for (int v = 0; v < values; v++) {
            indexes[v] = v;
        }
        long[] dropped = new long[values];
        CallTree copy = TreeRewrite.copy(tree, indexes, tree.valueTypes(), rule, dropped);
        ProfileMetadata metadata = profile.metadata();
        if (showFrom.isPresent()) {
            if (tree.grandTotal(0) > 0 && copy.grandTotal(0) == 0) {
                metadata = metadata.withNote(StackSelection.note("--show-from " + showFrom.get().pattern(), profile, copy));
            }
            long total = tree.grandTotal(0);
            String share = total == 0 ? "" : String.format(java.util.Locale.ROOT, " (%.1f%% of %s)",
                    100.0 * dropped[0] / total, tree.valueTypes().get(0));
            metadata = metadata.withNote("--show-from " + showFrom.get().pattern() + ": stacks start at their first "
                    + "matching frame; those without one were dropped" + share);
        }
        if (hide.isPresent()) {
            metadata = metadata.withNote("--hide " + hide.get().pattern() + ": matching frames taken out of the stacks");
        }
        return new Profile(copy, metadata);
    }

    private static boolean matches(Pattern pattern, CallTree tree, int frameId, Boolean[] memo) {
        if (memo[frameId] == null) {
            memo[frameId] = pattern.matcher(tree.frames().frame(frameId).name()).find();
        }
        return memo[frameId];
    }
}
