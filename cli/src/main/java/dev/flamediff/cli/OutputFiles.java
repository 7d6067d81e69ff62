package dev.flamediff.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Decides how {@code -o} may write to the path it names, before anything is read: a new name or a
 * regular file is replaced atomically ({@link AtomicOutput}), through a symbolic link at the file the
 * link names (the link stays); a character device or a pipe ({@code /dev/stdout}, {@code /dev/null},
 * a named pipe) is written in place, since renaming a file over it would replace the device node
 * itself. Anything else (a directory, a block device, a socket, a link to nothing) is refused.
 * Stateless.
 */
final class OutputFiles {

    /** How to write to the target. */
    enum Kind { REPLACE, WRITE_IN_PLACE }

    /** The path to write and how. */
    record Plan(Path path, Kind kind) {
    }

    private static final int S_IFMT = 0170000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFBLK = 0060000;
    private static final int S_IFSOCK = 0140000;
    private static final int S_IFDIR = 0040000;

    private OutputFiles() {
    }

    /**
     * Returns how to write to the path.
     *
     * @throws IOException (one line through {@link IoMessages}) for a target flamediff must not replace
     */
    static Plan plan(Path target) throws IOException {
        boolean link = Files.isSymbolicLink(target);
        if (!Files.exists(target)) {
            if (link) {
                throw new IOException("is a symbolic link to a file that does not exist; name the file itself");
            }
            return new Plan(target, Kind.REPLACE);
        }
        int type = mode(target) & S_IFMT;
        if (type == S_IFCHR || type == S_IFIFO) {
            return new Plan(target, Kind.WRITE_IN_PLACE);
        }
        if (Files.isRegularFile(target)) {
            return new Plan(link ? target.toRealPath() : target, Kind.REPLACE);
        }
        if (type == S_IFDIR) {
            throw new IOException("is a directory");
        }
        throw new IOException("is " + describe(type) + ", not a regular file; flamediff writes regular files,"
                + " character devices and pipes");
    }

    /** Opens a character device or a pipe for writing, without creating or truncating anything else. */
    static OutputStream openInPlace(Path target) throws IOException {
        return Files.newOutputStream(target, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    private static int mode(Path target) throws IOException {
        try {
            return (Integer) Files.getAttribute(target, "unix:mode");
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            // No unix view: tell what the basic view can.
            if (Files.isDirectory(target)) {
                return S_IFDIR;
            }
            return Files.isRegularFile(target) ? 0100000 : S_IFBLK;
        } catch (NoSuchFileException e) {
            throw e;
        }
    }

    private static String describe(int type) {
        return switch (type) {
            case S_IFBLK -> "a block device";
            case S_IFSOCK -> "a socket";
            default -> "a special file";
        };
    }
}
