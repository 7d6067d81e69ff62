package dev.flamediff.render;

import dev.flamediff.diff.CallerChange;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.FunctionDiff;
import dev.flamediff.diff.FunctionTable;
import dev.flamediff.model.Frame;
import java.util.List;
import java.util.Optional;

/**
 * The caller a function's change came from, when one of several carries nearly all of it: a
 * shared helper slower only on the path of the one caller that now hands it four times the
 * data reads "slower on its calls from `Reports.weekly` (1 of 4 callers)", so the report names
 * the caller that changed as well as the helper whose time grew.
 *
 * @param caller the caller's frame
 * @param callers how many functions call it, the dominant one included
 */
public record DominantCaller(Frame caller, int callers) {

    /** The least share of the function's inclusive change the caller carries. */
    public static final double MIN_SHARE = 0.75;

    /** Returns the dominant caller of the function whose frame is {@code frame}, if it has one. */
    public static Optional<DominantCaller> of(DiffTree diff, Frame frame) {
        // The callers of the stacks as recorded: in a --reverse tree a node's parent is its callee.
        FunctionTable table = diff.asRecorded().functions();
        for (int i = 0; i < table.size(); i++) {
            FunctionDiff fn = table.get(i);
            if (fn.frame().equals(frame)) {
                return of(fn, table.callersOf(i));
            }
        }
        return Optional.empty();
    }

    static Optional<DominantCaller> of(FunctionDiff fn, List<CallerChange> callers) {
        // Occurrences with no program frame above (a truncated stack's) name no caller.
        long calling = callers.stream().filter(c -> !c.frame().equals(Frame.ROOT) && (c.base() != 0 || c.head() != 0)).count();
        if (calling < 2 || fn.inclusiveDelta() == 0) {
            return Optional.empty();
        }
        CallerChange top = callers.get(0);
        boolean carries = Math.signum(top.delta()) == Math.signum(fn.inclusiveDelta())
                && Math.abs(top.delta()) >= MIN_SHARE * Math.abs(fn.inclusiveDelta());
        return carries && !top.frame().equals(Frame.ROOT)
                ? Optional.of(new DominantCaller(top.frame(), (int) calling)) : Optional.empty();
    }
}
