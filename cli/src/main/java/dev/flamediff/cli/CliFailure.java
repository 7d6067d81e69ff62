package dev.flamediff.cli;

/**
 * A run that cannot go on, with the one line the user sees on stderr (without the
 * {@code flamediff: } prefix) and the exit code.
 */
final class CliFailure extends Exception {

    private final int exitCode;

    CliFailure(String line, int exitCode, Throwable cause) {
        super(line.replaceAll("[\\r\\n]+", " "), cause);
        this.exitCode = exitCode;
    }

    /** Returns a failure for bad input or usage (exit code 2). */
    static CliFailure badInput(String line, Throwable cause) {
        return new CliFailure(line, ExitCodes.BAD_INPUT, cause);
    }

    /**
     * Returns the failure for a run whose call trees did not fit the heap: one line saying how
     * big the heap was and how to give it more, with the bad-input code (exit 1 means a failed
     * gate, and the input was too big for this heap).
     */
    static CliFailure outOfMemory(OutOfMemoryError cause) {
        return badInput(String.format(java.util.Locale.ROOT,
                "out of memory: the profiles' call trees do not fit the Java heap (%d MB); give the JVM more"
                        + " (java -Xmx8g -jar flamediff.jar, or FLAMEDIFF_JAVA_OPTS=-Xmx8g for the launcher)"
                        + " or read less (--include, --exclude, --event)",
                Runtime.getRuntime().maxMemory() >> 20), cause);
    }

    /**
     * Returns the failure for a reading task that ended with {@code cause}: the cause itself when
     * it is a failure, the out-of-memory line, or "could not read the profiles".
     */
    static CliFailure ofReading(Throwable cause) {
        if (cause instanceof CliFailure failure) {
            return failure;
        }
        if (cause instanceof OutOfMemoryError oom) {
            return outOfMemory(oom);
        }
        return badInput("could not read the profiles: " + cause, cause);
    }

    /** Returns the process exit code for this failure. */
    int exitCode() {
        return exitCode;
    }
}
