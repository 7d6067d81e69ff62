package dev.flamediff.model;

import java.util.Comparator;
import java.util.Objects;

/**
 * One frame of a stack: a display name and a kind. Two frames are the same frame when both name
 * and kind are equal. The natural order (name, then kind) is the order children are kept in, so two
 * trees can be merged in one sorted pass whatever ids their frame tables gave the frames.
 *
 * @param name the frame's display name, never null (may be empty)
 * @param kind the frame's kind, never null
 */
public record Frame(String name, FrameKind kind) implements Comparable<Frame> {

    /** The synthetic root frame of every call tree. */
    public static final Frame ROOT = new Frame("all", FrameKind.UNKNOWN);

    private static final Comparator<Frame> ORDER =
            Comparator.comparing(Frame::name).thenComparing(Frame::kind);

    /** Creates a frame; throws {@link NullPointerException} if name or kind is null. */
    public Frame {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }

    /** Creates a frame of unknown kind. */
    public static Frame of(String name) {
        return new Frame(name, FrameKind.UNKNOWN);
    }

    // equals and hashCode written out, with the record's own definitions: the generated ones are
    // bound through invokedynamic on their first call, several milliseconds of a small diff's run.
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Frame f && kind == f.kind && name.equals(f.name);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + kind.hashCode();
    }

    @Override
    public int compareTo(Frame other) {
        return ORDER.compare(this, other);
    }
}
