package dev.flamediff.cli;

import dev.flamediff.suite.AgentLibrary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code flamediff agent-path}: extracts the async-profiler agent bundled with flamediff and
 * prints its path, for {@code java -jar benchmarks.jar -prof "async:libPath=$(flamediff agent-path);output=jfr"}.
 */
final class AgentPathCommand implements Callable<Integer> {

    private final CommandSpec spec = CommandSpec.wrapWithoutInspection(this).name("agent-path")
            .versionProvider(new VersionProvider());
    private final Flags flags = new Flags(spec);

    private final OptionSpec dir = flags.add(Flags.valued("DIR", Path.class, "--dir")
            .description("extract into DIR (default: $XDG_CACHE_HOME/flamediff or ~/.cache/flamediff)"));

    /** Declares the command: its usage text, after its own flag {@code --help} and {@code --version}. */
    AgentPathCommand() {
        flags.addHelpAndVersion();
        spec.usageMessage().description("Prints the path of the async-profiler agent (libasyncProfiler.so) bundled "
                + "with flamediff, extracted for this platform, for JMH's -prof async:libPath=PATH or "
                + "java -agentpath:PATH.");
    }

    /** The command's picocli model. */
    CommandSpec spec() {
        return spec;
    }

    @Override
    public Integer call() {
        try {
            Path given = dir.getValue();
            Path folder = given != null ? given
                    : AgentLibrary.defaultFolder(System.getenv("XDG_CACHE_HOME"), System.getProperty("user.home"));
            spec.commandLine().getOut().println(AgentLibrary.extract(folder));
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        } catch (IOException e) {
            spec.commandLine().getErr().println("flamediff: agent-path: " + IoMessages.reason(e));
            spec.commandLine().getErr().flush();
            return ExitCodes.BAD_INPUT;
        }
    }
}
