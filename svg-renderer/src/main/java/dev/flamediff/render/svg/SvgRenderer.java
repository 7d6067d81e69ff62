package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
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

    /**
     * The fewest diff nodes whose system frames are found on another thread: some 10 ms of work,
     * below which handing it over would cost more than it saves (everyday diffs stay on one thread).
     */
    static final int PARALLEL_THRESHOLD = 1 << 18;

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
        // The system frames (two passes over every node) and the layout (two walks of every node)
        // do not depend on each other: on a large diff the system frames are found on the common
        // pool meanwhile (a fifth of the SVG's time on a union of 8.6 M nodes).
        Thread caller = Thread.currentThread();
        Future<SystemFrames> background = diff.size() >= PARALLEL_THRESHOLD
                ? ForkJoinPool.commonPool().submit(() -> SystemFrames.of(diff, caller)) : null;
        FlameLayout layout = FlameLayout.of(diff, WidthWeights.of(diff), options);
        SystemFrames system = background == null ? SystemFrames.of(diff) : joined(background);
        XMLStreamWriter xml = new SvgMarkupWriter(out);
        try {
            // flamediff's own writer of the JDK writer's bytes: not whichever StAX implementation
            // the classpath offers, so the bytes do not depend on the host's dependencies.
            new SvgDocumentWriter(diff, options, layout, system, assets, fixedSize).write(xml);
            // The end of the document is written without checks: a render interrupted there must
            // not end as if it had not been.
            RenderInterrupts.checkEvery(0);
            xml.flush();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write the SVG: " + e.getMessage(), e);
        }
    }

    /**
     * The background task's result, or what it threw. Waited for with {@code get}, not {@code
     * join}: {@code join} clears the waiting thread's interrupt until the task is done, so the
     * task could not see the render cancelled meanwhile.
     *
     * @throws CancellationException if the calling thread is interrupted before or while it waits
     *     (the flag stays set, so the task, which checks it, stops too)
     */
    private static SystemFrames joined(Future<SystemFrames> background) {
        try {
            return background.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("the rendering was interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
