package dev.flamediff.collect;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * What a stack filter ({@code --include}, {@code --exclude}, {@code --show-from}) kept of a
 * profile: a note with the amounts before and after, which says "kept none" when it kept nothing
 * of a profile that had something. A caller comparing profiles makes that an error when no
 * profile kept anything; one side alone may keep nothing (a filter on code only head runs).
 */
final class StackSelection {

    private StackSelection() {
    }

    /**
     * Returns the note on what the filter kept.
     *
     * @param filter the filter as the user wrote it, such as {@code --include Parser}
     */
    static String note(String filter, Profile before, CallTree after) {
        CallTree tree = before.tree();
        long total = tree.grandTotal(0);
        long kept = after.grandTotal(0);
        ValueType type = tree.valueTypes().get(0);
        if (total > 0 && kept == 0) {
            return filter + " kept none of the profile's " + amount(type, total);
        }
        String share = total == 0 ? "" : String.format(Locale.ROOT, " (%.1f%%)", 100.0 * kept / total);
        return filter + " kept " + amount(type, kept).replaceFirst(" .*", "") + " of " + amount(type, total) + share;
    }

    private static String amount(ValueType type, long stored) {
        String number = type.decimals() == 0 ? String.format(Locale.ROOT, "%,d", stored)
                : BigDecimal.valueOf(stored, type.decimals()).stripTrailingZeros().toPlainString();
        return number + " " + (type.isSampleCount() ? "samples" : type.kind() + " " + type.unit());
    }
}
