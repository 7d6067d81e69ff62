package dev.flamediff.cli;

import dev.flamediff.collect.PrivateTempFiles;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes a file so that readers only ever see the old content or the complete new one: the bytes
 * go to a temporary file in the target's folder (same file system, so the move is a rename),
 * which then replaces the target. A failed write deletes the temporary file and leaves the target
 * untouched. Temporary files are owner-only and carry the process id in their name
 * ({@code .OUT.<pid>.<random>.tmp}): a run killed outright (SIGKILL) cannot delete its own, so each
 * run first deletes those its folder holds for the same output from processes that are gone.
 */
final class AtomicOutput {

    /** Writes the content of an output file. */
    @FunctionalInterface
    interface Content {
        /** Writes everything to the stream, which the caller closes. */
        void writeTo(OutputStream out) throws IOException;
    }

    private static final Set<PosixFilePermission> DEFAULT_PERMISSIONS = PosixFilePermissions.fromString("rw-r--r--");

    private AtomicOutput() {
    }

    /**
     * Writes the content to the target, replacing it if it exists.
     *
     * @throws IOException if the folder is missing or not writable, the target is a folder, or
     *     the content fails; the target is then unchanged
     */
    static void write(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        if (Files.isDirectory(absolute)) {
            throw new IOException("is a directory");
        }
        if (folder != null && !Files.exists(folder)) {
            throw new NoSuchFileException(folder.toString(), null, "no such directory");
        }
        if (folder != null && !Files.isDirectory(folder)) {
            throw new NotDirectoryException(folder.toString());
        }
        Path tmp = PrivateTempFiles.create(folder == null ? Path.of("") : folder, "." + absolute.getFileName());
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                content.writeTo(out);
            }
            copyPermissions(absolute, tmp);
            move(tmp, absolute);
        } catch (IOException | RuntimeException | Error e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Temporary files are created owner-only; the output should have the permissions the old
     * file had, or the usual ones for a new file.
     */
    private static void copyPermissions(Path target, Path tmp) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.exists(target)
                ? Files.getPosixFilePermissions(target) : DEFAULT_PERMISSIONS;
        view.setPermissions(permissions);
    }
}
