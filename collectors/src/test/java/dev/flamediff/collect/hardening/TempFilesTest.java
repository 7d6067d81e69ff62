package dev.flamediff.collect.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.PrivateTempFiles;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.fixtures.FixtureFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stdin spool and the decompressed copy of a gzip input hold an uploaded profile in the shared
 * temporary folder: they were created 0644 (readable by every local user). Now owner-only, named
 * after their process, and left-overs of processes that are gone are deleted.
 */
class TempFilesTest {

    @TempDir
    Path dir;

    @Test
    void theStdinSpoolAndTheGzipCopyAreOwnerOnly() throws Exception {
        byte[] plain = Files.readAllBytes(FixtureFiles.path("collapsed/base.collapsed"));
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(plain);
        }
        try (ProfileInput input = ProfileInput.of("<stdin>", new ByteArrayInputStream(gz.toByteArray()),
                InputLimits.DEFAULT)) {
            Path copy = input.file();
            assertThat(copy.getFileName().toString()).startsWith("flamediff-gunzip." + ProcessHandle.current().pid() + ".");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(copy))).isEqualTo("rw-------");
            assertThat(Files.readAllBytes(copy)).isEqualTo(plain);
            try (var files = Files.list(copy.getParent())) {
                Path spool = files.filter(p -> p.getFileName().toString().startsWith("flamediff-input."
                        + ProcessHandle.current().pid() + ".")).findFirst().orElseThrow();
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(spool))).isEqualTo("rw-------");
            }
        }
    }

    @Test
    void leftOversOfProcessesThatAreGoneAreDeleted() throws Exception {
        long gone = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElse(1) + 100_000;
        Path stale = Files.writeString(dir.resolve("flamediff-input." + gone + ".42.tmp"), "an upload");
        Path live = Files.writeString(dir.resolve("flamediff-input." + ProcessHandle.current().pid() + ".7.tmp"), "mine");
        Path other = Files.writeString(dir.resolve("flamediff-inputs.notes.tmp"), "not ours");
        Path made = PrivateTempFiles.create(dir, "flamediff-input");
        assertThat(stale).doesNotExist();
        assertThat(live).exists();
        assertThat(other).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(made))).isEqualTo("rw-------");
    }

    @Test
    void manyFilesInOneFolderAreDistinctOwnerOnlyAndFoundByTheLeftoverPattern() throws Exception {
        java.util.Set<Path> made = new java.util.HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            Path p = PrivateTempFiles.create(dir, ".out.svg");
            assertThat(made.add(p)).isTrue();
            assertThat(p.getFileName().toString())
                    .matches("\\.out\\.svg\\." + ProcessHandle.current().pid() + "\\.[0-9a-z]+\\.tmp");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(p))).isEqualTo("rw-------");
            assertThat(Files.size(p)).isZero();
        }
    }
}
