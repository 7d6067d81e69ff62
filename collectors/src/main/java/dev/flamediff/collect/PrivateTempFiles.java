package dev.flamediff.collect;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Temporary files that hold uploaded profiles or outputs: owner-only (0600), since they sit in a
 * shared folder, and named {@code PREFIX.<pid>.<random>.tmp} after the process that made them. A
 * process killed outright (SIGKILL) cannot delete its own, so each creation first deletes the
 * files of its prefix left in that folder by processes that no longer run. Stateless.
 */
public final class PrivateTempFiles {

    /** Names tried before giving up: a taken name is either bad luck or someone making them. */
    private static final int MAX_ATTEMPTS = 100;

    private PrivateTempFiles() {
    }

    /**
     * Creates an owner-only temporary file in the folder.
     *
     * @param folder where; the JVM's temporary folder when null
     * @param prefix the start of the file's name
     */
    public static Path create(Path folder, String prefix) throws IOException {
        Path dir = folder != null ? folder : Path.of(System.getProperty("java.io.tmpdir"));
        deleteLeftovers(dir, prefix);
        String start = prefix + "." + ProcessHandle.current().pid() + ".";
        FileAttribute<?>[] ownerOnly = FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))}
                : new FileAttribute<?>[0];
        // Not Files.createTempFile: its names come from a SecureRandom, whose start-up (the
        // security providers, the entropy source) took 11 ms of a 0.45 s diff. Safety does not
        // rest on the name: createFile is O_CREAT|O_EXCL, so a name someone else made (a file, a
        // symbolic link) fails and the next is tried, and the mode is set at creation.
        for (int attempt = 0; ; attempt++) {
            String name = start + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp";
            try {
                return Files.createFile(dir.resolve(name), ownerOnly);
            } catch (FileAlreadyExistsException taken) {
                if (attempt == MAX_ATTEMPTS - 1) {
                    throw taken;
                }
            }
        }
    }

    /** Deletes the files of the prefix whose process is gone (a live pid's, reused or not, are kept). */
    static void deleteLeftovers(Path dir, String prefix) {
        // A glob on the prefix: the folder may be a shared temp folder with thousands of files.
        try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, globQuote(prefix) + ".*.*.tmp")) {
            for (Path p : found) {
                String rest = p.getFileName().toString().substring(prefix.length() + 1);
                long pid;
                try {
                    pid = Long.parseLong(rest.substring(0, rest.indexOf('.')));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (ProcessHandle.of(pid).isEmpty()) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Best effort: a folder that cannot be listed still gets its file.
        }
    }

    private static String globQuote(String s) {
        return s.replaceAll("([\\\\*?\\[\\]{},])", "\\\\$1");
    }
}
