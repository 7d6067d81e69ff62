package dev.flamediff.cli;

import dev.flamediff.model.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads several runs per side ({@code --base a b c --head x y z}), two files at a time, each as
 * {@link ProfilePairReader} reads one; the first failure in argument order is reported.
 */
final class RunsReader {

    private final ProfilePairReader reader;

    RunsReader(ProfilePairReader reader) {
        this.reader = reader;
    }

    /** The profiles of both sides, in the order given. */
    record Runs(List<Profile> base, List<Profile> head) {

        /** Returns what the readers noted about each input, one line each, in argument order. */
        List<String> notes() {
            List<String> lines = new ArrayList<>();
            for (Profile p : base) {
                lines.addAll(RunReport.notes(new ProfilePair(p, p)).stream().distinct().toList());
            }
            for (Profile p : head) {
                lines.addAll(RunReport.notes(new ProfilePair(p, p)).stream().distinct().toList());
            }
            return lines;
        }
    }

    /**
     * Returns every profile.
     *
     * @throws CliFailure (exit code 2) naming the first file that could not be read
     */
    Runs read(List<String> base, List<String> head) throws CliFailure {
        if (base.stream().filter("-"::equals).count() + head.stream().filter("-"::equals).count() > 1) {
            throw CliFailure.badInput("only one profile can be read from standard input", null);
        }
        ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "flamediff-read");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Profile>> baseFutures = submit(pool, base);
            List<Future<Profile>> headFutures = submit(pool, head);
            List<Profile> bases = collect(baseFutures);
            List<Profile> heads = collect(headFutures);
            for (int i = 0; i < bases.size(); i++) {
                ProfilePairReader.refusePair(bases.get(i), base.get(i));
            }
            for (int i = 0; i < heads.size(); i++) {
                ProfilePairReader.refusePair(heads.get(i), head.get(i));
            }
            List<Profile> all = new ArrayList<>(bases);
            all.addAll(heads);
            all = ProfilePairReader.align(all);
            return new Runs(all.subList(0, bases.size()), all.subList(bases.size(), all.size()));
        } finally {
            pool.shutdownNow();
        }
    }

    private List<Future<Profile>> submit(ExecutorService pool, List<String> names) {
        List<Future<Profile>> futures = new ArrayList<>();
        for (String name : names) {
            futures.add(pool.submit(() -> reader.readOne(name)));
        }
        return futures;
    }

    private static List<Profile> collect(List<Future<Profile>> futures) throws CliFailure {
        List<Profile> out = new ArrayList<>();
        for (Future<Profile> f : futures) {
            try {
                out.add(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliFailure("interrupted", ExitCodes.BAD_INPUT, e);
            } catch (ExecutionException e) {
                throw CliFailure.ofReading(e.getCause());
            }
        }
        return out;
    }
}
