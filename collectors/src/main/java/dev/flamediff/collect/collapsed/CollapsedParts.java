package dev.flamediff.collect.collapsed;

import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Reads a large collapsed file in parts, cut at line ends, on the calling thread and the common
 * {@link ForkJoinPool}, one {@link CollapsedParser} per part, then merges the parts' trees in file
 * order ({@link PartMerger}). The result is the one reading the file in one go gives, frame ids
 * included; where the parts cannot tell (a part's error, whose line number depends on the parts
 * before it, a limit the merged tree exceeds, parts that disagree on the columns) the caller reads
 * the file in one go instead, so errors, limits and line numbers are always the sequential read's.
 *
 * <p>A library must not start threads it would have to own: the parts run on the common pool,
 * the calling thread taking parts too, so a pool busy elsewhere only means fewer parts at a time.
 * With fewer than two pool threads (two cores) files are read in one go (see {@link #threads()}).
 */
final class CollapsedParts {

    /** The smallest part worth a thread: below it a part takes about as long as the merge it causes. */
    static final long MIN_PART_BYTES = 24L << 20;
    /** How far into the file the line end is looked for. */
    private static final int EOL_PROBE = 1 << 20;

    private CollapsedParts() {
    }

    /**
     * Returns the number of parts to read a file of {@code size} bytes in: one per thread that
     * may read it, each at least {@code minPart} bytes; 1 means reading it in one go.
     */
    static int partsFor(long size, long minPart, int threads) {
        return (int) Math.max(1, Math.min(threads, size / minPart));
    }

    /**
     * Returns the threads a read may use: the caller and the common pool's, or 1 with fewer than
     * two pool threads (two cores). There a diff already reads its two inputs at once, one per
     * core, and a part read apart only adds its merge: measured on the 210 MB folded pair, 10 to
     * 20% more CPU time for the same wall time.
     */
    static int threads() {
        int pool = ForkJoinPool.getCommonPoolParallelism();
        return pool < 2 ? 1 : pool + 1;
    }

    /**
     * Reads the file in {@code parts} parts.
     *
     * @param extendRuns whether a thread that reaches the end of its part goes on into the next
     *     when no other has taken it (false, for tests: every part is read apart and merged)
     * @param parsers makes the parser of each part
     * @return the result, or null when the file must be read in one go to say what the parts found
     *     wrong (or its line ends do not show in its first megabyte)
     * @throws java.io.InterruptedIOException if the calling thread is interrupted; the parts stop
     *     at their next buffer
     */
    static CollapsedParser.Parsed read(Path file, String source, int parts, boolean extendRuns,
                                       Supplier<CollapsedParser> parsers)
            throws IOException, ProfileException {
        long[] bounds;
        byte eol;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long size = raf.length();
            byte[] probe = new byte[(int) Math.min(size, EOL_PROBE)];
            raf.readFully(probe);
            eol = LineSplitter.lineEnd(probe, 0, probe.length, probe.length == size);
            if (eol == 0) {
                return null;
            }
            bounds = bounds(raf, size, parts, eol);
        }
        List<CollapsedParser.Part> read = readParts(file, source, bounds, eol, extendRuns, parsers);
        return read == null ? null : PartMerger.merge(read);
    }

    /** Returns the parts' starts and the file's end: each start just after a line end, none repeated. */
    private static long[] bounds(RandomAccessFile raf, long size, int parts, byte eol) throws IOException {
        List<Long> starts = new ArrayList<>(List.of(0L));
        byte[] buf = new byte[1 << 16];
        for (int i = 1; i < parts; i++) {
            long pos = Math.max(size * i / parts, starts.get(starts.size() - 1));
            long start = -1;
            while (start < 0 && pos < size) {
                raf.seek(pos);
                int n = raf.read(buf, 0, (int) Math.min(buf.length, size - pos));
                if (n <= 0) {
                    break;
                }
                int at = ByteWords.indexOf(buf, 0, n, eol);
                start = at < 0 ? -1 : pos + at + 1;
                pos += n;
            }
            if (start > 0 && start < size) {
                starts.add(start);
            }
        }
        starts.add(size);
        return starts.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Returns the results of the runs of parts in file order, or null when one failed. A thread
     * takes the first part nobody has taken and, reaching its end, goes on into the next while
     * nobody has taken that either: a part is read apart only when a thread was free to take it
     * in time, so a pool busy elsewhere (the other input of a diff read at the same time) costs
     * no merge.
     */
    private static List<CollapsedParser.Part> readParts(Path file, String source, long[] bounds, byte eol,
                                                        boolean extendRuns, Supplier<CollapsedParser> parsers)
            throws IOException {
        int parts = bounds.length - 1;
        Object[] results = new Object[parts];
        int[] runEnd = new int[parts];
        AtomicIntegerArray taken = new AtomicIntegerArray(parts);
        CountDownLatch done = new CountDownLatch(parts);
        AtomicBoolean failed = new AtomicBoolean();
        Thread caller = Thread.currentThread();
        BooleanSupplier stop = () -> failed.get() || caller.isInterrupted();
        Runnable work = () -> {
            for (int i = 0; i < parts; i++) {
                if (!taken.compareAndSet(i, 0, 1)) {
                    continue;
                }
                int first = i;
                int[] last = {i};
                LongSupplier extend = () -> {
                    int n = last[0] + 1;
                    if (extendRuns && n < parts && taken.compareAndSet(n, 0, 1)) {
                        last[0] = n;
                        return bounds[n + 1];
                    }
                    return -1;
                };
                try (InputStream in = new FileRange(file, bounds[first], bounds[first + 1], extend)) {
                    results[first] = parsers.get().parsePart(in, eol, first == 0, stop);
                } catch (Throwable t) {
                    results[first] = t;
                    failed.set(true);
                } finally {
                    runEnd[first] = last[0];
                    for (int p = first; p <= last[0]; p++) {
                        done.countDown();
                    }
                }
                i = last[0];
            }
        };
        ForkJoinPool pool = ForkJoinPool.commonPool();
        for (int h = Math.min(parts - 1, pool.getParallelism()); h > 0; h--) {
            pool.execute(work);
        }
        work.run();
        try {
            done.await();
        } catch (InterruptedException e) {
            failed.set(true);
            throw ReadInterrupts.interrupted(source);
        }
        if (caller.isInterrupted()) {
            throw ReadInterrupts.interrupted(source);
        }
        List<CollapsedParser.Part> out = new ArrayList<>(parts);
        for (int i = 0; i < parts; i = runEnd[i] + 1) {
            if (results[i] instanceof Error e) {
                throw e;
            }
            if (!(results[i] instanceof CollapsedParser.Part part)) {
                return null;
            }
            out.add(part);
        }
        return out;
    }

    /**
     * The bytes {@code [from, to)} of a file, read without a channel (an interrupt does not close
     * it); at {@code to} it asks {@code extend} for a new end, -1 for none.
     */
    private static final class FileRange extends InputStream {
        private final RandomAccessFile raf;
        private final LongSupplier extend;
        private long pos;
        private long end;

        FileRange(Path file, long from, long to, LongSupplier extend) throws IOException {
            this.raf = new RandomAccessFile(file.toFile(), "r");
            this.extend = extend;
            raf.seek(from);
            this.pos = from;
            this.end = to;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (pos >= end) {
                long next = extend.getAsLong();
                if (next < 0) {
                    return -1;
                }
                end = next;
            }
            int n = raf.read(b, off, (int) Math.min(len, end - pos));
            if (n > 0) {
                pos += n;
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            raf.close();
        }
    }
}
