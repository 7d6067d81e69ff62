package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Outputs go only where they should: {@code -o} replaced a device node or a symbolic link by a
 * regular file (the atomic rename), write errors on stdout were swallowed (exit 0 under
 * {@code > /dev/full}), an output had no size bound, and temporary files of killed runs stayed.
 */
class OutputPlacesTest {

    @TempDir
    Path dir;

    private static String fixture(String name) {
        return FixtureFiles.path(name).toString();
    }

    private static CliRun diffTo(String output, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(fixture("collapsed/base.collapsed"),
                fixture("collapsed/head.collapsed"), "-o", output));
        args.addAll(List.of(more));
        return CliRun.run(args.toArray(String[]::new));
    }

    @Test
    void aCharacterDeviceIsWrittenInPlaceNotReplaced() throws Exception {
        CliRun run = diffTo("/dev/null", "--format", "svg");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(isCharacterDevice(Path.of("/dev/null"))).isTrue();
    }

    @Test
    void aFullDeviceIsOneLineAndExit2() {
        CliRun run = diffTo("/dev/full", "--format", "json");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: /dev/full: no space left on device");
    }

    @Test
    void aLinkToADeviceKeepsBothTheLinkAndTheDevice() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("out.svg"), Path.of("/dev/null"));
        assertThat(diffTo(link.toString()).exitCode()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(isCharacterDevice(Path.of("/dev/null"))).isTrue();
    }

    @Test
    void aLinkToARegularFileReplacesTheFileAndKeepsTheLink() throws Exception {
        Path real = Files.writeString(dir.resolve("real.svg"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("out.svg"), real);
        assertThat(diffTo(link.toString()).exitCode()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).startsWith("<?xml");
        assertThat(filesIn(dir)).containsExactly("out.svg", "real.svg");
    }

    @Test
    void aLinkToNothingIsRefusedBeforeAnyInputIsRead() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("out.svg"), dir.resolve("missing.svg"));
        CliRun run = CliRun.run("missing-base.collapsed", "missing-head.collapsed", "-o", link.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: " + link + ": is a symbolic link to a file that does"
                + " not exist; name the file itself");
        assertThat(dir.resolve("missing.svg")).doesNotExist();
    }

    @Test
    void aWriteErrorOnStdoutIsOneLineAndExit2() {
        OutputStream full = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        StringWriter err = new StringWriter();
        CommandLine cli = FlamediffCommand.commandLine(new FlamediffCommand(new ByteArrayInputStream(new byte[0]), full));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(fixture("collapsed/base.collapsed"), fixture("collapsed/head.collapsed"));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().lines()).containsExactly("flamediff: <stdout>: no space left on device");
    }

    @Test
    void anOutputOverTheLimitIsOneLineExit2AndNothingWritten() throws Exception {
        Path out = dir.resolve("diff.json");
        CliRun run = diffTo(out.toString(), "--max-output-bytes", "1000");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: " + out + ": the output is larger than the limit of 1000"
                + " bytes (--max-output-bytes; fewer frames with --minwidth, --max-frames or --max-nodes also make it"
                + " smaller)");
        assertThat(filesIn(dir)).isEmpty();
        CliRun toStdout = CliRun.run(fixture("collapsed/base.collapsed"), fixture("collapsed/head.collapsed"),
                "--max-output-bytes", "1000");
        assertThat(toStdout.exitCode()).isEqualTo(2);
        assertThat(toStdout.stdout()).isEmpty();
    }

    @Test
    void stdoutPastTheInMemoryPartIsSpooledToAPrivateFileAndWrittenWhole() throws Exception {
        java.io.ByteArrayOutputStream stdout = new java.io.ByteArrayOutputStream();
        byte[] doc = new byte[100_000];
        java.util.Arrays.fill(doc, (byte) 'x');
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        String prefix = "flamediff-stdout." + ProcessHandle.current().pid() + ".";
        boolean[] spooled = {false};
        new OutputWriter(stdout, 1 << 20, 4096).write(java.util.Optional.empty(), out -> {
            out.write(doc, 0, 50_000);
            try (Stream<Path> files = Files.list(tmp)) {
                Path spool = files.filter(p -> p.getFileName().toString().startsWith(prefix)).findFirst().orElseThrow();
                spooled[0] = PosixFilePermissions.toString(Files.getPosixFilePermissions(spool)).equals("rw-------");
            }
            out.write(doc, 50_000, 50_000);
        });
        assertThat(spooled[0]).isTrue();
        assertThat(stdout.toByteArray()).isEqualTo(doc);
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.filter(p -> p.getFileName().toString().startsWith(prefix))).isEmpty();
        }
    }

    @Test
    void temporaryFilesOfRunsThatAreGoneAreDeletedByTheNextRun() throws Exception {
        Path out = dir.resolve("diff.svg");
        long gone = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElse(1) + 100_000;
        Path stale = Files.writeString(dir.resolve(".diff.svg." + gone + ".123.tmp"), "half");
        Path live = Files.writeString(dir.resolve(".diff.svg." + ProcessHandle.current().pid() + ".456.tmp"), "mine");
        assertThat(diffTo(out.toString()).exitCode()).isZero();
        assertThat(stale).doesNotExist();
        assertThat(live).exists();
        assertThat(filesIn(dir)).containsExactly(live.getFileName().toString(), "diff.svg");
    }

    @Test
    void theOutputsTemporaryFileIsOwnerOnly() throws Exception {
        Path out = dir.resolve("diff.svg");
        Path[] seen = new Path[1];
        AtomicOutput.write(out, stream -> {
            try (Stream<Path> files = Files.list(dir)) {
                seen[0] = files.filter(p -> p.getFileName().toString().endsWith(".tmp")).findFirst().orElseThrow();
            }
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(seen[0]))).isEqualTo("rw-------");
            stream.write("x".getBytes(StandardCharsets.UTF_8));
        });
        assertThat(seen[0].getFileName().toString()).startsWith(".diff.svg." + ProcessHandle.current().pid() + ".");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out))).isEqualTo("rw-r--r--");
    }

    private static boolean isCharacterDevice(Path p) throws IOException {
        return ((Integer) Files.getAttribute(p, "unix:mode") & 0170000) == 0020000;
    }

    private static List<String> filesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
