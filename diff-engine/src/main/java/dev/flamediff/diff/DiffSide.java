package dev.flamediff.diff;

import dev.flamediff.model.ProfileMetadata;
import java.util.List;

/**
 * One side (base or head) of a diff: the profiles it was made from and how it was scaled.
 *
 * @param runs the metadata of each profile on this side, in the order given
 * @param scale the factor every raw value of this side was multiplied by
 * @param total the side's grand total after scaling
 */
public record DiffSide(List<ProfileMetadata> runs, double scale, double total) {

    /** Copies the runs. */
    public DiffSide {
        runs = List.copyOf(runs);
    }

    /** Returns whether any profile of this side was truncated. */
    public boolean truncated() {
        return runs.stream().anyMatch(ProfileMetadata::truncated);
    }

    /** Returns whether any profile of this side has reconstructed (approximate) stacks. */
    public boolean approximate() {
        return runs.stream().anyMatch(ProfileMetadata::approximate);
    }
}
