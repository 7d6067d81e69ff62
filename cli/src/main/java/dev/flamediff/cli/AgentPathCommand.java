package dev.flamediff.cli;

import dev.flamediff.suite.AgentLibrary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code flamediff agent-path}: extracts the async-profiler agent bundled with flamediff and
 * prints its path, for {@code java -jar benchmarks.jar -prof "async:libPath=$(flamediff agent-path);output=jfr"}.
 */
@Command(name = "agent-path", mixinStandardHelpOptions = true, addMethodSubcommands = false, versionProvider = VersionProvider.class,
        description = {"Prints the path of the async-profiler agent (libasyncProfiler.so) bundled with flamediff, "
                + "extracted for this platform, for JMH's -prof async:libPath=PATH or java -agentpath:PATH."})
final class AgentPathCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "extract into DIR (default: $XDG_CACHE_HOME/flamediff or ~/.cache/flamediff)")
    private Path dir;

    @Override
    public Integer call() {
        try {
            Path folder = dir != null ? dir
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
