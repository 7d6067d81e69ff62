package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the packaged {@code target/flamediff.jar} in its own JVM, as the launcher does: the
 * manifest, the shaded dependencies and the real exit codes and streams.
 */
class FlamediffJarIT {

    private static final Path JAR = Path.of("target", "flamediff.jar");

    @TempDir
    Path dir;

    record Result(int exitCode, String stdout, String stderr) {
    }

    @Test
    void versionComesFromTheManifestBuild() throws Exception {
        Result r = run("--version");
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).startsWith("flamediff 0.").doesNotContain("unknown");
    }

    @Test
    void aBareVersionOrHelpPrintsWhatPicocliPrints() throws Exception {
        // Main answers a bare flag itself (QuickAnswer); with another flag beside it, picocli does.
        for (String flag : List.of("--version", "-V", "--help", "-h")) {
            Result quick = run(flag);
            Result picocli = run("--verbose", flag);
            assertThat(quick.exitCode()).as(flag).isZero();
            assertThat(quick.stderr()).as(flag).isEmpty();
            assertThat(quick.stdout()).as(flag).isNotEmpty().isEqualTo(picocli.stdout());
            assertThat(picocli.exitCode()).as(flag).isZero();
        }
    }

    @Test
    void aBareVersionThatCannotBeWrittenIsAnError() throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toString(), "--version");
        Path stderr = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).redirectOutput(Path.of("/dev/full").toFile())
                .redirectError(stderr.toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).isEqualTo(2);
        assertThat(Files.readString(stderr).lines().toList())
                .containsExactly("flamediff: standard output: no space left on device");
    }

    @Test
    void diffsTheFixturesIntoAnSvg() throws Exception {
        Path out = dir.resolve("diff.svg");
        Result r = run(FixtureFiles.path("collapsed/base.collapsed").toString(),
                FixtureFiles.path("collapsed/head.collapsed").toString(), "-o", out.toString());
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stderr()).contains("base 2030 samples, head 1925 samples");
        assertThat(Files.readString(out)).startsWith("<?xml").contains("parseRecords", "splitWithRegex", "compressBlock");
    }

    @Test
    void badInputIsExitCodeTwoAndOneLine() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.collapsed"), "main;work 3\nmain;idle\n");
        Result r = run(bad.toString(), bad.toString(), "-o", dir.resolve("diff.svg").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.stderr().lines().toList()).containsExactly(
                "flamediff: " + bad + ": collapsed, line 2: no sample count after the last space");
        assertThat(dir.resolve("diff.svg")).doesNotExist();
    }

    @Test
    void runningOutOfHeapIsExitCodeTwoAndOneLine() throws Exception {
        // 200,000 distinct deep stacks a side do not fit a 32 MB heap, wherever it runs out
        // (reading, diffing or rendering): one line, the bad-input code, no output file.
        Path base = distinctStacks(dir.resolve("base.collapsed"), 1);
        Path head = distinctStacks(dir.resolve("head.collapsed"), 2);
        Result r = runWith(List.of("-Xmx32m"), base.toString(), head.toString(), "-o", dir.resolve("diff.svg").toString());
        assertThat(r.exitCode()).as(r.stderr()).isEqualTo(2);
        assertThat(r.stderr().lines().toList()).as(r.stderr()).hasSize(1)
                .allSatisfy(line -> assertThat(line).startsWith("flamediff: ").contains("out of memory", "-Xmx"));
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .containsExactlyInAnyOrder("base.collapsed", "head.collapsed");
        }
    }

    private static Path distinctStacks(Path file, int seed) throws IOException {
        java.util.Random random = new java.util.Random(seed);
        try (var out = Files.newBufferedWriter(file)) {
            for (int i = 0; i < 200_000; i++) {
                out.write("main;run");
                for (int d = 0; d < 12; d++) {
                    out.write(";pkg.Class" + random.nextInt(50) + ".method" + random.nextInt(50));
                }
                out.write(" " + (1 + random.nextInt(5)) + "\n");
            }
        }
        return file;
    }

    @Test
    void dashWritesToStdout() throws Exception {
        Result r = run(FixtureFiles.path("collapsed/base.collapsed").toString(),
                FixtureFiles.path("collapsed/base.collapsed").toString(), "-o", "-", "-f", "collapsed");
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout().lines()).isNotEmpty().allSatisfy(line -> {
            String[] cols = line.split(" ");
            assertThat(cols[cols.length - 1]).isEqualTo(cols[cols.length - 2]);
        });
    }

    private Result run(String... args) throws IOException, InterruptedException {
        return runWith(List.of(), args);
    }

    private Result runWith(List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(JAR.toString());
        command.addAll(List.of(args));
        Path stdout = dir.resolve("stdout.txt");
        Path stderr = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
                .start();
        p.getOutputStream().close();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("flamediff.jar did not finish: " + command);
        }
        Result r = new Result(p.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                Files.readString(stderr, StandardCharsets.UTF_8));
        Files.delete(stdout);
        Files.delete(stderr);
        return r;
    }
}
