package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher script at the root ({@code flamediff}) on a copy of the packaged jar: it makes the
 * class-data archive on the first run, uses it afterwards, makes it again when the jar changes,
 * runs without it when it is damaged or switched off, and picks the JIT and collector from the
 * input sizes and kinds. Runs with the JDK running the tests (JDK 17 on CI: an AppCDS archive), and again
 * with a JDK 25 or later where /usr/lib/jvm has one (an AOT cache).
 */
class LauncherIT {

    private static final Path LAUNCHER = Path.of("..", "flamediff").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private Path jar;

    record Result(int exitCode, String stdout, String stderr) {
    }

    @BeforeEach
    void copyTheJar() throws IOException {
        jar = Files.copy(Path.of("target", "flamediff.jar"), dir.resolve("flamediff.jar"));
    }

    @Test
    void makesAnAppCdsArchiveOnTheFirstRunAndStartsFromItAfterwards() throws Exception {
        firstRunMakesTheArchiveAndLaterRunsUseIt(currentJava(), ".jsa");
    }

    @Test
    void makesAnAotCacheOnJdk25AndLater() throws Exception {
        Optional<Path> java = newerJava();
        assumeTrue(java.isPresent(), "no JDK 25 or later under /usr/lib/jvm");
        firstRunMakesTheArchiveAndLaterRunsUseIt(java.get(), ".aot");
    }

    private void firstRunMakesTheArchiveAndLaterRunsUseIt(Path java, String extension) throws Exception {
        Result first = launch(java, Map.of(), "--version");
        assertThat(first.exitCode()).as(first.stderr()).isZero();
        assertThat(first.stdout()).startsWith("flamediff 0.");
        assertThat(first.stderr()).contains("making a class-data archive");
        Path archive = onlyArchive(extension);
        assertThat(Path.of(archive + ".size")).exists();

        // Later runs start from the archive: the command's classes come from it, not the jar.
        Result later = launch(java, Map.of("FLAMEDIFF_JAVA_OPTS", "-Xlog:class+load=info"), "-v", "--version");
        assertThat(later.exitCode()).isZero();
        assertThat(later.stderr()).isEmpty();
        assertThat(later.stdout()).containsPattern("dev\\.flamediff\\.cli\\.FlamediffCommand source: shared objects file");

        // A bare --version, which Main answers itself, and a diff of small inputs into each output
        // format load nothing of flamediff's or its libraries' from the jar: the training covers them.
        assertLoadsNothingFromTheJar(java, "--version");
        assertLoadsNothingFromTheJar(java, "--help");
        for (String format : List.of("svg", "json", "md", "collapsed")) {
            assertLoadsNothingFromTheJar(java, fixture("collapsed/base.collapsed"), fixture("collapsed/head.collapsed"),
                    "-o", dir.resolve("diff." + format).toString());
        }
        assertLoadsNothingFromTheJar(java, fixture("jfr/ap17-base.jfr"), fixture("jfr/ap17-head.jfr"),
                "-o", dir.resolve("ap17.svg").toString());
        assertLoadsNothingFromTheJar(java, fixture("jfr/jdk17-base.jfr"), fixture("jfr/jdk17-head.jfr"),
                "-o", dir.resolve("jdk17.svg").toString());
    }

    private void assertLoadsNothingFromTheJar(Path java, String... args) throws Exception {
        Result r = launch(java, Map.of("FLAMEDIFF_JAVA_OPTS", "-Xlog:class+load=info:file=" + dir.resolve("classes.log")),
                args);
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        List<String> log = Files.readAllLines(dir.resolve("classes.log"));
        assertThat(log).as("class loading of %s", List.of(args)).isNotEmpty()
                .noneMatch(line -> line.contains("source: jar:") || line.contains("source: file:"));
    }

    @Test
    void makesTheArchiveAgainWhenTheJarChanges() throws Exception {
        Path java = currentJava();
        assertThat(launch(java, Map.of(), "--version").exitCode()).isZero();
        Path archive = onlyArchive(".jsa");
        FileTime made = Files.getLastModifiedTime(archive);
        // A rebuilt jar: a later modification time (the JVM too records the jar's in the archive).
        Thread.sleep(1_100);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis()));
        assertThat(Files.getLastModifiedTime(jar)).isGreaterThan(made);

        Result r = launch(java, Map.of("FLAMEDIFF_JAVA_OPTS", "-Xlog:class+load=info"), "-v", "--version");
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stderr()).contains("making a class-data archive");
        assertThat(Files.getLastModifiedTime(archive)).isGreaterThan(Files.getLastModifiedTime(jar));
        assertThat(r.stdout()).containsPattern("dev\\.flamediff\\.cli\\.FlamediffCommand source: shared objects file");
    }

    @Test
    void anArchiveTheJvmCannotUseIsLeftOutSilently() throws Exception {
        Path java = currentJava();
        assertThat(launch(java, Map.of(), "--version").exitCode()).isZero();
        Path archive = onlyArchive(".jsa");
        // Not an archive at all, of the size the launcher recorded: the JVM refuses it.
        byte[] junk = new byte[(int) Files.size(archive)];
        Arrays.fill(junk, (byte) 0x78);
        Files.write(archive, junk);

        Path out = dir.resolve("diff.collapsed");
        Result r = launch(java, Map.of(), fixture("collapsed/base.collapsed"), fixture("collapsed/head.collapsed"),
                "-o", out.toString());
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout()).isEmpty();
        assertThat(r.stderr()).isEqualTo("base 2030 samples, head 1925 samples (-5.2%)\n");
        assertThat(out).isNotEmptyFile();
    }

    @Test
    void aTruncatedArchiveIsMadeAgainNotMapped() throws Exception {
        // A JDK 17 that maps a truncated archive crashes; the launcher sees the size changed.
        Path java = currentJava();
        assertThat(launch(java, Map.of(), "--version").exitCode()).isZero();
        Path archive = onlyArchive(".jsa");
        long size = Files.size(archive);
        try (RandomAccessFile f = new RandomAccessFile(archive.toFile(), "rw")) {
            f.setLength(size / 3);
        }
        Result r = launch(java, Map.of(), "--version");
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout()).startsWith("flamediff 0.");
        assertThat(Files.size(archive)).isGreaterThan(size / 3);
    }

    @Test
    void switchedOffThereIsNoArchive() throws Exception {
        Result r = launch(currentJava(), Map.of("FLAMEDIFF_ARCHIVE", "off"), "--version");
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).startsWith("flamediff 0.");
        assertThat(r.stderr()).isEmpty();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly("flamediff.jar");
        }
    }

    @Test
    void smallInputsRunOnC1AndTheSerialCollectorLargeOnesOnTheParallelCollectorAndC2OnlyWhereItPays()
            throws Exception {
        Map<String, String> env = Map.of("FLAMEDIFF_ARCHIVE", "off", "FLAMEDIFF_JAVA_OPTS", "-XX:+PrintFlagsFinal");
        Path small = Files.writeString(dir.resolve("small.collapsed"), "main;work 3\n");
        Path text = sparse("large.collapsed", new byte[0], 64L << 20);
        Path huge = sparse("huge.collapsed", new byte[0], 1L << 30);
        Path gzip = sparse("large.collapsed.gz", new byte[] {0x1f, (byte) 0x8b, 8, 0}, 64L << 20);
        // async-profiler's recordings: one of small chunks, one whose first chunk is large.
        Path async = jfr("async.jfr", 1L << 20, "jdk.ExecutionSample profiler.WallClockSample profiler.Log");
        Path asyncLarge = jfr("async-large.jfr", 64L << 20, "jdk.ExecutionSample profiler.WallClockSample");
        Path jdk = jfr("jdk.jfr", 64L << 20, "jdk.ExecutionSample jdk.ObjectAllocationSample");
        Path unfinished = sparse("unfinished.jfr", jfrHeader(64L << 20, 0), 64L << 20);

        // --version ends the run before any input is read; the launcher only looks at the files.
        String smallFlags = flags(env, small, small);
        assertThat(flag(smallFlags, "TieredStopAtLevel")).isEqualTo("1");
        assertThat(flag(smallFlags, "UseSerialGC")).isEqualTo("true");
        // Mostly reading, or many short stages of tree work: C1 alone, the parallel collector.
        for (Path input : List.of(text, jdk, asyncLarge)) {
            String f = flags(env, small, input);
            assertThat(flag(f, "TieredStopAtLevel")).as(input.toString()).isEqualTo("1");
            assertThat(flag(f, "UseParallelGC")).as(input.toString()).isEqualTo("true");
        }
        // A long run of decoding events, or one that cannot be told: tiered compilation.
        for (Path input : List.of(huge, gzip, async, unfinished)) {
            String f = flags(env, small, input);
            assertThat(flag(f, "TieredStopAtLevel")).as(input.toString()).isEqualTo("4");
            assertThat(flag(f, "UseParallelGC")).as(input.toString()).isEqualTo("true");
        }
        String stdinFlags = launch(currentJava(), env, "--version", "-", small.toString()).stdout();
        assertThat(flag(stdinFlags, "TieredStopAtLevel")).isEqualTo("4");
        assertThat(flag(stdinFlags, "UseParallelGC")).isEqualTo("true");
        // No transparent huge pages asked for: on some days their first touches cost more than they saved.
        for (String f : List.of(smallFlags, flags(env, small, text), flags(env, small, async), stdinFlags)) {
            assertThat(flag(f, "UseTransparentHugePages")).isEqualTo("false");
        }
        // A young generation of at most 128 MB for a large diff, the collector's own choice for a small one.
        assertThat(flag(smallFlags, "MaxNewSize")).isNotEqualTo(String.valueOf(128L << 20));
        for (String f : List.of(flags(env, small, text), flags(env, small, async), stdinFlags)) {
            assertThat(flag(f, "MaxNewSize")).isEqualTo(String.valueOf(128L << 20));
        }
        // An existing output file is not an input.
        String outputFlags = launch(currentJava(), env, "--version", small.toString(), small.toString(),
                "-o", text.toString()).stdout();
        assertThat(flag(outputFlags, "UseSerialGC")).isEqualTo("true");
    }

    private String flags(Map<String, String> env, Path base, Path head) throws Exception {
        return launch(currentJava(), env, "--version", base.toString(), head.toString()).stdout();
    }

    /** A file of the length whose first bytes are {@code start} and the rest a hole. */
    private Path sparse(String name, byte[] start, long length) throws IOException {
        Path file = dir.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.write(start);
            f.setLength(length);
        }
        return file;
    }

    /**
     * A 64 MB recording whose one chunk's header points at metadata holding the text (the launcher
     * reads nothing else of it), the rest a hole.
     */
    /** A 64 MB recording whose first chunk has the given size and ends in the given metadata. */
    private Path jfr(String name, long chunkSize, String metadata) throws IOException {
        long metadataOffset = chunkSize - 4096;
        Path file = sparse(name, jfrHeader(chunkSize, metadataOffset), 64L << 20);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(metadataOffset);
            f.write(metadata.getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    /** The start of a JFR chunk header: magic, version 2.0, the chunk's size, its pools' and metadata's offsets. */
    private static byte[] jfrHeader(long chunkSize, long metadataOffset) {
        return java.nio.ByteBuffer.allocate(32).put(new byte[] {'F', 'L', 'R', 0, 0, 2, 0, 0})
                .putLong(chunkSize).putLong(68).putLong(metadataOffset).array();
    }

    private static String flag(String printFlagsFinal, String name) {
        return printFlagsFinal.lines()
                .map(String::trim)
                .filter(l -> l.matches("\\S+\\s+" + name + "\\s+=.*"))
                .map(l -> l.replaceAll(".*=\\s*(\\S+).*", "$1"))
                .findFirst().orElseThrow(() -> new AssertionError("no flag " + name));
    }

    private Path onlyArchive(String extension) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> archives = files.filter(f -> f.getFileName().toString().endsWith(extension)).toList();
            assertThat(archives).as("archives next to the jar").hasSize(1);
            assertThat(archives.get(0).getFileName().toString()).startsWith("flamediff.jar-");
            return archives.get(0);
        }
    }

    private static String fixture(String name) {
        return dev.flamediff.fixtures.FixtureFiles.path(name).toString();
    }

    private static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** A JDK 25 or later under /usr/lib/jvm, by its release file. */
    private static Optional<Path> newerJava() throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            return homes.filter(h -> Files.isExecutable(h.resolve("bin/java")))
                    .filter(h -> major(h) >= 25)
                    .max(Comparator.comparingInt(LauncherIT::major))
                    .map(h -> h.resolve("bin/java"));
        }
    }

    private static int major(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    return Integer.parseInt(v.split("[.+-]")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    private Result launch(Path java, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(LAUNCHER.toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().put("FLAMEDIFF_JAR", jar.toString());
        pb.environment().put("FLAMEDIFF_JAVA", java.toString());
        pb.environment().remove("FLAMEDIFF_JAVA_OPTS");
        pb.environment().remove("FLAMEDIFF_ARCHIVE");
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Path stdout = Files.createTempFile(dir, "stdout", ".txt");
        Path stderr = Files.createTempFile(dir, "stderr", ".txt");
        pb.redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("launcher finished").isTrue();
        Result r = new Result(p.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                Files.readString(stderr, StandardCharsets.UTF_8));
        Files.delete(stdout);
        Files.delete(stderr);
        return r;
    }
}
