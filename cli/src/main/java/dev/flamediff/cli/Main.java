package dev.flamediff.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import picocli.CommandLine;

/** The {@code flamediff} executable: runs {@link FlamediffCommand} and exits with its code. */
public final class Main {

    /** How long a terminated run gets to stop and clean up before the JVM halts. */
    private static final long TERM_GRACE_MILLIS = 2000;

    private Main() {
    }

    /** Runs the command on the arguments and exits the JVM with its exit code. */
    public static void main(String[] args) {
        // Not System.out: a PrintStream swallows write errors, so "> /dev/full" or a full disk under
        // stdout exited 0 with a cut document.
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        Optional<String> quick = quickAnswer(args);
        if (quick.isPresent()) {
            System.exit(print(quick.get(), stdout));
        }
        CommandLine cli = FlamediffCommand.commandLine(new FlamediffCommand(System.in, stdout));
        Thread main = Thread.currentThread();
        Thread onTerm = new Thread(() -> {
            // SIGTERM or Ctrl-C: interrupt the run, which every stage checks for, and let it delete
            // its temporary files (the stdin spool, a gzip copy, a half-written output) on its way out.
            main.interrupt();
            try {
                main.join(TERM_GRACE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "flamediff-term");
        Runtime.getRuntime().addShutdownHook(onTerm);
        int code = cli.execute(args);
        try {
            Runtime.getRuntime().removeShutdownHook(onTerm);
        } catch (IllegalStateException terminating) {
            // The hook is waiting for this thread to end; exiting here would wait for the hook.
            return;
        }
        System.exit(code);
    }

    /** A bare --version or --help, answered without picocli when it can be (see {@link QuickAnswer}). */
    private static Optional<String> quickAnswer(String[] args) {
        try {
            return QuickAnswer.forProcess(args);
        } catch (IOException | RuntimeException e) {
            // The jar's own resource could not be read: picocli still gives the answer.
            return Optional.empty();
        }
    }

    private static int print(String text, OutputStream stdout) {
        try {
            stdout.write(text.getBytes(StandardCharsets.UTF_8));
            stdout.flush();
            return ExitCodes.OK;
        } catch (IOException e) {
            System.err.println("flamediff: standard output: " + IoMessages.reason(e));
            return ExitCodes.BAD_INPUT;
        }
    }
}
