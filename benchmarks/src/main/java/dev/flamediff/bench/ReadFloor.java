package dev.flamediff.bench;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.Profile;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.Renderers;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * How far each stage of a diff is above the least work that stage could do, on one pair, in one
 * JVM: the first round shows a fresh JVM (interpreter and JIT included), the later rounds the
 * same code compiled. Stages, each timed alone (wall and the process's CPU time):
 * <ul>
 *   <li>{@code bytes}: both files read into memory and every byte added up, one thread a file
 *       (the floor of any reader);</li>
 *   <li>{@code tokens} (collapsed files only): every line cut into its frames, each frame's bytes
 *       hashed and looked up in a table of the distinct frames seen, the count parsed (the least a
 *       reader must do to know a line's frames; it builds no tree);</li>
 *   <li>{@code varints} (JFR files only): every byte decoded as part of a LEB128 integer, the
 *       encoding of nearly every value of a recording, and the values added up: more than a
 *       parser must decode (it skips the events it does not read by their sizes), less than it
 *       must do to know a stack's frames (find each frame's method, name it, build the tree);</li>
 *   <li>{@code read}: {@link Profiles#read} of both files, one thread a file, as the command reads them;</li>
 *   <li>{@code diff}: {@link Diffs#diff} of the two profiles;</li>
 *   <li>{@code svg}: the SVG of the diff, into a sink that counts the bytes.</li>
 * </ul>
 *
 * <p>Usage: {@code ReadFloor BASE HEAD [ROUNDS]} (default 4 rounds).
 */
public final class ReadFloor {

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private ReadFloor() {
    }

    /**
     * Times the stages for the rounds asked and prints one line per stage and round.
     *
     * @param args {@code BASE HEAD [ROUNDS]}
     * @throws Exception if a file cannot be read
     */
    public static void main(String[] args) throws Exception {
        Path base = Path.of(args[0]);
        Path head = Path.of(args[1]);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        boolean collapsed = !isJfr(base);
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            System.out.printf("%-7s %5s %10s %10s  %s%n", "stage", "round", "wall ms", "cpu ms", "result");
            for (int round = 1; round <= rounds; round++) {
                time("bytes", round, () -> both(two, () -> touch(base), () -> touch(head)));
                if (collapsed) {
                    time("tokens", round, () -> both(two, () -> tokens(base), () -> tokens(head)));
                } else {
                    time("varints", round, () -> both(two, () -> varints(base), () -> varints(head)));
                }
                Profile[] read = new Profile[2];
                time("read", round, () -> {
                    Future<Profile> b = two.submit(() -> Profiles.read(base, ReadOptions.DEFAULT));
                    Future<Profile> h = two.submit(() -> Profiles.read(head, ReadOptions.DEFAULT));
                    read[0] = b.get();
                    read[1] = h.get();
                    return read[0].tree().size() + " + " + read[1].tree().size() + " nodes";
                });
                DiffTree[] diff = new DiffTree[1];
                time("diff", round, () -> {
                    diff[0] = Diffs.diff(read[0], read[1], DiffOptions.DEFAULT);
                    return diff[0].size() + " union nodes";
                });
                read[0] = null;
                read[1] = null;
                time("svg", round, () -> {
                    BenchInputs.CountingSink sink = new BenchInputs.CountingSink();
                    Renderers.byFormat("svg").orElseThrow().render(diff[0], RenderOptions.DEFAULT, sink);
                    return sink.count + " bytes";
                });
            }
        } finally {
            two.shutdownNow();
        }
    }

    private static void time(String stage, int round, Callable<String> work) throws Exception {
        System.gc();
        long cpu = OS.getProcessCpuTime();
        long wall = System.nanoTime();
        String result = work.call();
        long wallNs = System.nanoTime() - wall;
        long cpuNs = OS.getProcessCpuTime() - cpu;
        System.out.printf("%-7s %5d %10.1f %10.1f  %s%n", stage, round, wallNs / 1e6, cpuNs / 1e6, result);
    }

    private static String both(ExecutorService two, Callable<Long> a, Callable<Long> b) throws Exception {
        Future<Long> fa = two.submit(a);
        Future<Long> fb = two.submit(b);
        return fa.get() + " + " + fb.get();
    }

    private static boolean isJfr(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(4);
            return Arrays.equals(magic, new byte[] {'F', 'L', 'R', 0});
        }
    }

    /** Reads the file and adds up its bytes; returns the sum (so the loop cannot be dropped). */
    private static long touch(Path file) throws IOException {
        long sum = 0;
        byte[] buf = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    sum += buf[i];
                }
            }
        }
        return sum;
    }

    /**
     * Reads the file and decodes it as one run of LEB128 integers (seven bits a byte, the high bit
     * set on all but a value's last byte); returns the sum of the values.
     */
    private static long varints(Path file) throws IOException {
        long sum = 0;
        long value = 0;
        int shift = 0;
        byte[] buf = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    value |= (long) (b & 0x7F) << shift;
                    if (b >= 0) {
                        sum += value;
                        value = 0;
                        shift = 0;
                    } else {
                        shift = (shift + 7) & 63;
                    }
                }
            }
        }
        return sum;
    }

    /**
     * Cuts every line of a collapsed file into frames and looks each frame up by a 64-bit hash of
     * its bytes in an open-addressing table, in one pass over the bytes as they are read (the
     * count is what follows a line's last space); returns the number of distinct frames.
     */
    private static long tokens(Path file) throws IOException {
        FrameHashes seen = new FrameHashes();
        final long seed = 0xcbf29ce484222325L;
        long h = seed;
        long beforeSpace = seed;
        long count = 0;
        long totalCount = 0;
        boolean spaced = false;
        byte[] buf = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    byte c = buf[i];
                    if (c == ';') {
                        seen.add(h);
                        h = seed;
                        spaced = false;
                    } else if (c == '\n') {
                        if (spaced) {
                            seen.add(beforeSpace);
                            totalCount += count;
                        }
                        h = seed;
                        spaced = false;
                    } else {
                        if (c == ' ') {
                            beforeSpace = h;
                            count = 0;
                            spaced = true;
                        } else if (spaced) {
                            count = count * 10 + (c - '0');
                        }
                        h = (h ^ c) * 0x100000001b3L;
                    }
                }
            }
        }
        return seen.size() + (totalCount < 0 ? 1 : 0);
    }

    /** A set of 64-bit hashes (open addressing, linear probing). */
    private static final class FrameHashes {
        private long[] slots = new long[1 << 16];
        private int size;

        void add(long h) {
            long key = h == 0 ? 1 : h;
            int mask = slots.length - 1;
            for (int i = (int) (key ^ (key >>> 29)) & mask; ; i = (i + 1) & mask) {
                if (slots[i] == key) {
                    return;
                }
                if (slots[i] == 0) {
                    slots[i] = key;
                    if (++size * 2 > slots.length) {
                        grow();
                    }
                    return;
                }
            }
        }

        int size() {
            return size;
        }

        private void grow() {
            long[] old = slots;
            slots = new long[old.length * 2];
            size = 0;
            for (long k : old) {
                if (k != 0) {
                    add(k);
                }
            }
        }
    }
}
