package dev.flamediff.cli;

/** The exit codes of {@code flamediff}, the same as those of other diff and CI tools. */
public final class ExitCodes {

    /** The diff was written. */
    public static final int OK = 0;
    /** A CI gate's threshold was exceeded (the output is still written). */
    public static final int GATE_FAILED = 1;
    /** Bad input, bad usage, or an output that could not be written. */
    public static final int BAD_INPUT = 2;

    private ExitCodes() {
    }
}
