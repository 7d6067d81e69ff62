package dev.flamediff.collect.callgrind;

import dev.flamediff.model.ProfileMetadata;

/** Writes what a reader of the outputs must know about a callgrind profile into its metadata. */
final class CallgrindNotes {

    /** Where the stacks came from. */
    enum Shape {
        /** Read off caller contexts in the names: exact. */
        CONTEXTS,
        /** Reconstructed from the call graph: approximate. */
        CALL_GRAPH,
        /** No calls at all: one frame per function. */
        FLAT
    }

    private CallgrindNotes() {
    }

    /**
     * Returns the metadata: the selected event, approximate or exact stacks (and cut contexts),
     * parts, threads, and where totals: or summary: disagree with the self costs.
     */
    static ProfileMetadata metadata(String source, CallgrindFile file, int[] order, Shape shape, boolean clamped,
                                    int cutContexts) {
        String event = file.events().get(order[0]);
        ProfileMetadata m = ProfileMetadata.of(source, CallgrindReader.FORMAT, event)
                .withApproximate(shape == Shape.CALL_GRAPH);
        m = m.withNote(switch (shape) {
            case CONTEXTS -> "callgrind: stacks read from the caller contexts of the function names "
                    + "(--separate-callers), exact up to the recorded depth";
            case CALL_GRAPH -> "callgrind: approximate stacks, reconstructed from the call graph by proportional "
                    + "expansion; per-function self costs are exact; record with --separate-callers=N for exact stacks";
            case FLAT -> "callgrind: no calls in the file (a cachegrind file?): a flat profile, one frame per function";
        });
        if (file.truncated()) {
            m = m.withTruncated(true).withLoss("callgrind: the file ends before its totals: line (cut short); "
                    + "the costs up to its end were read");
        }
        if (cutContexts > 0) {
            m = m.withNote("callgrind: " + cutContexts + " functions have more callers than the recorded contexts hold; "
                    + "their stacks start at [truncated] and the outermost caller recorded (raise --separate-callers)");
        }
        if (!file.command().isEmpty()) {
            m = m.withNote("callgrind: command " + file.command());
        }
        if (file.parts() > 1) {
            m = m.withNote("callgrind: " + file.parts() + " parts (--combine-dumps) summed");
        }
        if (!file.threads().isEmpty()) {
            m = m.withNote("callgrind: thread " + String.join(", ", file.threads()) + " (--separate-threads)");
        }
        for (int e : order) {
            String name = file.events().get(e);
            long self = file.selfTotals()[e];
            if (file.totals() != null && file.totals()[e] != self) {
                m = m.withNote("callgrind: totals: " + file.totals()[e] + " " + name + " differs from the sum of self costs "
                        + self + ", which is used");
            }
            if (file.summary() != null && file.summary()[e] != self) {
                m = m.withNote("callgrind: summary: " + file.summary()[e] + " " + name
                        + " differs from the sum of self costs " + self + ", which is used");
            }
        }
        if (clamped) {
            m = m.withNote("callgrind: some calls cost more than the functions they call; the excess was taken "
                    + "off the roots so that the total stays the sum of the self costs");
        }
        return m;
    }
}
