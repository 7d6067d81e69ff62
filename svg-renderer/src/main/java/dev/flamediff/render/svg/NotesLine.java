package dev.flamediff.render.svg;

import dev.flamediff.render.ReaderNotes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The header line that repeats what the readers noticed about the inputs. It holds one line of
 * the graph's width, so it is cut; what was lost (events dropped, a recording cut short) leads,
 * for both sides, and when the losses alone do not fit, each keeps a fair share of the line (a
 * loss says its count first), so a long note on one side cannot push the other side's loss out
 * of sight. The whole text is the line's tooltip. Made safe with {@link SafeText}.
 *
 * @param full every note, the losses first, or an empty string when there is none
 * @param shown the part that fits the line
 * @param loss whether a note reports a loss
 */
record NotesLine(String full, String shown, boolean loss) {

    /** The most characters of the line that fit the graph's width in the header's type. */
    static final int MAX_CHARS = 190;
    /**
     * The most characters of the line in the bold type of a loss: Batik's bold letters are wider
     * than the browsers', and 190 of them ran past both edges of the PNG.
     */
    static final int LOSS_MAX_CHARS = 165;

    private static final String PREFIX = "notes: ";
    private static final String SEPARATOR = " \u00b7 ";
    private static final String MORE = "\u2026";

    /**
     * Returns the line of the notes, cut to {@link #MAX_CHARS}, or to {@link #LOSS_MAX_CHARS}
     * when a loss makes it bold.
     */
    static NotesLine of(ReaderNotes notes) {
        return of(notes, notes.losses().isEmpty() ? MAX_CHARS : LOSS_MAX_CHARS);
    }

    static NotesLine of(ReaderNotes notes, int max) {
        if (notes.isEmpty()) {
            return new NotesLine("", "", false);
        }
        List<String> losses = clean(notes.losses());
        List<String> others = clean(notes.others());
        List<String> all = new ArrayList<>(losses);
        all.addAll(others);
        String full = PREFIX + String.join(SEPARATOR, all);
        boolean loss = !losses.isEmpty();
        if (full.length() <= max) {
            return new NotesLine(full, full, loss);
        }
        int budget = max - PREFIX.length();
        String lost = String.join(SEPARATOR, losses);
        if (lost.length() > budget) {
            return new NotesLine(full, PREFIX + String.join(SEPARATOR, shares(losses, budget)), loss);
        }
        // The losses fit whole; the other notes fill what is left.
        String rest = String.join(SEPARATOR, others);
        int room = budget - lost.length() - (losses.isEmpty() ? 0 : SEPARATOR.length());
        String shown = lost + (losses.isEmpty() ? "" : SEPARATOR) + cut(rest, Math.max(room, MORE.length()));
        return new NotesLine(full, PREFIX + shown, loss);
    }

    /**
     * Returns each note cut to its share of {@code budget} characters (separators included): a
     * share that a short note leaves unused goes to the longer ones.
     */
    static List<String> shares(List<String> notes, int budget) {
        int n = notes.size();
        int room = Math.max(n, budget - SEPARATOR.length() * (n - 1));
        Integer[] byLength = new Integer[n];
        for (int i = 0; i < n; i++) {
            byLength[i] = i;
        }
        Arrays.sort(byLength, (a, b) -> Integer.compare(notes.get(a).length(), notes.get(b).length()));
        int[] keep = new int[n];
        for (int k = 0; k < n; k++) {
            int i = byLength[k];
            keep[i] = Math.max(1, Math.min(notes.get(i).length(), room / (n - k)));
            room -= keep[i];
        }
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(cut(notes.get(i), keep[i]));
        }
        return out;
    }

    /** Returns the text cut to {@code max} characters, ending in an ellipsis when cut. */
    static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = Math.max(0, max - MORE.length());
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + MORE;
    }

    private static List<String> clean(List<ReaderNotes.Note> notes) {
        List<String> out = new ArrayList<>(notes.size());
        for (ReaderNotes.Note n : notes) {
            out.add(SafeText.clean(n.line()));
        }
        return out;
    }
}
