package dev.flamediff.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Builds flamediff's picocli command line. Building picocli's model is the largest fixed cost of a
 * small diff, so it builds no more than the arguments can use: every command's model in code, no
 * annotation read ({@link Flags}), and the subcommands only when an argument names one or asks for
 * help ({@link SubcommandUse}).
 */
final class CommandLines {

    private CommandLines() {
    }

    /**
     * Returns the command line of the command for these arguments, whose usage errors are one line
     * on stderr with exit code 2.
     *
     * @param args the arguments to be executed, or null for every subcommand
     */
    static CommandLine of(FlamediffCommand command, String[] args) {
        CommandLine cli = new CommandLine(command.spec());
        if (args == null || SubcommandUse.possible(args)) {
            cli.addSubcommand("suite", new SuiteCommand().spec());
            cli.addSubcommand("agent-path", new AgentPathCommand().spec());
        }
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler(CommandLines::usageError);
        return cli;
    }

    private static int usageError(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println(TerminalText.escape("flamediff: " + e.getMessage().replaceAll("[\\r\\n]+", " ")
                + " (see flamediff --help)"));
        err.flush();
        return ExitCodes.BAD_INPUT;
    }
}
