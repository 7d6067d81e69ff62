package dev.flamediff.model;

import java.util.List;
import java.util.Objects;

/**
 * One profile: a call tree with its value types, and where it came from. Immutable and safe to
 * share between threads.
 *
 * @param tree the call tree
 * @param metadata where the profile came from
 */
public record Profile(CallTree tree, ProfileMetadata metadata) {

    /** Checks for nulls. */
    public Profile {
        Objects.requireNonNull(tree, "tree");
        Objects.requireNonNull(metadata, "metadata");
    }

    /** Returns the tree's value types. */
    public List<ValueType> valueTypes() {
        return tree.valueTypes();
    }

    /** Returns a copy with other metadata. */
    public Profile withMetadata(ProfileMetadata value) {
        return new Profile(tree, value);
    }
}
