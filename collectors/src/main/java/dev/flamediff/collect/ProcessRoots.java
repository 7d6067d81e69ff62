package dev.flamediff.collect;

import dev.flamediff.collect.collapsed.CollapsedReader;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import java.util.Locale;

/**
 * Root frames that name a process by its id, as stackcollapse-perf.pl and inferno's collapse-perf
 * write them with {@code --pid} ({@code myprog-31861}) and {@code --tid}
 * ({@code myprog-31861/31870}), become the process's name alone ({@code myprog}). The ids change
 * from run to run, so base's {@code myprog-31861} and head's {@code myprog-40112} would otherwise
 * be one process gone and another new, and the whole profile would read as changed. Threads of one
 * process named by their ids ({@code --tid}) become one root, as their ids do not match between
 * runs either.
 *
 * <p>Only collapsed stacks are renamed, only when names are normalized, and only when every root
 * is spelled so and some id has three or more digits: a profile whose roots are
 * {@code worker-1} to {@code worker-8} names threads, not processes, and keeps them.
 */
final class ProcessRoots {

    private static final int MIN_ID_DIGITS = 3;

    private ProcessRoots() {
    }

    /** Returns the profile with its process ids taken out of its roots, or the profile itself. */
    static Profile apply(Profile profile, ReadOptions options) {
        if (!options.normalizeNames() || !CollapsedReader.FORMAT.equals(profile.metadata().format())) {
            return profile;
        }
        CallTree tree = profile.tree();
        int roots = 0;
        boolean longId = false;
        String example = null;
        for (int root = tree.firstChild(0); root >= 0; root = tree.nextSibling(root)) {
            String name = tree.frame(root).name();
            int cut = idStart(name);
            if (cut < 0) {
                return profile;
            }
            longId |= idDigits(name, cut) >= MIN_ID_DIGITS;
            if (example == null) {
                example = name;
            }
            roots++;
        }
        if (roots == 0 || !longId) {
            return profile;
        }
        int values = tree.valueTypes().size();
        int[] indexes = new int[values];
        for (int v = 0; v < values; v++) {
            indexes[v] = v;
        }
        TreeRewrite.Naming naming = (t, node) -> {
            Frame frame = t.frame(node);
            return t.parent(node) == 0 ? new Frame(frame.name().substring(0, idStart(frame.name())), frame.kind())
                    : frame;
        };
        CallTree renamed = TreeRewrite.copy(tree, indexes, tree.valueTypes(), (t, node, parent) -> TreeRewrite.Move.KEEP,
                naming, new long[values]);
        String note = String.format(Locale.ROOT, "root frames name processes by their ids (%s, as perf's stack "
                        + "collapsers write them with --pid or --tid), which change from run to run: %s matched "
                        + "by process name (%s)",
                example, roots == 1 ? "the root is" : "its " + roots + " roots are",
                example.substring(0, idStart(example)));
        return new Profile(renamed, profile.metadata().withNote(note));
    }

    /**
     * Returns where {@code -PID} or {@code -PID/TID} starts at the end of a name with something
     * before it, or -1 when the name does not end so.
     */
    static int idStart(String name) {
        int end = name.length();
        int slash = name.lastIndexOf('/');
        if (slash > 0 && digitsBetween(name, slash + 1, end)) {
            end = slash;
        }
        int dash = name.lastIndexOf('-', end - 1);
        return dash > 0 && digitsBetween(name, dash + 1, end) ? dash : -1;
    }

    private static int idDigits(String name, int dash) {
        int i = dash + 1;
        while (i < name.length() && name.charAt(i) >= '0' && name.charAt(i) <= '9') {
            i++;
        }
        return i - dash - 1;
    }

    private static boolean digitsBetween(String s, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
