package dev.flamediff.diff;

import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;

/**
 * Which frames of different profiles are one frame of the diff. Kinds that only say how a method
 * ran (interpreted, JIT, inlined, C1) or that a format does not record (unknown, native, C++) do
 * not split a frame, so a method JIT-compiled in one run and interpreted in the next, or read from
 * two formats, is one frame; kernel and thread frames match only their own kind. With exact frame
 * kinds the whole frame, name and kind, must match.
 */
final class FrameMatch {

    private FrameMatch() {
    }

    /**
     * Orders frames by the key they are matched on: the name, then the kind's match group; 0 for
     * frames that match.
     */
    static int compareKey(Frame a, Frame b) {
        int byName = a.name().compareTo(b.name());
        return byName != 0 ? byName : Integer.compare(matchGroup(a.kind()), matchGroup(b.kind()));
    }

    /** Orders frames by their key, or by the whole frame when kinds must match exactly. */
    static int compare(Frame a, Frame b, boolean exactFrameKinds) {
        return exactFrameKinds ? a.compareTo(b) : compareKey(a, b);
    }

    /** The kinds that match each other share a group. */
    static int matchGroup(FrameKind kind) {
        return switch (kind) {
            case KERNEL -> 1;
            case THREAD -> 2;
            default -> 0;
        };
    }
}
