package dev.flamediff.suite;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Where a suite's files go: one call per file, by name within the output folder. The command line
 * writes each to a temporary file that replaces the target once complete; a service may keep
 * them in memory or a store.
 */
@FunctionalInterface
public interface SuiteOutput {

    /** Writes the content of one output file. */
    @FunctionalInterface
    interface Content {
        /** Writes everything to the stream, which the caller closes. */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes the file {@code name} (a plain file name, no folders).
     *
     * @throws IOException if it cannot be written
     */
    void write(String name, Content content) throws IOException;
}
