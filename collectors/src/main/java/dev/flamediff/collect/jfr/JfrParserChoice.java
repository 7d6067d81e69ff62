package dev.flamediff.collect.jfr;

import java.util.Locale;
import java.util.Optional;

/**
 * Which parser {@link JfrProfileReader} decodes a recording with ({@code --jfr-parser}). All
 * three give the same trees and notes on the recordings of both writers (the JDK's recorder,
 * async-profiler); the async and JDK parsers are the oracles flamediff's own is tested against.
 */
public enum JfrParserChoice {
    /** The JDK's {@code jdk.jfr.consumer}. */
    JDK,
    /** async-profiler's {@code one.jfr.JfrReader} (jfr-converter). */
    ASYNC,
    /**
     * flamediff's own, which decodes only what a diff needs; the default
     * ({@link JfrProfileReader#DEFAULT_PARSER}).
     */
    FLAMEDIFF;

    /** Returns the name {@code --jfr-parser} takes and the notes print: {@code jdk}, {@code async}, {@code flamediff}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Returns the parser named by {@code --jfr-parser} (case-insensitive), if it is one. */
    public static Optional<JfrParserChoice> byLabel(String label) {
        for (JfrParserChoice c : values()) {
            if (c.label().equalsIgnoreCase(label)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * Makes the parser. Each is made only when asked for: loading the async or JDK parser loads
     * jfr-converter's or the JDK's recording classes, which the other parsers do not need.
     */
    JfrParser create() {
        return switch (this) {
            case JDK -> new JdkJfrParser();
            case ASYNC -> new AsyncJfrParser();
            case FLAMEDIFF -> new FlamediffJfrParser();
        };
    }
}
