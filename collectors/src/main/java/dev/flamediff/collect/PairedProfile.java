package dev.flamediff.collect;

import dev.flamediff.collect.collapsed.CollapsedReader;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.util.List;

/**
 * A 3-column collapsed profile ({@code stack base head}, difffolded.pl's output) holds a base and
 * a head in one file: its tree has the value types {@link CollapsedReader#BASE_COLUMN} and
 * {@link CollapsedReader#HEAD_COLUMN}. This splits it into the two profiles a diff takes, each
 * with {@code samples/count} values (with the column's decimals) and the file's metadata (source
 * and notes included: both sides come from the one file).
 */
public final class PairedProfile {

    private PairedProfile() {
    }

    /** Returns whether the profile is a ready-made pair read from a 3-column file. */
    public static boolean isPair(Profile profile) {
        return profile.tree().valueIndex(CollapsedReader.BASE_COLUMN.withDecimals(decimals(profile, 0))) == 0
                && profile.valueTypes().size() == 2
                && profile.valueTypes().get(1).kind().equals(CollapsedReader.HEAD_COLUMN.kind());
    }

    /**
     * Returns the base side of a pair.
     *
     * @throws IllegalArgumentException if the profile is not a pair
     */
    public static Profile base(Profile pair) {
        return side(pair, 0);
    }

    /**
     * Returns the head side of a pair.
     *
     * @throws IllegalArgumentException if the profile is not a pair
     */
    public static Profile head(Profile pair) {
        return side(pair, 1);
    }

    private static Profile side(Profile pair, int column) {
        if (!isPair(pair)) {
            throw new IllegalArgumentException("not a 3-column profile: " + pair.valueTypes());
        }
        ValueType type = ValueType.SAMPLES.withDecimals(decimals(pair, column));
        CallTree tree = TreeRewrite.copy(pair.tree(), new int[] {column}, List.of(type),
                (t, node, parent) -> TreeRewrite.Move.KEEP, new long[1]);
        return new Profile(tree, pair.metadata());
    }

    private static int decimals(Profile profile, int column) {
        return column < profile.valueTypes().size() ? profile.valueTypes().get(column).decimals() : 0;
    }
}
