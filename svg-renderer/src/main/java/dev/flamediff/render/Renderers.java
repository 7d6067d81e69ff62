package dev.flamediff.render;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The render stage's entry point: the built-in renderers, by format name or file name.
 *
 * <p>Unlike the readers ({@code ReaderRegistry.of}), renderers need no registry to be extended: an
 * input's format must be detected by asking every reader in turn, while an output's format is
 * chosen by the caller, so a host service with a format of its own implements
 * {@link DiffRenderer} and calls it directly. This class only names the built-in ones for the
 * command line's {@code --format} and {@code -o} extensions.
 */
public final class Renderers {

    /** The built-in formats, in the order {@link #all()} lists their renderers. */
    private static final List<String> FORMATS = List.of("svg", "json", "markdown", "collapsed", "png");

    private Renderers() {
    }

    /** Returns every built-in renderer. */
    public static List<DiffRenderer> all() {
        return FORMATS.stream().map(Renderers::create).toList();
    }

    /**
     * Returns the renderer of the named format ({@code svg}, {@code json}, {@code collapsed}...).
     * Only that renderer is made, so an SVG run loads neither Jackson nor Batik.
     */
    public static Optional<DiffRenderer> byFormat(String format) {
        String f = format.toLowerCase(Locale.ROOT);
        return FORMATS.contains(f) ? Optional.of(create(f)) : Optional.empty();
    }

    /** Returns the names of the built-in formats. */
    public static List<String> formats() {
        return FORMATS;
    }

    private static DiffRenderer create(String format) {
        return switch (format) {
            case "svg" -> new dev.flamediff.render.svg.SvgRenderer();
            case "json" -> new dev.flamediff.render.json.JsonDiffRenderer();
            case "markdown" -> new dev.flamediff.render.markdown.MarkdownRenderer();
            case "collapsed" -> new dev.flamediff.render.collapsed.CollapsedDiffRenderer();
            case "png" -> new dev.flamediff.render.png.PngRenderer();
            default -> throw new IllegalArgumentException("no renderer for " + format);
        };
    }

    /**
     * Returns the format implied by a file name's extension ({@code diff.svg} gives {@code svg};
     * {@code .folded} and {@code .txt} give {@code collapsed}), if any.
     */
    public static Optional<String> formatForFileName(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        if (dot < 0) {
            return Optional.empty();
        }
        String ext = name.substring(dot + 1);
        return switch (ext) {
            case "svg", "json", "png" -> Optional.of(ext);
            case "md", "markdown" -> Optional.of("markdown");
            case "collapsed", "folded", "txt" -> Optional.of("collapsed");
            default -> Optional.empty();
        };
    }
}
