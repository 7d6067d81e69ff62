package dev.flamediff.collect.collapsed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.Profile;
import dev.flamediff.model.TreeLimits;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file read in parts gives what the sequential read gives (the oracle): the same tree, frame ids
 * included, the same notes, the same error with the same line number, on every dialect the reader
 * accepts, cut at every kind of place.
 */
@Timeout(120)
class CollapsedPartsTest {

    private static final String[] FRAMES = {"java/lang/Thread.run", "java.lang.Thread.run", "Main.main_[j]",
        "work_[i]", "parse_[0]", "leaf_[k]", "byte[]_[i]", "C1_[1]", "void X<Y>::z() const", "Busy$$Lambda$12/123456789.run",
        "__memset_avx2_unaligned_erms", "jbyte_disjoint_arraycopy_avx3", "\u00e9t\u00e9", "a b", "[unknown]"};

    @TempDir
    Path dir;

    @Test
    void everyDialectReadInPartsIsTheSequentialRead() throws Exception {
        Random random = new Random(20261201);
        int merged = 0;
        for (int round = 0; round < 160; round++) {
            Dialect d = new Dialect(random);
            byte[] text = d.text(random, 200 + random.nextInt(600));
            ReadOptions options = ReadOptions.DEFAULT.withSkipBadLines(d.skipBad).withNormalizeNames(random.nextBoolean());
            int parts = 2 + random.nextInt(7);
            String oracle = outcome(text, options, new CollapsedReader(Long.MAX_VALUE, 1, true));
            assertThat(outcome(text, options, new CollapsedReader(1, parts, false))).as("round %d, %s", round, d)
                    .isEqualTo(oracle);
            assertThat(outcome(text, options, new CollapsedReader(1, parts, true))).as("round %d, runs", round)
                    .isEqualTo(oracle);
            if (!oracle.startsWith("error")) {
                Path file = write(text);
                merged += CollapsedParts.read(file, "t.collapsed", parts, false, () -> parser(options)) == null ? 0 : 1;
            }
        }
        // Most inputs were really merged from parts, not handed back to the sequential read.
        assertThat(merged).isGreaterThan(60);
    }

    @Test
    void errorsNameTheLineOfTheWholeFile() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 5000; i++) {
            sb.append("main;work").append(i % 37).append(' ').append(i).append('\n');
        }
        String good = sb.toString();
        CollapsedReader parts = new CollapsedReader(1, 6, false);
        assertThat(outcome((good + "main;bad x\n" + good).getBytes(StandardCharsets.UTF_8), ReadOptions.DEFAULT, parts))
                .isEqualTo("error dev.flamediff.model.MalformedProfileException: t.collapsed: collapsed, line 5001: "
                        + "sample count 'x' is not a number");
        assertThat(outcome((good + good + "a;;b 1\n").getBytes(StandardCharsets.UTF_8), ReadOptions.DEFAULT, parts))
                .isEqualTo("error dev.flamediff.model.MalformedProfileException: t.collapsed: collapsed, line 10001: "
                        + "empty frame name in the stack");
        ReadOptions skip = ReadOptions.DEFAULT.withSkipBadLines(true);
        String note = outcome((good + "bad\n" + good + "x y\n" + good).getBytes(StandardCharsets.UTF_8), skip, parts);
        assertThat(note).contains("skipped 2 lines that could not be read (lines 5001, 10002; line 5001: "
                + "no sample count after the last space)");
    }

    @Test
    void limitsAreTheSequentialReadsOnTheMergedTree() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            sb.append("main;w").append(i).append(";leaf 1\n");
        }
        byte[] text = sb.toString().getBytes(StandardCharsets.UTF_8);
        for (int nodes : new int[] {100, 2000, 5999, 6001, 6002}) {
            ReadOptions options = ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withTree(TreeLimits.DEFAULT.withMaxNodes(nodes)));
            String oracle = outcome(text, options, new CollapsedReader(Long.MAX_VALUE, 1, true));
            assertThat(outcome(text, options, new CollapsedReader(1, 5, false))).as("%d nodes", nodes).isEqualTo(oracle);
        }
        assertThat(outcome(text, ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withTree(
                TreeLimits.DEFAULT.withMaxNodes(5000))), new CollapsedReader(1, 5, false)))
                .isEqualTo("error dev.flamediff.model.LimitExceededException: t.collapsed: collapsed, line 2500: "
                        + "more than the limit of 5000 call-tree nodes");
        ReadOptions depth = ReadOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withTree(TreeLimits.DEFAULT.withMaxDepth(2)));
        assertThat(outcome(text, depth, new CollapsedReader(1, 5, false)))
                .isEqualTo(outcome(text, depth, new CollapsedReader(Long.MAX_VALUE, 1, true)))
                .contains("line 1: stack deeper than the limit of 2 frames");
    }

    @Test
    void aCallerInterruptedWhileItReadsStopsWithTheInterruptedRead() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 400_000; i++) {
            sb.append("main;work").append(i % 97).append(";leaf").append(i % 1013).append(' ').append(i + 1).append('\n');
        }
        Path file = write(sb.toString().getBytes(StandardCharsets.UTF_8));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        AtomicReference<Object> outcome = new AtomicReference<>();
        try {
            Future<?> read = pool.submit(() -> {
                try {
                    outcome.set(CollapsedParts.read(file, "big.folded", 4, false, () -> parser(ReadOptions.DEFAULT)));
                } catch (Exception e) {
                    outcome.set(e);
                }
            });
            Thread.sleep(30);
            read.cancel(true);
            pool.shutdown();
            assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            pool.shutdownNow();
        }
        assertThat(outcome.get()).isInstanceOf(InterruptedIOException.class);
    }

    @Test
    void anInterruptedCallerGetsTheInterruptedRead() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            sb.append("main;work").append(i % 97).append(' ').append(i + 1).append('\n');
        }
        Path file = write(sb.toString().getBytes(StandardCharsets.UTF_8));
        Thread.currentThread().interrupt();
        try {
            CollapsedParts.read(file, "big.folded", 3, true, () -> parser(ReadOptions.DEFAULT));
            throw new AssertionError("no interrupt");
        } catch (InterruptedIOException e) {
            assertThat(e).hasMessage("reading big.folded was interrupted");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    private static CollapsedParser parser(ReadOptions options) {
        return new CollapsedParser("t.collapsed", options.limits(), options.normalizeNames(), options.skipBadLines());
    }

    private Path write(byte[] text) throws IOException {
        Path file = Files.createTempFile(dir, "t", ".collapsed");
        Files.write(file, text);
        return file;
    }

    /** Everything a read gives, as text: the tree node by node with frame ids, the value types and notes; or the error. */
    private String outcome(byte[] text, ReadOptions options, CollapsedReader reader) throws IOException {
        Path file = Files.write(dir.resolve("t.collapsed"), text);
        try (ProfileInput input = ProfileInput.of(file, options.limits())) {
            Profile p = reader.read(input, options);
            CallTree t = p.tree();
            StringBuilder sb = new StringBuilder();
            sb.append(p.valueTypes()).append('\n').append(p.metadata().event()).append('\n')
                    .append(p.metadata().notes()).append('\n').append(p.metadata().truncated()).append('\n')
                    .append(t.frames().frames()).append('\n');
            for (int n = 0; n < t.size(); n++) {
                sb.append(t.parent(n)).append(' ').append(t.frameId(n));
                for (int v = 0; v < t.valueTypes().size(); v++) {
                    sb.append(' ').append(t.self(v, n));
                }
                sb.append('\n');
            }
            return sb.toString();
        } catch (Exception e) {
            return "error " + e.getClass().getName() + ": " + e.getMessage().replace(file.toString(), "t.collapsed");
        } finally {
            Files.delete(file);
        }
    }

    /** One way of writing a collapsed file, drawn at random. */
    private static final class Dialect {
        final String eol;
        final boolean bom;
        final boolean threeColumns;
        final boolean austin;
        final boolean fractions;
        final boolean skipBad;
        final int badLines;

        Dialect(Random r) {
            eol = new String[] {"\n", "\r\n", "\r"}[r.nextInt(3)];
            bom = r.nextInt(4) == 0;
            threeColumns = r.nextInt(4) == 0;
            austin = r.nextInt(4) == 0;
            fractions = r.nextInt(3) == 0;
            skipBad = r.nextBoolean();
            badLines = r.nextInt(3) == 0 ? r.nextInt(4) : 0;
        }

        byte[] text(Random r, int lines) {
            StringBuilder sb = new StringBuilder();
            if (bom) {
                sb.append('\uFEFF');
            }
            if (austin) {
                sb.append("# austin: 3.3.0").append(eol).append("# interval: 100").append(eol)
                        .append("# mode: ").append(r.nextBoolean() ? "wall" : "memory").append(eol);
            }
            List<String> previous = new ArrayList<>();
            for (int i = 0; i < lines; i++) {
                int kind = r.nextInt(40);
                if (kind == 0) {
                    sb.append(r.nextBoolean() ? "# a comment" : "# mode: cpu").append(eol);
                    continue;
                }
                if (kind == 1) {
                    sb.append(r.nextBoolean() ? "" : "  \t").append(eol);
                    continue;
                }
                if (i > 0 && kind < 3 + badLines) {
                    sb.append(new String[] {"no count", "a;;b 1", "a;b -1", "a;b 1.2.3", " 5", "a;b x"}[r.nextInt(6)])
                            .append(eol);
                    continue;
                }
                List<String> stack = new ArrayList<>();
                int keep = previous.isEmpty() ? 0 : r.nextInt(previous.size() + 1);
                stack.addAll(previous.subList(0, keep));
                for (int depth = stack.size() + r.nextInt(4); stack.size() < Math.max(1, depth); ) {
                    stack.add(FRAMES[r.nextInt(FRAMES.length)] + (r.nextInt(3) == 0 ? "" : Integer.toString(r.nextInt(30))));
                }
                previous = stack;
                sb.append(String.join(";", stack)).append(r.nextInt(5) == 0 ? "\t" : " ").append(count(r));
                if (threeColumns) {
                    sb.append(' ').append(count(r));
                }
                sb.append(r.nextInt(6) == 0 ? " " : "").append(i == lines - 1 && r.nextBoolean() ? "" : eol);
            }
            return sb.toString().getBytes(StandardCharsets.UTF_8);
        }

        private String count(Random r) {
            if (fractions && r.nextInt(4) == 0) {
                return r.nextInt(100) + "." + "0123456789012345".substring(0, 1 + r.nextInt(r.nextInt(10) == 0 ? 15 : 4));
            }
            return Integer.toString(r.nextInt(1000));
        }

        @Override
        public String toString() {
            return "eol " + eol.replace("\r", "CR").replace("\n", "LF") + ", bom " + bom + ", 3 columns " + threeColumns
                    + ", austin " + austin + ", fractions " + fractions + ", skip bad " + skipBad;
        }
    }
}
