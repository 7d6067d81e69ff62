package dev.flamediff.collect.hardening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every fixture cut at about 200 offsets: every offset of the first 100 bytes (headers), around
 * each JFR chunk boundary and the offsets its header names (constant pools, metadata), and
 * seeded-random offsets elsewhere (mid-line, mid-event). Each cut gives a profile (marked
 * truncated where the format can tell) or a one-line {@link ProfileException} naming the file;
 * an unchecked exception, an out-of-memory or a hang (caught by a generous watchdog, not a speed
 * assertion) fails.
 */
class TruncationSweepTest {

    private static final int OFFSETS = 200;

    @TempDir
    Path dir;

    static Stream<String> fixtures() throws IOException {
        List<String> names = new ArrayList<>();
        for (String folder : List.of("collapsed", "callgrind", "jfr", "pprof")) {
            try (Stream<Path> files = Files.list(FixtureFiles.root().resolve(folder))) {
                files.filter(Files::isRegularFile)
                        .map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".collapsed") || n.startsWith("callgrind.out.") || n.endsWith(".jfr")
                                || n.endsWith(".pb"))
                        .sorted()
                        .forEach(n -> names.add(folder + "/" + n));
            }
        }
        // Two recordings laid end to end: a valid two-chunk recording, cut around its boundary.
        names.add("jfr/ap17-base.jfr+jfr/ap17-base2.jfr");
        names.add("jfr/jdk17-base.jfr+jfr/jdk17-base2.jfr");
        return names.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyCutIsAProfileOrAOneLineError(String fixture) throws Exception {
        byte[] whole = load(fixture);
        TreeSet<Integer> cuts = offsets(whole, fixture.hashCode());
        List<String> parsers = fixture.startsWith("jfr/") ? List.of("jdk", "async", "flamediff") : List.of("jdk");
        assertTimeoutPreemptively(Duration.ofMinutes(10), () -> {
            for (int cut : cuts) {
                Path file = dir.resolve("cut-" + cut);
                Files.write(file, java.util.Arrays.copyOf(whole, cut));
                for (String parser : parsers) {
                    check(fixture, whole, cut, file, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
                }
                Files.delete(file);
            }
        }, "a cut of " + fixture + " hangs");
    }

    private static void check(String fixture, byte[] whole, int cut, Path file, ReadOptions options) throws IOException {
        String what = fixture + " cut at byte " + cut + " (" + options.jfrParser().map(JfrParserChoice::label).orElse("") + ")";
        Profile profile;
        try {
            profile = Profiles.read(file, options);
        } catch (ProfileException e) {
            assertThat(e.getMessage()).as(what).doesNotContain("\n", "\r").contains(file.toString());
            return;
        } catch (RuntimeException | OutOfMemoryError e) {
            throw new AssertionError(what + " failed unchecked: " + e, e);
        }
        if (fixture.startsWith("jfr/") && !chunkEnds(whole).contains((long) cut)) {
            assertThat(profile.metadata().truncated()).as(what + " is marked truncated").isTrue();
        } else if (fixture.startsWith("callgrind/") && cutBeforeTotals(whole, cut)) {
            assertThat(profile.metadata().truncated()).as(what + " (after summary:, before totals:) is marked truncated")
                    .isTrue();
        }
    }

    /** The offsets where chunks end: a cut there leaves whole chunks, a complete recording. */
    private static java.util.Set<Long> chunkEnds(byte[] whole) {
        java.util.Set<Long> ends = new java.util.HashSet<>();
        ByteBuffer b = ByteBuffer.wrap(whole);
        long chunk = 0;
        while (chunk + 68 <= whole.length && b.getInt((int) chunk) == 0x464C5200 && b.getLong((int) chunk + 8) > 0) {
            chunk += b.getLong((int) chunk + 8);
            ends.add(chunk);
        }
        return ends;
    }

    /** A cut after a part's {@code summary:} line and before its {@code totals:} line, outside that line. */
    private static boolean cutBeforeTotals(byte[] whole, int cut) {
        String text = new String(whole, 0, cut, StandardCharsets.ISO_8859_1);
        int lastLine = text.lastIndexOf('\n') + 1;
        if (text.startsWith("tot", lastLine) || text.startsWith("sum", lastLine)) {
            return false;
        }
        return text.lastIndexOf("\nsummary:") > text.lastIndexOf("\ntotals:");
    }

    private static TreeSet<Integer> offsets(byte[] whole, long seed) {
        TreeSet<Integer> cuts = new TreeSet<>();
        int size = whole.length;
        for (int i = 0; i < Math.min(100, size); i++) {
            cuts.add(i);
        }
        if (size >= 68 && whole[0] == 'F' && whole[1] == 'L' && whole[2] == 'R' && whole[3] == 0) {
            ByteBuffer b = ByteBuffer.wrap(whole);
            long chunk = 0;
            while (chunk + 68 <= size && b.getInt((int) chunk) == 0x464C5200) {
                long chunkSize = b.getLong((int) chunk + 8);
                for (long at : new long[] {chunk, chunk + b.getLong((int) chunk + 16), chunk + b.getLong((int) chunk + 24),
                        chunk + chunkSize}) {
                    for (long d = -4; d <= 70; d++) {
                        if (at + d > 0 && at + d < size) {
                            cuts.add((int) (at + d));
                        }
                    }
                }
                if (chunkSize <= 0) {
                    break;
                }
                chunk += chunkSize;
            }
        }
        Random random = new Random(seed);
        // At least 40 random cuts besides the fixed ones, 200 in all when the fixed ones are fewer.
        int target = Math.min(size, Math.max(OFFSETS, cuts.size() + 40));
        while (cuts.size() < target) {
            cuts.add(random.nextInt(size));
        }
        return cuts;
    }

    private static byte[] load(String fixture) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (String part : fixture.split("\\+")) {
            out.write(Files.readAllBytes(FixtureFiles.path(part)));
        }
        return out.toByteArray();
    }
}
