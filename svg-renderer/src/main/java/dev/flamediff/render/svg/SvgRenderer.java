package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions;
import java.io.IOException;
import java.io.OutputStream;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Renders a diff as an interactive differential flame graph (SVG 1.1 with an embedded script):
 * widths by {@link RenderOptions#widthMode()}, colors by {@link RenderOptions#colorBy()} from red
 * (regression) to blue (improvement), added and removed frames in their own styles, a tooltip per
 * frame, click to zoom, regex search, and mode switches. Without the script (an image viewer, a
 * rasterizer) the layout, colors, legend and tooltips still carry the whole information.
 *
 * <p>Stateless and thread-safe; the same diff and options always give byte-identical output.
 */
public final class SvgRenderer implements DiffRenderer {

    private final SvgAssets assets = SvgAssets.load();
    private final boolean fixedSize;

    /** Creates the renderer of the interactive graph, as wide as the window that shows it. */
    public SvgRenderer() {
        this(false);
    }

    private SvgRenderer(boolean fixedSize) {
        this.fixedSize = fixedSize;
    }

    /**
     * Returns a renderer whose documents state their size in pixels (1200 wide) instead of taking
     * the window's width: for rasterizers, which have no window to take it from.
     */
    public static SvgRenderer withFixedSize() {
        return new SvgRenderer(true);
    }

    /** Returns {@code svg}. */
    @Override
    public String format() {
        return "svg";
    }

    /**
     * Writes the graph as UTF-8 to the stream, which is flushed and left open.
     *
     * @throws IOException if writing fails
     */
    @Override
    public void render(DiffTree diff, RenderOptions options, OutputStream out) throws IOException {
        FlameLayout layout = FlameLayout.of(diff, WidthWeights.of(diff), options);
        XMLStreamWriter xml = new SvgMarkupWriter(out);
        try {
            // flamediff's own writer of the JDK writer's bytes: not whichever StAX implementation
            // the classpath offers, so the bytes do not depend on the host's dependencies.
            new SvgDocumentWriter(diff, options, layout, assets, fixedSize).write(xml);
            // The end of the document is written without checks: a render interrupted there must
            // not end as if it had not been.
            RenderInterrupts.checkEvery(0);
            xml.flush();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write the SVG: " + e.getMessage(), e);
        }
    }
}
