package dev.flamediff.model;

/**
 * How a frame was executing when it was sampled. Readers map their format's own notion
 * (JFR frame types, async-profiler's collapsed suffixes) onto these kinds so that base and head
 * from different formats or writers still line up.
 */
public enum FrameKind {
    /** Kind not known or not recorded by the format. */
    UNKNOWN(""),
    /** Java code run by the interpreter ({@code _[0]}). */
    INTERPRETED("_[0]"),
    /** Java code compiled by C2 / the JIT ({@code _[j]}). */
    JIT("_[j]"),
    /** Java code inlined into its caller ({@code _[i]}). */
    INLINED("_[i]"),
    /** Java code compiled by C1 ({@code _[1]}). */
    C1("_[1]"),
    /** A native (C) function or a Java {@code native} method. */
    NATIVE(""),
    /** A C++ function, typically inside the JVM. */
    CPP(""),
    /** A kernel function ({@code _[k]}). */
    KERNEL("_[k]"),
    /** A synthetic frame naming a thread, placed at the root. */
    THREAD("");

    private final String collapsedSuffix;

    FrameKind(String collapsedSuffix) {
        this.collapsedSuffix = collapsedSuffix;
    }

    /**
     * Returns the suffix async-profiler appends to a frame of this kind in collapsed output with
     * {@code ann}, or the empty string when the kind has none.
     */
    public String collapsedSuffix() {
        return collapsedSuffix;
    }

    /** Returns whether this kind is Java code (interpreted, JIT, inlined or C1). */
    public boolean isJava() {
        return this == INTERPRETED || this == JIT || this == INLINED || this == C1;
    }
}
