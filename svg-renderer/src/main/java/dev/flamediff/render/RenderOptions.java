package dev.flamediff.render;

import java.util.Objects;
import java.util.Optional;

/**
 * How to render a diff. Renderers ignore the options that do not apply to them.
 *
 * @param title the graph's title; empty for the default ("Differential flame graph")
 * @param minWidth frames narrower than this many pixels (of a 1200-pixel-wide graph) are merged
 *     into one elided frame per parent; default 0.1, as in flamegraph.pl
 */
public record RenderOptions(Optional<String> title, double minWidth) {

    /** The defaults described on each component. */
    public static final RenderOptions DEFAULT = new RenderOptions(Optional.empty(), 0.1);

    /** Checks for nulls and a non-negative width. */
    public RenderOptions {
        Objects.requireNonNull(title, "title");
        if (!(minWidth >= 0)) {
            throw new IllegalArgumentException("minWidth must be >= 0");
        }
    }

    public RenderOptions withTitle(String value) {
        return new RenderOptions(Optional.ofNullable(value), minWidth);
    }

    public RenderOptions withMinWidth(double value) {
        return new RenderOptions(title, value);
    }
}
