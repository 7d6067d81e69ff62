package dev.flamediff.cli;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.RenderOptions;
import java.io.IOException;
import java.io.OutputStream;
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

    /**
     * Writes the diff through {@link OutputWriter}: a file atomically (or in place for a device or
     * pipe), standard output once the whole document is rendered.
     *
     * @param limit the most bytes the output may take (--max-output-bytes)
     * @throws CliFailure (exit code 2) naming the output when it cannot be written or is too large
     */
    void write(DiffTree diff, RenderOptions options, OutputStream stdout, long limit) throws CliFailure {
        try {
            new OutputWriter(stdout, limit).write(file, out -> renderer.render(diff, options, out));
        } catch (IOException e) {
            throw CliFailure.badInput(displayName() + ": " + IoMessages.reason(e), e);
        } catch (RuntimeException e) {
            throw CliFailure.badInput(displayName() + ": could not be written (internal error, please report: "
                    + e + ")", e);
        }
    }
}
