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

    /** Returns the process exit code for this failure. */
    int exitCode() {
        return exitCode;
    }
}
