package dev.flamediff.cli;

import picocli.CommandLine;

/** The {@code flamediff} executable: runs {@link FlamediffCommand} and exits with its code. */
public final class Main {

    private Main() {
    }

    /** Runs the command on the arguments and exits the JVM with its exit code. */
    public static void main(String[] args) {
        CommandLine cli = FlamediffCommand.commandLine(new FlamediffCommand(System.in, System.out));
        System.exit(cli.execute(args));
    }
}
