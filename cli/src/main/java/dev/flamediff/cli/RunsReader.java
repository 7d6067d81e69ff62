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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Reads the profiles of both sides, two files at a time, since reading (parsing JFR or callgrind)
 * is most of a run's time: {@code BASE HEAD} is the case of one run per side. When several inputs
 * cannot be read, the first in argument order (base before head) is reported, whichever failed
 * first, and the reads after it are cancelled. {@code -} reads standard input.
 */
final class RunsReader {

    /** The name standard input goes by in messages and outputs. */
    static final String STDIN_NAME = "<stdin>";

    private final InputStream stdin;
    private final ReadOptions options;

    RunsReader(InputStream stdin, ReadOptions options) {
        this.stdin = stdin;
        this.options = options;
    }

    /** The profiles of both sides, in the order given. */
    record Runs(List<Profile> base, List<Profile> head) {

        /** Returns what the readers noted about the inputs, one line each, in argument order. */
        List<String> notes() {
            List<Profile> all = new ArrayList<>(base);
            all.addAll(head);
            return RunReport.notes(all);
        }
    }

    /**
     * Returns every profile; one file holding both sides gives one run per side. Fractional values
     * are brought to common decimals.
     *
     * @throws CliFailure (exit code 2) naming the first input, in argument order, that could not
     *     be read, or a lone input that holds only one side
     */
    Runs read(ProfileFiles.Inputs inputs) throws CliFailure {
        List<String> names = new ArrayList<>(inputs.base());
        names.addAll(inputs.head());
        if (names.stream().filter("-"::equals).count() > 1) {
            throw CliFailure.badInput(names.size() == 2 ? "base and head cannot both be read from standard input"
                    : "only one profile can be read from standard input", null);
        }
        List<Profile> all = readAll(names);
        if (inputs.oneFile()) {
            Profile both = all.get(0);
            if (!PairedProfile.isPair(both)) {
                throw CliFailure.badInput("Missing required parameter: 'HEAD' (" + displayName(names.get(0))
                        + " is one profile; only a 3-column file, stack base head, holds both) (see flamediff --help)",
                        null);
            }
            return new Runs(List.of(PairedProfile.base(both)), List.of(PairedProfile.head(both)));
        }
        for (int i = 0; i < all.size(); i++) {
            refusePair(all.get(i), names.get(i));
        }
        all = align(all);
        int baseRuns = inputs.base().size();
        return new Runs(all.subList(0, baseRuns), all.subList(baseRuns, all.size()));
    }

    /** Fails when a profile given as one side is a 3-column file, which holds both sides. */
    private static void refusePair(Profile profile, String name) throws CliFailure {
        if (PairedProfile.isPair(profile)) {
            throw CliFailure.badInput(displayName(name) + ": a 3-column file (stack base head) holds both base and "
                    + "head; give it alone as the only input, not with another profile", null);
        }
    }

    /** Returns the profiles with fractional values brought to common decimals. */
    private static List<Profile> align(List<Profile> profiles) throws CliFailure {
        try {
            return DecimalValues.align(profiles);
        } catch (ArithmeticException e) {
            throw CliFailure.badInput("the profiles' values do not fit a long once brought to the same decimal places",
                    e);
        }
    }

    private List<Profile> readAll(List<String> names) throws CliFailure {
        ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "flamediff-read");
            // A stuck read must not keep the JVM alive after another input has failed.
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Profile>> futures = new ArrayList<>();
            for (String name : names) {
                futures.add(pool.submit(() -> readOne(name)));
            }
            List<Profile> out = new ArrayList<>();
            for (Future<Profile> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliFailure("interrupted", ExitCodes.BAD_INPUT, e);
        } catch (ExecutionException e) {
            throw CliFailure.ofReading(e.getCause());
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

    /** Reads one profile; {@code -} reads standard input. */
    private Profile readOne(String name) throws CliFailure {
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
}
