package dev.flamediff.render;

import dev.flamediff.diff.DiffTree;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes a {@link DiffTree} in one output format. Implementations hold no mutable state, so one
 * instance can render many diffs concurrently; the same diff and options always give the same
 * bytes.
 */
public interface DiffRenderer {

    /** Returns the format's short name ({@code svg}, {@code json}, {@code collapsed}...). */
    String format();

    /**
     * Returns whether the diff must match frames on name and kind for this format (see
     * {@code DiffOptions.exactFrameKinds()}): true where the output promises a peer's lines, false
     * (the default) where a method interpreted in one run and compiled in the other may be one frame.
     */
    default boolean needsExactFrameKinds() {
        return false;
    }

    /**
     * Writes the diff to the stream, which is flushed but not closed.
     *
     * @throws IOException if writing fails
     * @throws java.util.concurrent.CancellationException if the thread was interrupted (the
     *     writers check every few thousand frames; the interrupt flag stays set)
     */
    void render(DiffTree diff, RenderOptions options, OutputStream out) throws IOException;
}
