package dev.flamediff.diff;

import dev.flamediff.model.ValueType;
import java.util.Locale;

/**
 * The words the outputs use for a change of a value type: a time or a count of samples, or of
 * instructions, is slower or faster and "now spent in" its callees; allocated memory allocates
 * more or less, "now allocated in" them; memory in use (pprof's {@code inuse_space}) is held. An
 * allocation diff that read "Slower: {@code normalizeKey} +140%" told a reviewer the wrong thing.
 *
 * @param more the word for a larger value, lower case ("slower")
 * @param less the word for a smaller value ("faster")
 * @param moreIn what a culprit's callees did with a larger value ("now spent in")
 * @param lessIn the same for a smaller value ("less spent in")
 * @param morePaths call paths whose value grew ("Slower call paths")
 * @param lessPaths call paths whose value fell
 * @param moreCounted what a count of larger changes is ("2 slower")
 * @param lessCounted the same for smaller ("1 faster")
 */
public record ChangeWords(String more, String less, String moreIn, String lessIn, String morePaths,
                          String lessPaths, String moreCounted, String lessCounted) {

    public static final ChangeWords TIME = new ChangeWords("slower", "faster", "now spent in", "less spent in",
            "Slower call paths", "Faster call paths", "slower", "faster");
    public static final ChangeWords ALLOCATION = new ChangeWords("allocates more", "allocates less",
            "now allocated in", "less allocated in", "Call paths that allocate more", "Call paths that allocate less",
            "allocating more", "allocating less");
    public static final ChangeWords MEMORY_HELD = new ChangeWords("holds more", "holds less", "now held in",
            "less held in", "Call paths that hold more", "Call paths that hold less", "holding more", "holding less");

    /** Returns the words for the value type: memory for bytes and allocation or in-use kinds, else time. */
    public static ChangeWords of(ValueType type) {
        String kind = type.kind().toLowerCase(Locale.ROOT);
        String unit = type.unit().toLowerCase(Locale.ROOT);
        if (kind.startsWith("inuse") || kind.startsWith("heap") || kind.equals("live")) {
            return MEMORY_HELD;
        }
        if (kind.startsWith("alloc") || kind.contains("malloc") || kind.startsWith("mem") || unit.equals("bytes")) {
            return ALLOCATION;
        }
        return TIME;
    }

    /** Returns the word for a change in the given direction, its first letter upper case when asked. */
    public String of(boolean larger, boolean capital) {
        String word = larger ? more : less;
        return capital ? Character.toUpperCase(word.charAt(0)) + word.substring(1) : word;
    }

    /** Returns where a change in the given direction went ("now spent in"). */
    public String in(boolean larger) {
        return larger ? moreIn : lessIn;
    }
}
