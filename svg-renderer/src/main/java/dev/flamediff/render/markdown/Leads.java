package dev.flamediff.render.markdown;

import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.SummaryEntry;
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
     * Returns the leads of a summary: the culprit functions (where a change starts, with their
     * callees) when the diff engine found any, else the frames whose own code changed
     * significantly, summed over their call paths.
     */
    static Leads of(DiffSummary summary) {
        if (!summary.culpritRegressions().isEmpty() || !summary.culpritImprovements().isEmpty()) {
            return new Leads(culprits(summary.culpritRegressions()), culprits(summary.culpritImprovements()));
        }
        return new Leads(self(summary.selfRegressions()), self(summary.selfImprovements()));
    }

    private static List<Lead> culprits(List<Culprit> culprits) {
        return culprits.stream().map(Leads::lead).toList();
    }

    private static Lead lead(Culprit c) {
        // Only the callees that moved with the culprit say where its change went.
        List<Lead.Callee> callees = c.callees().stream()
                .filter(k -> Math.signum(k.delta()) == Math.signum(c.delta()))
                .limit(CALLEES)
                .map(k -> new Lead.Callee(k.frame(), k.isNew(), k.base(), k.head()))
                .toList();
        return new Lead(c.function().frame(), c.base(), c.head(), c.impact(), true, callees);
    }

    private static List<Lead> self(List<SummaryEntry> entries) {
        return entries.stream()
                .map(e -> new Lead(e.frame(), e.base(), e.head(), e.impact(), false, List.of()))
                .toList();
    }

    /** Returns whether nothing changed significantly. */
    boolean isEmpty() {
        return regressions.isEmpty() && improvements.isEmpty();
    }
}
