package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The suite commands from the packaged jar: the bundled agent and JMH result reading are shaded in. */
class SuiteJarIT {

    private static final Path JAR = Path.of("target", "flamediff.jar");

    @TempDir
    Path dir;

    private Process start(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("java", "-jar", JAR.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(dir.resolve("stderr").toFile()).start();
    }

    @Test
    void agentPathPrintsTheExtractedLibrary() throws Exception {
        Process p = start("agent-path", "--dir", dir.resolve("cache").toString());
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("stderr"))).isZero();
        assertThat(Path.of(out)).exists().hasFileName("libasyncProfiler.so")
                .startsWith(dir.resolve("cache").resolve("async-profiler-4.6"));
    }

    @Test
    void suiteRunsFromTheJar() throws Exception {
        Process p = start("suite", FixtureFiles.path("jmh/base").toString(), FixtureFiles.path("jmh/head").toString(),
                "-o", dir.resolve("out").toString(), "--fail-on-regression", "5");
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(dir.resolve("stderr"));
        assertThat(p.exitValue()).as(err).isEqualTo(1);
        assertThat(err).contains("2 of 3 benchmarks changed: 1 slower, 1 faster");
        assertThat(dir.resolve("out").resolve("report.md")).exists();
    }
}
