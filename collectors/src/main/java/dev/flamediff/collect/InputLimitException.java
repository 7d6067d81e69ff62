package dev.flamediff.collect;

import dev.flamediff.model.LimitExceededException;
import java.io.IOException;

/**
 * Carries a {@link LimitExceededException} through stream APIs that can only throw
 * {@link IOException}; {@link Profiles} unwraps it.
 */
public final class InputLimitException extends IOException {

    private final transient LimitExceededException limit;

    /** Wraps the limit problem. */
    public InputLimitException(LimitExceededException limit) {
        super(limit.getMessage(), limit);
        this.limit = limit;
    }

    /** Returns the limit problem. */
    public LimitExceededException limit() {
        return limit;
    }
}
