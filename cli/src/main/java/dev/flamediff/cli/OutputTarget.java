package dev.flamediff.cli;

import dev.flamediff.render.DiffRenderer;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where and how a run writes its diff.
 *
 * @param renderer the renderer of the chosen format
 * @param file the output file, or empty for standard output
 */
record OutputTarget(DiffRenderer renderer, Optional<Path> file) {

    /** Returns the name the output goes by in messages. */
    String displayName() {
        return file.map(Path::toString).orElse("<stdout>");
    }
}
