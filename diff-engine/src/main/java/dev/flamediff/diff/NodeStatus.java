package dev.flamediff.diff;

/** Whether a diff node's call path exists in base, head or both. */
public enum NodeStatus {
    /** The path has a value in both profiles. */
    COMMON,
    /** The path has a value only in head: new code, or code newly reached. */
    ADDED,
    /** The path has a value only in base: code no longer reached. */
    REMOVED
}
