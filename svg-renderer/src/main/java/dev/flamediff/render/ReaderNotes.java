package dev.flamediff.render;

import dev.flamediff.diff.DiffSide;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.model.ProfileMetadata;
import java.util.ArrayList;
import java.util.List;

/**
 * What the readers noticed about the inputs, for the outputs to repeat: the losses (events
 * dropped, a recording cut short, lines skipped) of both sides first, then the other notes
 * (the event read, filters, reconstructed stacks...). Each note is named by its side
 * ({@code head}, {@code base (run2.jfr)} when a side has several runs, {@code base and head} for
 * a note the two sides of one 3-column file share). The notes are the inputs' words, so each output escapes
 * them its own way. Immutable.
 *
 * @param losses the notes that say a part of an input was not read, base's before head's
 * @param others every other note, base's before head's
 */
public record ReaderNotes(List<Note> losses, List<Note> others) {

    /**
     * One note and the side it belongs to.
     *
     * @param side {@code base}, {@code head} or {@code base and head}
     * @param run the run's source when the side has several runs, else empty
     * @param text the reader's words
     */
    public record Note(String side, String run, String text) {

        /** Returns {@code side: text}, or {@code side (run): text}. */
        public String line() {
            return side + (run.isEmpty() ? "" : " (" + run + ")") + ": " + text;
        }
    }

    /** Copies the lists. */
    public ReaderNotes {
        losses = List.copyOf(losses);
        others = List.copyOf(others);
    }

    /** Returns the notes of both sides of the diff. */
    public static ReaderNotes of(DiffTree diff) {
        List<Note> losses = new ArrayList<>();
        List<Note> others = new ArrayList<>();
        DiffSide base = diff.base();
        DiffSide head = diff.head();
        boolean oneFile = base.runs().size() == 1 && head.runs().size() == 1
                && base.runs().get(0).source().equals(head.runs().get(0).source());
        List<String> shared = new ArrayList<>();
        if (oneFile) {
            shared.addAll(base.runs().get(0).notes());
            shared.retainAll(head.runs().get(0).notes());
        }
        add(losses, others, "base", base, shared, "base and head");
        add(losses, others, "head", head, shared, null);
        return new ReaderNotes(losses, others);
    }

    /** Returns whether there is no note at all. */
    public boolean isEmpty() {
        return losses.isEmpty() && others.isEmpty();
    }

    /** Returns every note as {@code side: text}, the losses first. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        losses.forEach(n -> out.add(n.line()));
        others.forEach(n -> out.add(n.line()));
        return out;
    }

    /**
     * Adds a side's notes. A note that both sides of one file share is said once, by base's
     * call, as {@code sharedName}; head's call leaves it out.
     */
    private static void add(List<Note> losses, List<Note> others, String name, DiffSide side, List<String> shared,
                            String sharedName) {
        boolean several = side.runs().size() > 1;
        for (ProfileMetadata run : side.runs()) {
            String source = several ? run.source() : "";
            for (String text : run.notes()) {
                boolean both = shared.contains(text);
                if (both && sharedName == null) {
                    continue;
                }
                (run.isLoss(text) ? losses : others).add(new Note(both ? sharedName : name, source, text));
            }
        }
    }
}
