package dev.flamediff.collect;

import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import java.io.IOException;

/**
 * Reads one input format into a {@link Profile}. Implementations hold no mutable state, so one
 * instance can read many inputs concurrently.
 */
public interface ProfileReader {

    /** Returns the format's short name, as used by {@code --format}-style options and in outputs. */
    String format();

    /**
     * Says whether the input is in this format, from its first bytes (already decompressed).
     *
     * @param prefix the first bytes of the input
     * @param length how many bytes of {@code prefix} are valid
     * @param complete whether those are all the bytes there are
     * @return {@link Detection#NEED_MORE} only when {@code complete} is false
     */
    Detection detect(byte[] prefix, int length, boolean complete);

    /**
     * Reads the whole input.
     *
     * @return the profile, never null; marked truncated when only a part could be read
     * @throws ProfileException if the input is malformed, unsupported or over a limit; the
     *     exception names the input, the format and the position
     * @throws IOException if reading fails for reasons other than the content
     * @throws java.util.concurrent.CancellationException if the thread is interrupted while the
     *     call tree is built (the model's builder stops this way; {@link Profiles#read} reports
     *     it as {@link java.io.InterruptedIOException}, as it does the reader's own checks)
     */
    Profile read(ProfileInput input, ReadOptions options) throws ProfileException, IOException;
}
