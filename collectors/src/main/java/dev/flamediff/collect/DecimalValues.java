package dev.flamediff.collect;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.List;

/**
 * Brings profiles to common decimals before they are diffed: a value type with fractions (see
 * {@link ValueType#decimals()}) and the same kind and unit with fewer or none are different types
 * to a diff, so a fractional collapsed file diffed against a whole-numbered one needs the whole
 * one in the finer unit too.
 */
public final class DecimalValues {

    private DecimalValues() {
    }

    /**
     * Returns the profiles, each value type raised to the most decimals any profile has for that
     * kind and unit; profiles that need no change are returned as they are.
     *
     * @throws ArithmeticException if a value no longer fits a long in the finer unit
     */
    public static List<Profile> align(List<Profile> profiles) {
        List<ValueType> finest = new ArrayList<>();
        for (Profile p : profiles) {
            for (ValueType t : p.valueTypes()) {
                int at = indexOfKind(finest, t);
                if (at < 0) {
                    finest.add(t);
                } else if (t.decimals() > finest.get(at).decimals()) {
                    finest.set(at, t);
                }
            }
        }
        List<Profile> out = new ArrayList<>();
        for (Profile p : profiles) {
            out.add(raise(p, finest));
        }
        return out;
    }

    private static Profile raise(Profile profile, List<ValueType> finest) {
        List<ValueType> types = new ArrayList<>();
        boolean changed = false;
        for (ValueType t : profile.valueTypes()) {
            ValueType wanted = finest.get(indexOfKind(finest, t));
            types.add(wanted);
            changed |= wanted.decimals() != t.decimals();
        }
        if (!changed) {
            return profile;
        }
        CallTree tree = profile.tree();
        int[] indexes = new int[types.size()];
        for (int v = 0; v < indexes.length; v++) {
            indexes[v] = v;
        }
        CallTree copy = TreeRewrite.copy(tree, indexes, types, (t, node, parent) -> TreeRewrite.Move.KEEP,
                new long[indexes.length]);
        return new Profile(copy, profile.metadata());
    }

    private static int indexOfKind(List<ValueType> types, ValueType t) {
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i).kind().equals(t.kind()) && types.get(i).unit().equals(t.unit())) {
                return i;
            }
        }
        return -1;
    }
}
