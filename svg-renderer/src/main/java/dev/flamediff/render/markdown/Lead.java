package dev.flamediff.render.markdown;

import dev.flamediff.diff.NodeStatus;
import dev.flamediff.model.Frame;
import java.util.List;

/**
 * One change the report leads with: a culprit function with its values and where its new cost
 * went.
 *
 * @param frame the function's frame
 * @param status whether the function ran in base only, head only or both: the whole function's,
 *     not the attributed part's, which can be 0 on one side for a function that still runs (its
 *     change was only the code it no longer calls)
 * @param base the base value of its change (the part the diff engine attributes to it)
 * @param head the head value of that part
 * @param impact its change as a share of the whole base profile
 * @param inclusive whether the values include the callees' (a function's inclusive values) or
 *     are the frame's own code only
 * @param callees the changed callees its cost moved to, largest first (empty when not known)
 */
record Lead(Frame frame, NodeStatus status, double base, double head, double impact, boolean inclusive, List<Callee> callees) {

    /**
     * A callee that carries part of a lead's change.
     *
     * @param frame the callee's frame
     * @param isNew whether the lead did not call it in base
     * @param isGone whether the lead no longer calls it in head
     * @param base the base value of the lead's calls to it
     * @param head the head value of those calls
     */
    record Callee(Frame frame, boolean isNew, boolean isGone, double base, double head) {
    }

    Lead {
        callees = List.copyOf(callees);
    }

    /** Returns whether the function did not run in base. */
    boolean isNew() {
        return status == NodeStatus.ADDED;
    }

    /** Returns whether the function does not run in head. */
    boolean isGone() {
        return status == NodeStatus.REMOVED;
    }
}
