package dev.flamediff.render;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The render stage's entry point: the built-in renderers, by format name or file name. */
public final class Renderers {

    private static final List<DiffRenderer> ALL = List.of(
            new dev.flamediff.render.svg.SvgRenderer(),
            new dev.flamediff.render.json.JsonDiffRenderer(),
            new dev.flamediff.render.markdown.MarkdownRenderer(),
            new dev.flamediff.render.collapsed.CollapsedDiffRenderer(),
            new dev.flamediff.render.png.PngRenderer());

    private Renderers() {
    }

    /** Returns every built-in renderer. */
    public static List<DiffRenderer> all() {
        return ALL;
    }

    /** Returns the renderer of the named format ({@code svg}, {@code json}, {@code collapsed}...). */
    public static Optional<DiffRenderer> byFormat(String format) {
        String f = format.toLowerCase(Locale.ROOT);
        return ALL.stream().filter(r -> r.format().equals(f)).findFirst();
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
