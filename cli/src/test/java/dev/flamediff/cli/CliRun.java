package dev.flamediff.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/**
 * One run of the command in-process, with everything it prints captured.
 *
 * @param exitCode what {@code execute} returned
 * @param out text printed through picocli's out writer (help, version)
 * @param err text printed through picocli's err writer (errors, notes, summary)
 * @param stdout bytes written for {@code -o -}
 */
record CliRun(int exitCode, String out, String err, byte[] stdout) {

    /** Runs the command with empty stdin. */
    static CliRun run(String... args) {
        return runWithStdin(new byte[0], args);
    }

    /** Runs the command with the given bytes as stdin. */
    static CliRun runWithStdin(byte[] stdin, String... args) {
        InputStream in = new ByteArrayInputStream(stdin);
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = FlamediffCommand.commandLine(new FlamediffCommand(in, stdout), args);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new CliRun(code, out.toString(), err.toString(), stdout.toByteArray());
    }

    /** Returns the bytes written to stdout as UTF-8 text. */
    String stdoutText() {
        return new String(stdout, StandardCharsets.UTF_8);
    }

    /** Returns the lines printed on stderr. */
    java.util.List<String> errLines() {
        return err.lines().toList();
    }
}
