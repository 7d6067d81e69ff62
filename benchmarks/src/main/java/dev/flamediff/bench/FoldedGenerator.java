package dev.flamediff.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a synthetic folded (collapsed) profile, deterministically from a seed: a base or head
 * side of a pair that shares most stacks. Stacks grow as a tree (each new stack extends a prefix
 * of an earlier one), as real profiles do, so the union tree has realistic fan-out; lines repeat
 * stacks (as concatenated per-thread output does) until the file reaches the wanted size.
 *
 * <p>Usage: {@code FoldedGenerator base|head OUT UNIQUE_STACKS MEGABYTES [SEED]}.
 */
public final class FoldedGenerator {

    /** The seed of the committed measurements. */
    public static final long DEFAULT_SEED = 20_261_130L;

    private static final String[] PACKAGES = {"com/example/app", "com/example/store", "org/acme/http",
        "org/acme/json", "java/util/concurrent", "java/util/stream", "io/netty/channel", "dev/sample/core"};
    private static final String[] CLASSES = {"OrderService", "RecordParser", "ChecksumEngine", "BlockCompressor",
        "RequestHandler", "ConnectionPool", "JsonReader", "Scheduler", "CacheLoader", "QueryPlanner",
        "Pipeline", "Dispatcher", "SortBuffer", "Summarizer", "ThreadPoolExecutor$Worker", "ForkJoinTask"};
    private static final String[] METHODS = {"run", "process", "parseRecords", "computeChecksum", "compressBlock",
        "sortRecords", "summarize", "handle", "read", "write", "lambda$apply$0", "invoke", "call", "accept",
        "next", "flush", "load", "plan", "dispatch", "execute"};

    private final byte[][] frames;
    private final int[][] stacks;

    private FoldedGenerator(long seed, int uniqueStacks) {
        SplittableRandom random = new SplittableRandom(seed);
        frames = new byte[2048][];
        for (int i = 0; i < frames.length; i++) {
            String name = PACKAGES[random.nextInt(PACKAGES.length)] + "/" + CLASSES[random.nextInt(CLASSES.length)]
                    + "." + METHODS[random.nextInt(METHODS.length)] + i + (i % 7 == 0 ? "_[j]" : i % 11 == 0 ? "_[i]" : "");
            frames[i] = name.getBytes(StandardCharsets.US_ASCII);
        }
        stacks = new int[uniqueStacks][];
        stacks[0] = new int[] {0, 1, 2};
        for (int s = 1; s < uniqueStacks; s++) {
            int[] parent = stacks[random.nextInt(s)];
            int keep = 1 + random.nextInt(parent.length);
            int depth = Math.min(64, keep + 1 + random.nextInt(12));
            int[] stack = new int[depth];
            System.arraycopy(parent, 0, stack, 0, keep);
            for (int d = keep; d < depth; d++) {
                stack[d] = random.nextInt(frames.length);
            }
            stacks[s] = stack;
        }
    }

    /**
     * Writes one side of the pair.
     *
     * @param head whether to write the head side: about 4% of the stacks exist only on one side,
     *     and the weights of a tenth of the shared ones change
     * @param out the file to write
     * @param uniqueStacks the number of distinct stacks of the pair
     * @param bytes the size to reach (the file ends at the first line past it)
     * @param seed the seed; the same arguments give the same bytes
     * @throws IOException if the file cannot be written
     */
    public static void write(boolean head, Path out, int uniqueStacks, long bytes, long seed) throws IOException {
        FoldedGenerator generator = new FoldedGenerator(seed, uniqueStacks);
        try (OutputStream stream = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
            generator.emit(head, stream, bytes, new SplittableRandom(seed ^ (head ? 0x5DEECE66DL : 0x2545F491L)));
        }
    }

    private void emit(boolean head, OutputStream out, long bytes, SplittableRandom random) throws IOException {
        long written = 0;
        int n = stacks.length;
        int line = 0;
        while (written < bytes) {
            // Every stack once in order first (so the count of unique stacks is exact), then skewed repeats.
            int s = line < n ? line : (int) (n * Math.pow(random.nextDouble(), 2));
            line++;
            boolean onlyHead = s % 50 == 1;
            boolean onlyBase = s % 50 == 2;
            if ((onlyHead && !head) || (onlyBase && head)) {
                continue;
            }
            long count = 1 + random.nextInt(200);
            if (head && s % 10 == 3) {
                count = count * 3;
            }
            int[] stack = stacks[s];
            for (int d = 0; d < stack.length; d++) {
                if (d > 0) {
                    out.write(';');
                }
                out.write(frames[stack[d]]);
                written += frames[stack[d]].length + 1;
            }
            byte[] tail = (" " + count + "\n").getBytes(StandardCharsets.US_ASCII);
            out.write(tail);
            written += tail.length;
        }
    }

    /**
     * Command-line entry point.
     *
     * @param args {@code base|head OUT UNIQUE_STACKS MEGABYTES [SEED]}
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 4 || !(args[0].equals("base") || args[0].equals("head"))) {
            throw new IllegalArgumentException("usage: FoldedGenerator base|head OUT UNIQUE_STACKS MEGABYTES [SEED]");
        }
        long seed = args.length > 4 ? Long.parseLong(args[4]) : DEFAULT_SEED;
        write(args[0].equals("head"), Path.of(args[1]), Integer.parseInt(args[2]),
                Long.parseLong(args[3]) * 1_000_000L, seed);
    }
}
