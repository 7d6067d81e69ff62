package dev.flamediff.render;

import dev.flamediff.diff.CalleeChange;
import dev.flamediff.diff.Culprit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The callees the outputs name as where a culprit's change went ("now spent in
 * {@code Pattern.compile} (new)"): of the diff engine's list ({@link Culprit#callees()}), those
 * that moved the culprit's way by at least {@value #MIN_SHARE} of its change, and that are not
 * culprits themselves (their change is theirs, already left out of this one's). A culprit whose
 * change is in its own code names none: a faster loop is not "less spent in" the timer interrupt
 * that happened to land in it.
 */
public final class CulpritCallees {

    /** The least share of the culprit's change a named callee carries. */
    public static final double MIN_SHARE = 0.1;

    private CulpritCallees() {
    }

    /**
     * Returns at most {@code limit} callees that carry the culprit's change, largest first.
     *
     * @param culprit the culprit
     * @param culprits all culprits of the diff, whose functions are not named as callees
     * @param limit how many at most
     */
    public static List<CalleeChange> carrying(Culprit culprit, List<Culprit> culprits, int limit) {
        Set<String> others = new HashSet<>();
        for (Culprit c : culprits) {
            others.add(c.function().frame().name());
        }
        List<CalleeChange> out = new ArrayList<>();
        for (CalleeChange k : culprit.callees()) {
            if (out.size() < limit && Math.signum(k.delta()) == Math.signum(culprit.delta())
                    && Math.abs(k.delta()) >= MIN_SHARE * Math.abs(culprit.delta())
                    && !others.contains(k.frame().name())) {
                out.add(k);
            }
        }
        return out;
    }
}
