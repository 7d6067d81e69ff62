package dev.flamediff.cli;

import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.Renderers;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Chooses the output format and file from {@code -o} and {@code --format} before any input is
 * read, so a typo in a flag costs no parsing time.
 */
final class OutputTargets {

    /** The format written when neither {@code --format} nor an output file name says one. */
    static final String DEFAULT_FORMAT = "svg";

    private OutputTargets() {
    }

    /**
     * Returns the target: {@code --format} wins, then the output file's extension, then
     * {@link #DEFAULT_FORMAT} for standard output ({@code -o -} or no {@code -o}).
     *
     * @throws CliFailure (exit code 2) for an unknown format or a file name that implies none
     */
    static OutputTarget choose(String output, String format) throws CliFailure {
        Optional<Path> file = file(output);
        String name = format;
        if (name == null) {
            if (file.isPresent()) {
                name = Renderers.formatForFileName(file.get().getFileName().toString()).orElseThrow(() ->
                        CliFailure.badInput("cannot tell the output format from the name '" + output
                                + "'; name it ." + String.join(", .", known().split(", "))
                                + " or use --format", null));
            } else {
                name = DEFAULT_FORMAT;
            }
        }
        String chosen = name;
        DiffRenderer renderer = Renderers.byFormat(chosen).orElseThrow(() ->
                CliFailure.badInput("unknown output format '" + chosen + "' (known: " + known() + ")", null));
        return new OutputTarget(renderer, file);
    }

    private static Optional<Path> file(String output) throws CliFailure {
        if (output == null || output.equals("-")) {
            return Optional.empty();
        }
        Path path;
        try {
            path = Path.of(output);
        } catch (InvalidPathException e) {
            throw CliFailure.badInput(output + ": not a valid file name", e);
        }
        try {
            // A device node, a directory or a link to nothing is refused before any input is read.
            OutputFiles.plan(path);
        } catch (IOException e) {
            throw CliFailure.badInput(output + ": " + IoMessages.reason(e), e);
        }
        return Optional.of(path);
    }

    private static String known() {
        return Renderers.formats().stream().sorted().collect(Collectors.joining(", "));
    }
}
