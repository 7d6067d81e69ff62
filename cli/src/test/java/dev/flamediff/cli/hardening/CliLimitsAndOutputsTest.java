package dev.flamediff.cli.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.cli.FlamediffCommand;
import dev.flamediff.fixtures.FixtureFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The limit flags reach every reader and fail in one line with exit code 2; outputs are written
 * atomically: a failed run leaves an existing output byte for byte as it was and no temporary
 * file behind, and an output in a missing or unwritable place is one line and exit code 2.
 */
class CliLimitsAndOutputsTest {

    @TempDir
    Path dir;

    record Run(int exitCode, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    static Run run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = FlamediffCommand.commandLine(new FlamediffCommand(new ByteArrayInputStream(new byte[0]),
                new ByteArrayOutputStream()));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(err, true));
        return new Run(cli.execute(args), err.toString());
    }

    static String fixture(String name) {
        return FixtureFiles.path(name).toString();
    }

    @ParameterizedTest(name = "{0} {1} on {2}")
    @CsvSource({
        "--max-depth, 3, collapsed/base.collapsed, deeper",
        "--max-depth, 3, callgrind/callgrind.out.base, deeper",
        "--max-depth, 3, jfr/jdk17-base.jfr, deeper",
        "--max-nodes, 20, collapsed/base.collapsed, nodes",
        "--max-nodes, 20, callgrind/callgrind.out.base-sep, nodes",
        "--max-nodes, 20, jfr/ap17-base.jfr, nodes",
        "--max-bytes, 1000, collapsed/head.collapsed, 1000 bytes",
        "--max-bytes, 1000, callgrind/callgrind.out.head, 1000 bytes",
        "--max-bytes, 1000, jfr/ap25-head.jfr, 1000 bytes",
        "--max-name-length, 8, collapsed/base.collapsed, name",
        "--max-name-length, 8, callgrind/callgrind.out.base, name",
        "--max-name-length, 8, jfr/jdk25-head.jfr, name",
    })
    void everyLimitFlagReachesTheReaders(String flag, String value, String input, String mentions) {
        Run run = run(fixture(input), fixture(input), flag, value, "-o", dir.resolve("out.svg").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString().startsWith("flamediff: ")
                .contains(FixtureFiles.path(input).toString()).contains(mentions);
        assertThat(dir.resolve("out.svg")).doesNotExist();
    }

    @Test
    void theGzipRatioFlagStopsAnInputThatExpandsMore() throws Exception {
        Path gz = dir.resolve("big.collapsed.gz");
        byte[] text = Files.readAllBytes(FixtureFiles.path("collapsed/base.collapsed"));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            for (int i = 0; i < 8; i++) {
                out.write(text);
            }
        }
        Run run = run(gz.toString(), gz.toString(), "--max-gzip-ratio", "3", "-o", dir.resolve("out.json").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString().contains(gz.toString()).contains("gzip");
        assertThat(run(gz.toString(), gz.toString(), "-o", dir.resolve("out.json").toString()).exitCode()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"--max-depth", "--max-nodes", "--max-bytes", "--max-name-length", "--max-gzip-ratio"})
    void aLimitBelowOneIsAUsageError(String flag) {
        Run run = run(fixture("collapsed/base.collapsed"), fixture("collapsed/head.collapsed"), flag, "0");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString().contains(flag);
    }

    @ParameterizedTest
    @ValueSource(strings = {"svg", "json", "collapsed", "md"})
    void aFailedRunLeavesAnExistingOutputUnchanged(String extension) throws Exception {
        Path out = dir.resolve("diff." + extension);
        byte[] before = "the previous diff, which must survive\n".getBytes(StandardCharsets.UTF_8);
        Files.write(out, before);
        Path bad = dir.resolve("bad.collapsed");
        Files.writeString(bad, "main;work 12\nmain;work;parse twelve\n");
        Run run = run(fixture("collapsed/base.collapsed"), bad.toString(), "-o", out.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString().contains(bad.toString()).contains("line 2");
        assertThat(Files.readAllBytes(out)).isEqualTo(before);
        assertThat(filesIn(dir)).containsExactlyInAnyOrder("bad.collapsed", "diff." + extension);
    }

    @Test
    void aSuccessfulRunReplacesTheOutputAndLeavesNoTemporaryFile() throws Exception {
        Path out = dir.resolve("diff.svg");
        Files.writeString(out, "old");
        Run run = run(fixture("collapsed/base.collapsed"), fixture("collapsed/head.collapsed"), "-o", out.toString());
        assertThat(run.exitCode()).isZero();
        assertThat(Files.readString(out)).startsWith("<?xml");
        assertThat(filesIn(dir)).containsExactly("diff.svg");
    }

    @ParameterizedTest(name = "-o {0}")
    @ValueSource(strings = {"missing/folder/out.svg", "regular-file/out.svg", "/proc/flamediff-out.svg", "."})
    void anOutputInAMissingOrUnwritablePlaceIsOneLineAndExitCode2(String target) throws Exception {
        Files.writeString(dir.resolve("regular-file"), "a file, not a folder");
        String path = target.startsWith("/") ? target : dir.resolve(target).toString();
        Run run = run(fixture("collapsed/base.collapsed"), fixture("collapsed/head.collapsed"), "-o", path);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString().startsWith("flamediff: ").contains(path);
        assertThat(filesIn(dir)).containsExactly("regular-file");
    }

    private static List<String> filesIn(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
