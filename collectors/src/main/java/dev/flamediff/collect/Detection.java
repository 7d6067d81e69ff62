package dev.flamediff.collect;

/** A reader's answer to "is this your format?", given the first bytes of an input. */
public enum Detection {
    /** The bytes are in this reader's format. */
    YES,
    /** The bytes are not in this reader's format. */
    NO,
    /** The reader cannot tell yet: ask again with more bytes (if there are more). */
    NEED_MORE
}
