package dev.flamediff.collect.hardening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.TreeLimits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every reader enforces {@link InputLimits} and {@link TreeLimits}; the defaults pass every real
 * fixture; a decompression bomb and a stack 100,000 frames deep fail with a clear message in
 * bounded memory (the peak heap of each is printed, the bound asserted is loose).
 */
class LimitsTest {

    private static final long TEN_GB = 10L << 30;

    /** A bound far below what reading ten gigabytes or building 100,000-frame paths would take. */
    private static final long HEAP_BOUND = 512L << 20;

    @TempDir
    Path dir;

    static Stream<String> fixtures() {
        return Stream.of("collapsed/base.collapsed", "collapsed/head-ann.collapsed", "callgrind/callgrind.out.base",
                "callgrind/callgrind.out.base-sep", "callgrind/callgrind.out.base-combined", "jfr/ap17-base.jfr",
                "jfr/jdk17-base.jfr", "jfr/jdk25-head.jfr", "jfr/ap25-head.jfr", "pprof/ap17-base.pb.gz",
                "pprof/jdk17-base.pb");
    }

    static Stream<String> everyFixtureAndParser() throws IOException {
        return allFixtures().flatMap(f -> f.startsWith("jfr/") ? Stream.of(f + "@jdk", f + "@async") : Stream.of(f));
    }

    private static Stream<String> allFixtures() throws IOException {
        List<String> names = new java.util.ArrayList<>();
        for (String folder : List.of("collapsed", "callgrind", "jfr", "pprof")) {
            try (Stream<Path> files = Files.list(FixtureFiles.root().resolve(folder))) {
                files.map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".collapsed") || n.startsWith("callgrind.out.") || n.endsWith(".jfr")
                                || n.endsWith(".pb") || n.endsWith(".pb.gz"))
                        .sorted().forEach(n -> names.add(folder + "/" + n));
            }
        }
        return names.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyFixtureAndParser")
    void theDefaultsPassEveryRealFixture(String fixture) throws Exception {
        String[] parts = fixture.split("@");
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parts.length > 1 ? parts[1] : "jdk").orElseThrow());
        assertThat(options.limits()).isEqualTo(InputLimits.DEFAULT);
        assertThat(Profiles.read(FixtureFiles.path(parts[0]), options).tree().size()).isGreaterThan(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyReaderEnforcesTheByteLimit(String fixture) {
        expectLimit(fixture, InputLimits.DEFAULT.withMaxBytes(1000), "1000 bytes");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyReaderEnforcesTheDepthLimit(String fixture) {
        expectLimit(fixture, InputLimits.DEFAULT.withTree(TreeLimits.DEFAULT.withMaxDepth(3)), "deeper");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyReaderEnforcesTheNodeLimit(String fixture) {
        expectLimit(fixture, InputLimits.DEFAULT.withTree(TreeLimits.DEFAULT.withMaxNodes(20)), "nodes");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyReaderEnforcesTheNameLength(String fixture) {
        expectLimit(fixture, InputLimits.DEFAULT.withMaxNameLength(8), "name");
    }

    private static void expectLimit(String fixture, InputLimits limits, String mentions) {
        for (String parser : fixture.startsWith("jfr/") ? List.of("jdk", "async", "flamediff") : List.of("jdk")) {
            Path file = FixtureFiles.path(fixture);
            assertThatThrownBy(() -> Profiles.read(file, ReadOptions.DEFAULT.withLimits(limits).withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow())))
                    .as(fixture + " with the " + parser + " parser")
                    .isInstanceOf(LimitExceededException.class)
                    .hasMessageContaining(file.toString())
                    .hasMessageContaining(mentions)
                    .message().doesNotContain("\n");
        }
    }

    @Test
    void aGzipBombOfTenGigabytesOfZerosIsRejectedInBoundedMemory() throws Exception {
        Path bomb = gzipBomb(new byte[0], (byte) 0);
        expectRejectedInBoundedMemory("zeros bomb", bomb, ProfileException.class);
    }

    @Test
    void aGzipBombBehindAStackLineIsStoppedByTheRatioLimit() throws Exception {
        Path bomb = gzipBomb("main;work 1\n".getBytes(StandardCharsets.US_ASCII), (byte) '\n');
        expectRejectedInBoundedMemory("collapsed bomb", bomb, LimitExceededException.class);
        assertThatThrownBy(() -> Profiles.read(bomb, ReadOptions.DEFAULT)).hasMessageContaining("gzip");
    }

    @Test
    void aGzipBombBehindAJfrHeaderIsStoppedBeforeItFillsTheDisk() throws Exception {
        byte[] header = Arrays.copyOf(Files.readAllBytes(FixtureFiles.path("jfr/ap17-base.jfr")), 68);
        Path bomb = gzipBomb(header, (byte) 0);
        expectRejectedInBoundedMemory("JFR bomb", bomb, LimitExceededException.class);
    }

    @Test
    void aCollapsedStack100000FramesDeepIsRejectedInBoundedMemory() throws Exception {
        Path deep = dir.resolve("deep.collapsed");
        // A short first line lets detection see a whole line; the deep stack comes second.
        StringBuilder line = new StringBuilder("main;work 3\n");
        for (int i = 0; i < 100_000; i++) {
            line.append(i == 0 ? "main;" : ";").append("frame").append(i);
        }
        Files.writeString(deep, line.append(" 1\n"));
        expectRejectedInBoundedMemory("100,000-frame collapsed stack", deep, LimitExceededException.class);
        assertThatThrownBy(() -> Profiles.read(deep, ReadOptions.DEFAULT)).hasMessageContaining("deeper");
    }

    @Test
    void aCollapsedLineOf100MegabytesWithoutABreakIsRejectedInBoundedMemory() throws Exception {
        Path wide = dir.resolve("wide.collapsed");
        byte[] block = new byte[1 << 20];
        Arrays.fill(block, (byte) 'a');
        try (OutputStream out = Files.newOutputStream(wide)) {
            out.write("main;work 3\nmain;".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 100; i++) {
                out.write(block);
            }
        }
        expectRejectedInBoundedMemory("100 MB line", wide, LimitExceededException.class);
        assertThatThrownBy(() -> Profiles.read(wide, ReadOptions.DEFAULT)).hasMessageContaining("line 2: line longer");
    }

    @Test
    void aCallgrindLineOf100MegabytesIsRejectedInBoundedMemory() throws Exception {
        Path wide = dir.resolve("callgrind.out.wide");
        byte[] block = new byte[1 << 20];
        Arrays.fill(block, (byte) 'a');
        try (OutputStream out = Files.newOutputStream(wide)) {
            out.write("# callgrind format\nversion: 1\npositions: line\nevents: Ir\n\nfl=(1) a.c\nfn=(1) "
                    .getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 100; i++) {
                out.write(block);
            }
            out.write("\n1 5\n".getBytes(StandardCharsets.US_ASCII));
        }
        expectRejectedInBoundedMemory("100 MB callgrind line", wide, LimitExceededException.class);
        assertThatThrownBy(() -> Profiles.read(wide, ReadOptions.DEFAULT))
                .hasMessageContaining("callgrind, line 7: line longer than the limit");
    }

    @Test
    void aCallgrindChain100000CallsDeepIsRejectedInBoundedMemory() throws Exception {
        Path deep = dir.resolve("callgrind.out.deep");
        int n = 100_000;
        try (var out = Files.newBufferedWriter(deep)) {
            out.write("# callgrind format\nversion: 1\npositions: line\nevents: Ir\n\nfl=(1) deep.c\n");
            for (int i = 0; i < n; i++) {
                out.write("fn=(" + (i + 1) + ") f" + i + "\n1 1\n");
                if (i + 1 < n) {
                    out.write("cfn=(" + (i + 2) + ") f" + (i + 1) + "\ncalls=1 1\n1 " + (n - i - 1) + "\n");
                }
            }
            out.write("totals: " + n + "\n");
        }
        expectRejectedInBoundedMemory("100,000-call callgrind chain", deep, LimitExceededException.class);
    }

    private void expectRejectedInBoundedMemory(String what, Path input, Class<? extends ProfileException> type) {
        long peak = assertTimeoutPreemptively(Duration.ofMinutes(5), () -> {
            System.gc();
            try (HeapSampler heap = new HeapSampler()) {
                assertThatThrownBy(() -> Profiles.read(input, ReadOptions.DEFAULT)).as(what)
                        .isInstanceOf(type).hasMessageContaining(input.toString()).message().doesNotContain("\n");
                System.out.printf("%s: heap in use %,d KB before, peak %,d KB (garbage included)%n", what,
                        heap.before() >> 10, heap.peak() >> 10);
                return heap.peak() - heap.before();
            }
        }, what + " hangs");
        assertThat(peak).as(what + " peak heap growth").isLessThan(HEAP_BOUND);
    }

    /**
     * Samples the heap in use every millisecond. The pools' own peaks are only updated at
     * collections, so they miss whatever a read allocates between two of them.
     */
    private static final class HeapSampler implements AutoCloseable {
        private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        private final long before = memory.getHeapMemoryUsage().getUsed();
        private final AtomicLong peak = new AtomicLong(before);
        private final Thread thread = new Thread(this::sample, "heap-sampler");
        private volatile boolean running = true;

        HeapSampler() {
            thread.setDaemon(true);
            thread.start();
        }

        private void sample() {
            while (running) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                LockSupport.parkNanos(1_000_000);
            }
        }

        long before() {
            return before;
        }

        long peak() {
            return Math.max(peak.get(), memory.getHeapMemoryUsage().getUsed());
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            thread.join();
        }
    }

    /**
     * Writes {@code head} gzip-compressed and then ten gigabytes of one byte value as repeated
     * gzip members (a stream of several members is one valid gzip file): compressing a 64 MB
     * member once keeps building the bomb fast, and nothing large is ever written.
     */
    private Path gzipBomb(byte[] head, byte fill) throws IOException {
        ByteArrayOutputStream member = new ByteArrayOutputStream();
        byte[] block = new byte[1 << 20];
        Arrays.fill(block, fill);
        try (GZIPOutputStream gz = new GZIPOutputStream(member)) {
            for (int i = 0; i < 64; i++) {
                gz.write(block);
            }
        }
        Path bomb = dir.resolve("bomb.gz");
        try (OutputStream out = Files.newOutputStream(bomb)) {
            ByteArrayOutputStream first = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(first)) {
                gz.write(head);
            }
            first.writeTo(out);
            for (long written = 0; written < TEN_GB; written += 64L << 20) {
                member.writeTo(out);
            }
        }
        return bomb;
    }
}
