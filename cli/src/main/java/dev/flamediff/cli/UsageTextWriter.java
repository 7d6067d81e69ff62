package dev.flamediff.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * Run by the build (cli/pom.xml, {@code process-classes}): writes the usage text that
 * {@code flamediff --help} prints when stdout is not a terminal, uncolored and 80 columns wide, as
 * picocli renders it, into the classes that go into the jar, where {@link QuickAnswer} reads it.
 */
public final class UsageTextWriter {

    private UsageTextWriter() {
    }

    /** Writes the usage text into the file {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, usage(), StandardCharsets.UTF_8);
    }

    /** Returns picocli's usage text of the command for a stdout that is not a terminal. */
    static String usage() {
        CommandLine cli = FlamediffCommand.commandLine(
                new FlamediffCommand(InputStream.nullInputStream(), OutputStream.nullOutputStream()));
        // The width picocli uses whenever stdout is not a terminal, even if the build runs in one.
        cli.setUsageHelpAutoWidth(false);
        return cli.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }
}
