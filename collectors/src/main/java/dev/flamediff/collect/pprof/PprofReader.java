package dev.flamediff.collect.pprof;

import dev.flamediff.collect.Detection;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.ProfileReader;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Position;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.util.concurrent.CancellationException;

/**
 * Reads pprof profiles ({@code profile.proto}, usually gzip-compressed), as {@code go tool pprof},
 * async-profiler's converter ({@code jfrconv -o pprof}), Pyroscope and most continuous profilers
 * write them. Every sample type is a value type ({@code samples/count}, {@code cpu/nanoseconds},
 * {@code alloc_space/bytes}...), the profile's default sample type first; a location's inlined
 * functions become frames of their own (kind inlined), outermost first; sample labels are
 * ignored, and a note says so. The message is decoded by the protobuf library from the
 * published {@code profile.proto}, compiled at build time.
 *
 * <p>Stateless: one instance can read many inputs concurrently.
 */
public final class PprofReader implements ProfileReader {

    /** The format's name. */
    public static final String FORMAT = "pprof";

    /** Creates the reader. */
    public PprofReader() {
    }

    /** Returns {@code pprof}. */
    @Override
    public String format() {
        return FORMAT;
    }

    /**
     * Returns YES when the first bytes are fields of a {@code Profile} message with a sample type
     * among them, NO when they cannot be, NEED_MORE when the prefix ends before a sample type does.
     */
    @Override
    public Detection detect(byte[] prefix, int length, boolean complete) {
        return PprofDetector.detect(prefix, length, complete);
    }

    /**
     * Reads the whole profile.
     *
     * @return the profile, one value type per sample type; its event is the first value type's kind
     * @throws MalformedProfileException if the message cannot be decoded, refers to locations,
     *     functions or strings it does not have, has a sample whose values do not match the sample
     *     types, or a negative value
     * @throws dev.flamediff.model.LimitExceededException when a name, the stack depth or the tree
     *     size is over the options' limits
     * @throws dev.flamediff.model.IncompatibleProfilesException when {@code --event} names a sample
     *     type the profile lacks
     * @throws IOException if the input cannot be read
     */
    @Override
    public Profile read(ProfileInput input, ReadOptions options) throws ProfileException, IOException {
        try {
            return new PprofDecoder(input.name(), options).read(input);
        } catch (CancellationException e) {
            throw e; // an interrupt while the tree was built, reported by Profiles.read
        } catch (RuntimeException e) {
            // A bug must not look like a crash to a service reading untrusted uploads.
            throw new MalformedProfileException("cannot read the input: " + e, input.name(), FORMAT,
                    Position.NONE, e);
        }
    }
}
