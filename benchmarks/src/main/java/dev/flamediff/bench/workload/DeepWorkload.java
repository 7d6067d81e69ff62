package dev.flamediff.bench.workload;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

/**
 * A benchmark-only program to profile: the fixture program's work (parse, checksum, sort,
 * summarize; head parses slower, checksums faster and also compresses) reached through deep
 * recursion along many different paths, so a recording of it has the deep, varied stacks of a
 * large application (the fixture program's stacks are a few frames deep and few in kind).
 *
 * <p>Usage: {@code DeepWorkload base|head SECONDS THREADS}. The paths come from a fixed seed.
 */
public final class DeepWorkload {

    private static final int PATHS = 300_000;
    private static final byte[][] PATH_TABLE = paths();
    private static final Object SHARED = new Object();

    private final boolean head;
    private final SplittableRandom random;
    private long sink;

    private DeepWorkload(boolean head, long seed) {
        this.head = head;
        this.random = new SplittableRandom(seed);
    }

    private static byte[][] paths() {
        SplittableRandom random = new SplittableRandom(42);
        byte[][] table = new byte[PATHS][];
        for (int i = 0; i < PATHS; i++) {
            byte[] path = new byte[6 + random.nextInt(40)];
            for (int d = 0; d < path.length; d++) {
                path[d] = (byte) random.nextInt(8);
            }
            table[i] = path;
        }
        return table;
    }

    private void runFor(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            byte[] path = PATH_TABLE[(int) (PATHS * Math.pow(random.nextDouble(), 1.5))];
            sink += step(path, 0);
        }
    }

    private long step(byte[] path, int i) {
        if (i == path.length) {
            return leaf(path);
        }
        switch (path[i]) {
            case 0: return a0(path, i + 1);
            case 1: return a1(path, i + 1);
            case 2: return a2(path, i + 1);
            case 3: return a3(path, i + 1);
            case 4: return a4(path, i + 1);
            case 5: return a5(path, i + 1);
            case 6: return a6(path, i + 1);
            default: return a7(path, i + 1);
        }
    }

    // Eight distinct frames so every path through them is a distinct stack.
    private long a0(byte[] p, int i) { return step(p, i) + 1; }
    private long a1(byte[] p, int i) { return step(p, i) + 2; }
    private long a2(byte[] p, int i) { return step(p, i) + 3; }
    private long a3(byte[] p, int i) { return step(p, i) + 4; }
    private long a4(byte[] p, int i) { return step(p, i) + 5; }
    private long a5(byte[] p, int i) { return step(p, i) + 6; }
    private long a6(byte[] p, int i) { return step(p, i) + 7; }
    private long a7(byte[] p, int i) { return step(p, i) + 8; }

    private long leaf(byte[] path) {
        int[] records = new int[64 + (path.length & 7) * 16];
        switch ((path.length + path[0]) & 3) {
            case 0:
                return head ? parseRecordsSlow(records) : parseRecords(records);
            case 1:
                return head ? computeChecksumFast(records) : computeChecksum(records);
            case 2:
                return sortRecords(records) + (head ? compressBlock(records) : 0);
            default:
                synchronized (SHARED) {
                    return summarize(records);
                }
        }
    }

    private long parseRecords(int[] r) {
        for (int i = 0; i < r.length; i++) {
            r[i] = random.nextInt(1000);
        }
        return r.length;
    }

    private long parseRecordsSlow(int[] r) {
        long n = 0;
        for (int k = 0; k < 3; k++) {
            n += parseRecords(r);
        }
        return n;
    }

    private long computeChecksum(int[] r) {
        long sum = 0;
        for (int k = 0; k < 4; k++) {
            for (int v : r) {
                sum = sum * 31 + v;
            }
        }
        return sum;
    }

    private long computeChecksumFast(int[] r) {
        long sum = 0;
        for (int v : r) {
            sum = sum * 31 + v;
        }
        return sum;
    }

    private long sortRecords(int[] r) {
        int[] copy = r.clone();
        Arrays.sort(copy);
        return Arrays.stream(copy).filter(v -> v > 500).count();
    }

    private long compressBlock(int[] r) {
        CRC32 crc = new CRC32();
        for (int v : r) {
            crc.update(v);
        }
        return crc.getValue();
    }

    private long summarize(int[] r) {
        return Arrays.stream(r).map(v -> v * 2).sum();
    }

    /**
     * Runs the workload.
     *
     * @param args {@code base|head SECONDS THREADS}
     * @throws InterruptedException if interrupted while waiting for the workers
     */
    public static void main(String[] args) throws InterruptedException {
        boolean head = args[0].equals("head");
        long nanos = (long) (Double.parseDouble(args[1]) * 1e9);
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        Thread[] workers = new Thread[threads];
        long[] sinks = new long[threads];
        for (int t = 0; t < threads; t++) {
            int index = t;
            workers[t] = new Thread(() -> {
                DeepWorkload w = new DeepWorkload(head, 1000 + index);
                w.runFor(nanos);
                sinks[index] = w.sink;
            }, "worker-" + t);
            workers[t].start();
        }
        long total = 0;
        for (int t = 0; t < threads; t++) {
            workers[t].join();
            total += sinks[t];
        }
        System.out.println(total);
    }
}
