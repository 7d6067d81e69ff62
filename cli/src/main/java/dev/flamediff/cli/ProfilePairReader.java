package dev.flamediff.cli;

import dev.flamediff.collect.DecimalValues;
import dev.flamediff.collect.PairedProfile;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Reads base and head at the same time, one thread each, since reading (parsing JFR or
 * callgrind) is most of a run's time. When a side fails, the failure that happened first is
 * reported and the other read is cancelled; {@code -} reads standard input.
 */
final class ProfilePairReader {

    /** The name standard input goes by in messages and outputs. */
    static final String STDIN_NAME = "<stdin>";

    private final InputStream stdin;
    private final ReadOptions options;

    ProfilePairReader(InputStream stdin, ReadOptions options) {
        this.stdin = stdin;
        this.options = options;
    }

    /**
     * Returns whether the arguments may be one 3-column file (a ready-made pair): BASE alone,
     * without runs. Whether it is one shows once it is read.
     */
    static boolean mayBeOneFile(String base, String head, boolean runs) {
        return base != null && head == null && !runs;
    }

    /**
     * Returns both profiles; {@code head} is null when {@code base} is one 3-column file holding
     * both. Fractional values are brought to common decimals.
     *
     * @throws CliFailure (exit code 2) naming the file and the problem of the first side that failed
     */
    ProfilePair read(String base, String head) throws CliFailure {
        if (head == null) {
            Profile both = readOne(base);
            if (!PairedProfile.isPair(both)) {
                throw CliFailure.badInput("Missing required parameter: 'HEAD' (" + displayName(base)
                        + " is one profile; only a 3-column file, stack base head, holds both) (see flamediff --help)",
                        null);
            }
            return new ProfilePair(PairedProfile.base(both), PairedProfile.head(both));
        }
        ProfilePair pair = readBoth(base, head);
        refusePair(pair.base(), base);
        refusePair(pair.head(), head);
        List<Profile> aligned = align(List.of(pair.base(), pair.head()));
        return new ProfilePair(aligned.get(0), aligned.get(1));
    }

    /**
     * Fails when a profile given as one side is a 3-column file, which holds both sides.
     *
     * @throws CliFailure (exit code 2) saying to give it alone
     */
    static void refusePair(Profile profile, String name) throws CliFailure {
        if (PairedProfile.isPair(profile)) {
            throw CliFailure.badInput(displayName(name) + ": a 3-column file (stack base head) holds both base and "
                    + "head; give it alone as the only input, not with another profile", null);
        }
    }

    /**
     * Returns the profiles with fractional values brought to common decimals.
     *
     * @throws CliFailure (exit code 2) when a value no longer fits
     */
    static List<Profile> align(List<Profile> profiles) throws CliFailure {
        try {
            return DecimalValues.align(profiles);
        } catch (ArithmeticException e) {
            throw CliFailure.badInput("the profiles' values do not fit a long once brought to the same decimal places",
                    e);
        }
    }

    private ProfilePair readBoth(String base, String head) throws CliFailure {
        if ("-".equals(base) && "-".equals(head)) {
            throw CliFailure.badInput("base and head cannot both be read from standard input", null);
        }
        ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "flamediff-read");
            // A stuck read must not keep the JVM alive after the other side has failed.
            t.setDaemon(true);
            return t;
        });
        try {
            ExecutorCompletionService<Profile> done = new ExecutorCompletionService<>(pool);
            Future<Profile> baseFuture = done.submit(task(base));
            Future<Profile> headFuture = done.submit(task(head));
            for (int i = 0; i < 2; i++) {
                Future<Profile> next = done.take();
                try {
                    next.get();
                } catch (ExecutionException e) {
                    throw unwrap(e);
                }
            }
            return new ProfilePair(baseFuture.get(), headFuture.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliFailure("interrupted", ExitCodes.BAD_INPUT, e);
        } catch (ExecutionException e) {
            throw unwrap(e);
        } finally {
            pool.shutdownNow();
            awaitCleanup(pool);
        }
    }

    /**
     * Waits briefly for cancelled reads to stop, so they delete their temporary files (a spooled
     * stdin, a gzip copy) before the process may exit; reads check for interruption every few
     * thousand lines or events.
     */
    private static void awaitCleanup(ExecutorService pool) {
        boolean interrupted = Thread.interrupted();
        try {
            pool.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private Callable<Profile> task(String name) {
        return () -> readOne(name);
    }

    /** Reads one profile; {@code -} reads standard input. */
    Profile readOne(String name) throws CliFailure {
        try {
            if ("-".equals(name)) {
                return Profiles.read(STDIN_NAME, stdin, options);
            }
            return Profiles.read(Path.of(name), options);
        } catch (ProfileException e) {
            throw CliFailure.badInput(e.getMessage(), e);
        } catch (IOException e) {
            throw CliFailure.badInput(displayName(name) + ": " + IoMessages.reason(e), e);
        } catch (InvalidPathException e) {
            throw CliFailure.badInput(name + ": not a valid file name", e);
        } catch (RuntimeException e) {
            // A reader bug; still one line and no half-written output, but asking for a report.
            throw CliFailure.badInput(displayName(name) + ": could not be read (internal error, please report: "
                    + e + ")", e);
        }
    }

    private static String displayName(String name) {
        return "-".equals(name) ? STDIN_NAME : name;
    }

    private static CliFailure unwrap(ExecutionException e) {
        return CliFailure.ofReading(e.getCause());
    }
}
