package dev.flamediff.render.png;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import org.apache.batik.transcoder.TranscoderException;
import org.apache.batik.transcoder.TranscoderInput;
import org.apache.batik.transcoder.TranscoderOutput;
import org.apache.batik.util.HaltingThread;

/**
 * Rasterizes on a thread of Batik's own kind, which Batik's parser, GVT builder and renderer poll
 * ({@link HaltingThread#hasBeenHalted()}) between elements and tiles: the only way to stop it
 * half-way, since it never looks at the interrupt flag. The caller waits; when the caller is
 * interrupted the raster thread is halted, the caller waits for it to end (so no work outlives
 * the call) and gets {@link CancellationException}. The image goes into a buffer of its own and
 * reaches the caller's stream only when whole.
 */
final class HaltableRaster {

    private HaltableRaster() {
    }

    /**
     * Returns the PNG bytes of the SVG document.
     *
     * @throws TranscoderException if Batik fails
     * @throws CancellationException if the calling thread is interrupted; its flag stays set
     */
    static byte[] rasterize(TranscoderInput input) throws TranscoderException {
        ByteArrayOutputStream png = new ByteArrayOutputStream(1 << 16);
        Throwable[] failed = new Throwable[1];
        HaltingThread worker = new HaltingThread(() -> {
            try {
                new StaticSvgTranscoder().transcode(input, new TranscoderOutput(png));
            } catch (TranscoderException | RuntimeException | Error e) {
                failed[0] = e;
            }
        }, "flamediff-png");
        worker.setDaemon(true);
        worker.start();
        boolean interrupted = false;
        while (true) {
            try {
                worker.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
                worker.halt();
            }
        }
        if (interrupted || Thread.currentThread().isInterrupted()) {
            Thread.currentThread().interrupt();
            throw new CancellationException("the rendering was interrupted");
        }
        // join() orders the worker's writes before these reads.
        if (failed[0] instanceof TranscoderException te) {
            throw te;
        }
        if (failed[0] instanceof RuntimeException re) {
            throw re;
        }
        if (failed[0] instanceof Error err) {
            throw err;
        }
        return png.toByteArray();
    }
}
