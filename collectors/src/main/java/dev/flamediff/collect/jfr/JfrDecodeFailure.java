package dev.flamediff.collect.jfr;

import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import java.io.InterruptedIOException;

/**
 * The error of a chunk a parser could not decode: one line naming the chunk and its first byte,
 * worded the same whichever of the three parsers failed.
 */
final class JfrDecodeFailure {

    private JfrDecodeFailure() {
    }

    /**
     * Returns the error for what a parser threw while decoding the chunk, naming the exception
     * and its message.
     *
     * @throws InterruptedIOException instead, when the thread was interrupted: a file channel
     *     read on an interrupted thread fails with ClosedByInterruptException, and the JDK's
     *     constant-pool reads with an error, when the interrupt closes their channel
     */
    static MalformedProfileException thrown(Throwable e, int number, JfrChunk chunk, String source)
            throws InterruptedIOException {
        if (Thread.currentThread().isInterrupted()) {
            throw ReadInterrupts.interrupted(source);
        }
        String what = e.getMessage() == null ? e.getClass().getSimpleName()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
        return because(what, number, chunk, source, e);
    }

    /** Returns the error "cannot decode chunk N (why)" at the chunk's first byte. */
    static MalformedProfileException because(String why, int number, JfrChunk chunk, String source, Throwable cause) {
        return new MalformedProfileException("cannot decode chunk " + number + " (" + why + ")", source,
                JfrProfileReader.FORMAT, Position.offset(chunk.offset()), cause);
    }
}
