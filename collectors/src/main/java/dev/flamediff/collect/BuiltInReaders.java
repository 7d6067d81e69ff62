package dev.flamediff.collect;

import java.util.List;

/** The built-in readers, in the order {@link ReaderRegistry#defaults()} asks them. */
final class BuiltInReaders {

    private BuiltInReaders() {
    }

    /** Formats recognized by a magic number or a fixed header. */
    static List<ProfileReader> binary() {
        return List.of(new dev.flamediff.collect.jfr.JfrProfileReader());
    }

    /** Line-based formats, the most permissive last. */
    static List<ProfileReader> text() {
        return List.of(new dev.flamediff.collect.callgrind.CallgrindReader(),
                new dev.flamediff.collect.collapsed.CollapsedReader());
    }
}
