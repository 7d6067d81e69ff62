package dev.flamediff.render.svg;

/** The fixed geometry of the graph, shared by the layout, the writer and (as numbers) the script. */
final class SvgGeometry {

    /** The image width in pixels; {@code RenderOptions.minWidth} is measured against it. */
    static final int WIDTH = 1200;
    /** The blank space left and right of the frames. */
    static final int MARGIN = 10;
    /** The width the root frame spans. */
    static final int PLOT_WIDTH = WIDTH - 2 * MARGIN;
    /** The vertical distance between two depths. */
    static final int FRAME_HEIGHT = 16;
    /** The height of a frame's rectangle; one pixel less than the row, so rows stay apart. */
    static final int RECT_HEIGHT = 15;
    /** The label font size in pixels. */
    static final int FONT_SIZE = 12;
    /** The estimated width of one label character, as flamegraph.pl estimates it (0.59 em). */
    static final double CHAR_WIDTH = 0.59 * FONT_SIZE;

    /**
     * The narrowest frame (pixels) that counts as visible: the graph's height is cut below the
     * deepest row holding one, so a 95-frame stack of slivers does not push the page down. Four
     * pixels, the width from which a frame gets its outline and can be pointed at: one sample of
     * the 584-sample fixture recordings is two pixels wide, and a column of those ran 60 rows deep.
     */
    static final double VISIBLE_PX = 4;

    private SvgGeometry() {
    }
}
