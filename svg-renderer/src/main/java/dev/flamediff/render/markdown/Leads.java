package dev.flamediff.render.markdown;

import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.render.CulpritCallees;
import java.util.ArrayList;
import java.util.List;

/**
 * The changes the report leads with, read from the diff engine's ranking (renderers never rank on
 * their own): regressions and improvements, largest impact first.
 *
 * @param regressions the leading regressions
 * @param improvements the leading improvements
 */
record Leads(List<Lead> regressions, List<Lead> improvements) {

    /** Callees named per culprit: where its cost went, not a call tree. */
    static final int CALLEES = 3;

    Leads {
        regressions = List.copyOf(regressions);
        improvements = List.copyOf(improvements);
    }

    /**
     * Returns the leads of a summary: the culprit functions, where a change starts, with their
     * callees. Only culprits: a frame whose own time changed while no function did (the JDK's
     * string code that the JIT warmed up earlier in one run) is in the details, not the lead, as
     * the gate judges culprits only.
     */
    static Leads of(DiffSummary summary) {
        List<Culprit> all = new ArrayList<>(summary.culpritRegressions());
        all.addAll(summary.culpritImprovements());
        return new Leads(culprits(summary.culpritRegressions(), all), culprits(summary.culpritImprovements(), all));
    }

    private static List<Lead> culprits(List<Culprit> culprits, List<Culprit> all) {
        return culprits.stream().map(c -> lead(c, all)).toList();
    }

    private static Lead lead(Culprit c, List<Culprit> all) {
        List<Lead.Callee> callees = CulpritCallees.carrying(c, all, CALLEES).stream()
                .map(k -> new Lead.Callee(k.frame(), k.isNew(), k.isGone(), k.base(), k.head()))
                .toList();
        return new Lead(c.function().frame(), c.function().status(), c.base(), c.head(), c.impact(), true, callees);
    }

    /** Returns whether nothing changed significantly. */
    boolean isEmpty() {
        return regressions.isEmpty() && improvements.isEmpty();
    }
}
