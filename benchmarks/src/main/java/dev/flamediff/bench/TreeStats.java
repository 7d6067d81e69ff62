package dev.flamediff.bench;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.Profile;
import java.nio.file.Path;

/**
 * Prints the size of each stage for a pair (tree nodes, union nodes) and the heap still in use
 * after it, to see what the memory of a run is made of.
 *
 * <p>Usage: {@code TreeStats BASE HEAD [EVENT [PARSER]]}.
 */
public final class TreeStats {

    private TreeStats() {
    }

    /**
     * Reads, diffs and reports.
     *
     * @param args {@code BASE HEAD [EVENT [PARSER]]}
     * @throws Exception if a profile cannot be read
     */
    public static void main(String[] args) throws Exception {
        ReadOptions options = ReadOptions.DEFAULT;
        if (args.length > 2) {
            options = options.withEvent(args[2]);
        }
        if (args.length > 3) {
            options = options.withJfrParser(JfrParserChoice.byLabel(args[3]).orElseThrow());
        }
        long t0 = System.nanoTime();
        Profile base = Profiles.read(Path.of(args[0]), options);
        report("base read", base.tree().size(), t0);
        Profile head = Profiles.read(Path.of(args[1]), options);
        report("head read", head.tree().size(), t0);
        DiffTree diff = Diffs.diff(base, head, DiffOptions.DEFAULT);
        report("diff", diff.size(), t0);
    }

    private static void report(String stage, int nodes, long t0) {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long used = rt.totalMemory() - rt.freeMemory();
        System.out.printf("%-10s %,12d nodes %,8d MB heap live %6.1f s%n", stage, nodes, used >> 20,
                (System.nanoTime() - t0) / 1e9);
    }
}
