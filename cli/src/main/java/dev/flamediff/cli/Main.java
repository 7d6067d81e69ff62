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

    /**
     * The value types no option of flamediff's takes, whose picocli converters are left out
     * ({@code picocli.converters.excludes}: comma-separated regular expressions over class names).
     * Written without wildcards or character classes: picocli compiles the expressions once per
     * converter, and those forms of java.util.regex are bound through invokedynamic on first use.
     */
    static final String UNUSED_CONVERTERS = "java\\.time\\.(Duration|Instant|LocalDate|LocalDateTime|LocalTime"
            + "|MonthDay|OffsetDateTime|OffsetTime|Period|Year|YearMonth|ZonedDateTime|ZoneId|ZoneOffset)"
            + "|java\\.sql\\.(Time|Connection|Driver|Timestamp)";

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
        // picocli's default factory looks for Groovy's Closure class on its first use, a search
        // through the whole class path that failed after ~7 ms of every run; flamediff has no Groovy.
        setIfUnset("picocli.disable.closures", "true");
        // Nor does it take a date, a time or a database connection: picocli's converters for those
        // initialize java.time's formatters and java.sql's driver manager, ~12 ms of every run.
        setIfUnset("picocli.converters.excludes", UNUSED_CONVERTERS);
        CommandLine cli = FlamediffCommand.commandLine(new FlamediffCommand(System.in, stdout), args);
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

    private static void setIfUnset(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
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
