package dev.flamediff.collect;

import dev.flamediff.model.Position;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;

/**
 * The read stage's entry point: a file or stream in, a {@link Profile} out, with the format
 * detected from the content, gzip decompressed transparently, and the stack filters of the
 * options applied.
 */
public final class Profiles {

    private Profiles() {
    }

    /**
     * Reads a profile file with the built-in readers.
     *
     * @return the profile, never null
     * @throws ProfileException if the input is not a readable profile, naming file, format and position
     * @throws IOException if the file cannot be read
     * @throws java.io.InterruptedIOException if the thread was interrupted (the read stops within a
     *     few thousand lines or events, and the interrupt flag stays set)
     */
    public static Profile read(Path path, ReadOptions options) throws ProfileException, IOException {
        try (ProfileInput input = ProfileInput.of(path, options.limits())) {
            return read(input, options, ReaderRegistry.defaults());
        } catch (InputLimitException e) {
            throw e.limit().withContext(path.toString(), null, Position.NONE);
        }
    }

    /**
     * Reads a profile from a stream (for example stdin), which is read to its end but not closed.
     *
     * @param name the name used in metadata and error messages, such as {@code -}
     * @return the profile, never null
     * @throws ProfileException if the input is not a readable profile
     * @throws IOException if the stream cannot be read
     * @throws java.io.InterruptedIOException if the thread was interrupted (the interrupt flag stays set)
     */
    public static Profile read(String name, InputStream in, ReadOptions options)
            throws ProfileException, IOException {
        try (ProfileInput input = ProfileInput.of(name, in, options.limits())) {
            return read(input, options, ReaderRegistry.defaults());
        } catch (InputLimitException e) {
            throw e.limit().withContext(name, null, Position.NONE);
        }
    }

    /**
     * Reads an input with the readers of a registry; the caller keeps ownership of the input.
     *
     * @return the profile, never null
     * @throws ProfileException if no reader recognizes the input or the reader rejects it
     * @throws IOException if the input cannot be read
     * @throws java.io.InterruptedIOException if the thread was interrupted (the interrupt flag stays set)
     */
    public static Profile read(ProfileInput input, ReadOptions options, ReaderRegistry registry)
            throws ProfileException, IOException {
        try {
            ProfileReader reader = registry.detect(input);
            Profile profile = StackRewriter.apply(StackFilter.apply(
                    ProcessRoots.apply(reader.read(input, options), options), options), options);
            // A step that noticed nothing (the last part of a tree's build is a few
            // milliseconds without checks) must not return a profile to a cancelled caller.
            ReadInterrupts.check(input.name());
            return profile;
        } catch (InputLimitException e) {
            throw e.limit().withContext(input.name(), null, Position.NONE);
        } catch (InterruptedIOException e) {
            throw e;
        } catch (CancellationException e) {
            // The call tree's builder stops with the model's own exception: the read reports it.
            InterruptedIOException interrupted = ReadInterrupts.interrupted(input.name());
            interrupted.initCause(e);
            throw interrupted;
        } catch (IOException e) {
            // A file channel read on an interrupted thread fails with ClosedByInterruptException.
            if (Thread.currentThread().isInterrupted()) {
                InterruptedIOException interrupted = ReadInterrupts.interrupted(input.name());
                interrupted.initCause(e);
                throw interrupted;
            }
            throw e;
        }
    }
}
