package dev.flamediff.collect.collapsed;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The lines a lenient read skipped: how many, and the first few line numbers with the reason of
 * the first, so the outputs can say the profile is partial and where to look. Mutable, one per read.
 */
final class BadLines {

    private static final int SHOWN = 5;

    private final List<Long> first = new ArrayList<>();
    private long count;
    private String firstReason;

    void add(long line, String reason) {
        if (count == 0) {
            firstReason = reason;
        }
        count++;
        if (first.size() < SHOWN) {
            first.add(line);
        }
    }

    /** Adds the lines another part of the input skipped, whose line numbers start after {@code lineOffset} lines. */
    void addAll(BadLines later, long lineOffset) {
        if (later.count == 0) {
            return;
        }
        if (count == 0) {
            firstReason = later.firstReason;
        }
        count += later.count;
        for (long line : later.first) {
            if (first.size() < SHOWN) {
                first.add(line + lineOffset);
            }
        }
    }

    long count() {
        return count;
    }

    /** Returns the note for the outputs, for example {@code skipped 2 lines that could not be read (lines 3, 9; line 3: ...)}. */
    String note() {
        String lines = first.stream().map(String::valueOf).collect(Collectors.joining(", "));
        return "skipped " + count + (count == 1 ? " line" : " lines") + " that could not be read ("
                + (count == 1 ? "line " : "lines ") + lines + (count > first.size() ? ", ..." : "")
                + "; line " + first.get(0) + ": " + firstReason + "): the profile is partial";
    }
}
