package dev.flamediff.cli;

import dev.flamediff.model.Profile;
import java.util.ArrayList;
import java.util.List;

/**
 * Stops a diff whose filters or time window kept nothing on either side: it would compare
 * nothing with nothing, and say so as "no change". One side alone may keep nothing (a filter on
 * code or a thread only head has), and then its note says so.
 */
final class EmptySelection {

    private static final String MARK = " kept none of ";

    private EmptySelection() {
    }

    /** Throws the usage error naming the filters when no profile of either side kept anything. */
    static void check(List<Profile> base, List<Profile> head) throws CliFailure {
        List<String> reasons = new ArrayList<>();
        for (List<Profile> side : List.of(base, head)) {
            for (Profile p : side) {
                if (p.tree().valueTypes().isEmpty() || p.tree().grandTotal(0) != 0) {
                    return;
                }
                p.metadata().notes().stream().filter(n -> n.contains(MARK)).findFirst()
                        .ifPresent(n -> reasons.add(p.metadata().source() + ": " + n));
            }
        }
        if (!reasons.isEmpty()) {
            throw CliFailure.badInput(String.join("; ", reasons), null);
        }
    }
}
