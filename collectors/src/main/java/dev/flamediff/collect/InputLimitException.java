package dev.flamediff.collect;

import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.ProfileException;
import java.io.IOException;

/**
 * Carries a {@link LimitExceededException}, or a {@link dev.flamediff.model.MalformedProfileException}
 * for damaged gzip data, through stream APIs that can only throw {@link IOException};
 * {@link Profiles} unwraps it.
 */
public final class InputLimitException extends IOException {

    private final transient ProfileException limit;

    /** Wraps the limit problem. */
    public InputLimitException(ProfileException limit) {
        super(limit.getMessage(), limit);
        this.limit = limit;
    }

    /** Returns the problem: a limit, or damaged compressed data. */
    public ProfileException limit() {
        return limit;
    }
}
