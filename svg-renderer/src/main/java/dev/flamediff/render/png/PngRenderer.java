package dev.flamediff.render.png;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.svg.SvgRenderer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.CancellationException;
import org.apache.batik.transcoder.TranscoderException;
import org.apache.batik.transcoder.TranscoderInput;

/**
 * Renders a diff as a PNG image, for pull-request comments and other places that show images
 * only: the SVG renderer's output with the same options, rasterized by Apache Batik at its own
 * size (1200 pixels wide) with scripts off, so the picture is exactly the graph's static view
 * (layout, colors, legend, header; no buttons).
 *
 * <p>Stateless and thread-safe: each call uses its own transcoder.
 */
public final class PngRenderer implements DiffRenderer {

    private final SvgRenderer svg = SvgRenderer.withFixedSize();

    /** Returns {@code png}. */
    @Override
    public String format() {
        return "png";
    }

    /**
     * Writes the PNG image to the stream, which is flushed and left open.
     *
     * @throws IOException if writing fails or Batik cannot rasterize the graph (any error Batik
     *     reports, such as a style it cannot parse, fails the render rather than drawing a
     *     picture that differs from the SVG)
     */
    @Override
    public void render(DiffTree diff, RenderOptions options, OutputStream out) throws IOException {
        ByteArrayOutputStream svgBytes = new ByteArrayOutputStream(1 << 16);
        svg.render(diff, options, svgBytes);
        TranscoderInput input = new TranscoderInput(new ByteArrayInputStream(svgBytes.toByteArray()));
        // A document URI is needed by Batik's loader; a synthetic one keeps relative references
        // (there are none) from resolving against the working directory.
        input.setURI("about:flamediff.svg");
        RenderInterrupts.checkEvery(0);
        byte[] png;
        try {
            png = HaltableRaster.rasterize(input);
        } catch (TranscoderException | RuntimeException e) {
            if (e instanceof CancellationException c) {
                throw c;
            }
            // Batik reports refused loads and its own failures unchecked too.
            throw new IOException("cannot rasterize the graph: " + reason(e), e);
        }
        out.write(png);
        out.flush();
    }

    /** Returns the first line of the failure's message; Batik often wraps the real one. */
    private static String reason(Exception e) {
        Throwable t = e;
        while (t.getMessage() == null && t instanceof TranscoderException te && te.getException() != null) {
            t = te.getException();
        }
        String m = String.valueOf(t.getMessage()).strip();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
