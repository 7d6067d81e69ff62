package dev.flamediff.render;

import java.util.Objects;
import java.util.Optional;

/**
 * How to render a diff. Renderers ignore the options that do not apply to them.
 *
 * @param title the graph's title; empty for the default ("Differential flame graph")
 * @param minWidth frames narrower than this many pixels (of a 1200-pixel-wide graph) are merged
 *     into one elided frame per parent; default 0.1, as in flamegraph.pl
 * @param widthMode what a frame's width stands for in graphical outputs; default
 *     {@link WidthMode#UNION}
 * @param colorBy which delta colors a frame; default {@link ColorBy#TOTAL}
 * @param palette the colors of regressions and improvements; default {@link Palette#RED_BLUE}
 * @param inverted draw an icicle graph (root at the top) instead of a flame graph (root at the
 *     bottom); default true: with the root at the top the first screen always holds the root and
 *     the frames under it, whatever the depth of the deepest stack (measured on the fixture pairs in
 *     the module's README)
 * @param maxFrames the most frames a graphical output draws; when more would be drawn, the minimum
 *     width is raised until they fit (the root and one elided frame are always drawn); default
 *     {@value #DEFAULT_MAX_FRAMES}, which keeps an SVG under about 5 MB
 * @param report the Markdown report's links and listing threshold; default {@link ReportOptions#DEFAULT}
 */
public record RenderOptions(Optional<String> title, double minWidth, WidthMode widthMode,
                            ColorBy colorBy, Palette palette, boolean inverted, int maxFrames,
                            ReportOptions report) {

    /**
     * The default cap on drawn frames. A drawn frame takes 300 to 450 bytes (its tooltip repeats
     * the name): 12,000 frames of deep async-profiler stacks made a 5.3 MB SVG, 10,000 stay under
     * 5 MB.
     */
    public static final int DEFAULT_MAX_FRAMES = 10_000;

    /** The defaults described on each component. */
    public static final RenderOptions DEFAULT = new RenderOptions(Optional.empty(), 0.1);

    /** What a frame's width is proportional to. */
    public enum WidthMode {
        /**
         * The sum over the frame's subtree of max(base self, head self): at least the base and the
         * head total of every frame, so removed and added frames both stay visible, and additive,
         * so children always nest inside their parent. The default.
         */
        UNION,
        /** The head total: head's own flame graph; frames only in base get no width. */
        HEAD,
        /** The base total: base's own flame graph; frames only in head get no width. */
        BASE,
        /** Base total plus head total: both runs side by side in one width. */
        SUM,
        /** The sum over the subtree of |head self - base self|: only what changed takes space. */
        CHANGES
    }

    /** Which delta sets a frame's color. */
    public enum ColorBy {
        /** The total (inclusive) delta: a caller is as red as the slowdown below it. The default. */
        TOTAL,
        /** The self (exclusive) delta: only the frames whose own code changed are colored. */
        SELF
    }

    /** The colors for regressions and improvements. */
    public enum Palette {
        /** Red regressions, blue improvements. The default. */
        RED_BLUE,
        /** Orange regressions, purple improvements: distinguishable with every common color-vision deficiency. */
        COLOR_BLIND
    }

    /** Checks for nulls and a non-negative width. */
    public RenderOptions {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(widthMode, "widthMode");
        Objects.requireNonNull(colorBy, "colorBy");
        Objects.requireNonNull(palette, "palette");
        Objects.requireNonNull(report, "report");
        if (!(minWidth >= 0)) {
            throw new IllegalArgumentException("minWidth must be >= 0");
        }
        if (maxFrames < 1) {
            throw new IllegalArgumentException("maxFrames must be >= 1");
        }
    }

    /** Creates options with the given title and minimum width and every other option at its default. */
    public RenderOptions(Optional<String> title, double minWidth) {
        this(title, minWidth, WidthMode.UNION, ColorBy.TOTAL, Palette.RED_BLUE, true, DEFAULT_MAX_FRAMES, ReportOptions.DEFAULT);
    }

    public RenderOptions withTitle(String value) {
        return new RenderOptions(Optional.ofNullable(value), minWidth, widthMode, colorBy, palette, inverted, maxFrames, report);
    }

    public RenderOptions withMinWidth(double value) {
        return new RenderOptions(title, value, widthMode, colorBy, palette, inverted, maxFrames, report);
    }

    /** Returns a copy with the given width mode. */
    public RenderOptions withWidthMode(WidthMode value) {
        return new RenderOptions(title, minWidth, value, colorBy, palette, inverted, maxFrames, report);
    }

    /** Returns a copy with the given color mode. */
    public RenderOptions withColorBy(ColorBy value) {
        return new RenderOptions(title, minWidth, widthMode, value, palette, inverted, maxFrames, report);
    }

    /** Returns a copy with the given palette. */
    public RenderOptions withPalette(Palette value) {
        return new RenderOptions(title, minWidth, widthMode, colorBy, value, inverted, maxFrames, report);
    }

    /** Returns a copy with the given frame cap. */
    public RenderOptions withMaxFrames(int value) {
        return new RenderOptions(title, minWidth, widthMode, colorBy, palette, inverted, value, report);
    }

    /** Returns a copy with the given report options. */
    public RenderOptions withReport(ReportOptions value) {
        return new RenderOptions(title, minWidth, widthMode, colorBy, palette, inverted, maxFrames, value);
    }

    /** Returns a copy with the given orientation (true: icicle, root at the top; false: flame, root at the bottom). */
    public RenderOptions withInverted(boolean value) {
        return new RenderOptions(title, minWidth, widthMode, colorBy, palette, value, maxFrames, report);
    }
}
