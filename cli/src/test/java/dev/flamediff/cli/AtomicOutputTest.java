package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicOutputTest {

    @TempDir
    Path dir;

    @Test
    void writesANewFileWithUsualPermissions() throws IOException {
        Path target = dir.resolve("out.svg");
        AtomicOutput.write(target, out -> out.write("<svg/>".getBytes(StandardCharsets.UTF_8)));
        assertThat(target).hasContent("<svg/>");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-r--r--");
        assertThat(listing()).containsExactly("out.svg");
    }

    @Test
    void replacesAnExistingFileKeepingItsPermissions() throws IOException {
        Path target = dir.resolve("out.json");
        Files.writeString(target, "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw----"));
        AtomicOutput.write(target, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertThat(target).hasContent("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-rw----");
    }

    @Test
    void aFailingWriteLeavesTheOldFileAndNoTemporaryFile() throws IOException {
        Path target = dir.resolve("out.svg");
        Files.writeString(target, "old");
        assertThatThrownBy(() -> AtomicOutput.write(target, out -> {
            out.write("half".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        })).hasMessage("disk full");
        assertThat(target).hasContent("old");
        assertThat(listing()).containsExactly("out.svg");
    }

    @Test
    void aRendererBugAlsoLeavesNoTemporaryFile() throws IOException {
        Path target = dir.resolve("out.svg");
        assertThatThrownBy(() -> AtomicOutput.write(target, out -> {
            throw new IllegalStateException("bug");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(listing()).isEmpty();
    }

    @Test
    void aMissingFolderIsReportedAndNothingIsCreated() {
        Path target = dir.resolve("missing/out.svg");
        assertThatThrownBy(() -> AtomicOutput.write(target, out -> out.write(1)))
                .isInstanceOf(NoSuchFileException.class)
                .satisfies(e -> assertThat(IoMessages.reason((IOException) e)).isEqualTo("no such directory"));
        assertThat(dir.resolve("missing")).doesNotExist();
    }

    @Test
    void aFolderIsNotReplaced() throws IOException {
        Path target = Files.createDirectory(dir.resolve("out.svg"));
        assertThatThrownBy(() -> AtomicOutput.write(target, out -> out.write(1)))
                .hasMessage("is a directory");
        assertThat(target).isDirectory();
    }

    private Stream<String> listingStream() throws IOException {
        return Files.list(dir).map(p -> p.getFileName().toString()).sorted();
    }

    private java.util.List<String> listing() throws IOException {
        try (Stream<String> s = listingStream()) {
            return s.toList();
        }
    }
}
