package dev.flamediff.collect;

import java.util.List;

/** The built-in readers, in the order {@link ReaderRegistry#defaults()} asks them. */
final class BuiltInReaders {

    private BuiltInReaders() {
    }

    /** Formats recognized by a magic number, a fixed header or their binary structure. */
    static List<ProfileReader> binary() {
        return List.of(new dev.flamediff.collect.jfr.JfrProfileReader(), new dev.flamediff.collect.pprof.PprofReader());
    }

    /** Line-based formats, the most permissive last. */
    static List<ProfileReader> text() {
        return List.of(new dev.flamediff.collect.callgrind.CallgrindReader(),
                new dev.flamediff.collect.collapsed.CollapsedReader());
    }
}
