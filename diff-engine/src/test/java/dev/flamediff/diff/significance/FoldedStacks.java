package dev.flamediff.diff.significance;

import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.testkit.FoldedProfiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Folded stacks (stack → sample count) for the statistics tests: read from the real recordings in
 * fixtures/collapsed, resampled with Poisson noise, turned into profiles ({@link FoldedProfiles},
 * every frame named exactly as written). The diff engine must not depend on the collectors, not
 * even in its tests, so this reads the simple folded format itself, with just the part of the
 * collectors' frame-name normalization the recordings need to line up (lambda counters and
 * hidden-class addresses, as {@code FrameNameNormalizer} removes them).
 */
final class FoldedStacks {

    private static final Pattern LAMBDA_COUNTER = Pattern.compile("(\\$\\$Lambda)\\$\\d+");
    private static final Pattern HIDDEN_ADDRESS = Pattern.compile("[./]0x[0-9a-fA-F]+(?=[.;]|$)");

    private final Map<String, Long> counts;

    private FoldedStacks(Map<String, Long> counts) {
        this.counts = counts;
    }

    /** Returns whether the named fixture has been recorded. */
    static boolean exists(String name) {
        return Files.isRegularFile(FixtureFiles.root().resolve("collapsed").resolve(name));
    }

    /** Reads fixtures/collapsed/{name}. */
    static FoldedStacks fixture(String name) {
        try {
            return parse(Files.readAllLines(FixtureFiles.path("collapsed/" + name)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a gzipped folded file of the fixtures folder, e.g. {@code router/ap-base.collapsed.gz}. */
    static FoldedStacks gzipFixture(String relative) {
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(FixtureFiles.path(relative)))) {
            return parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a gzipped folded file from this test's class-path resources. */
    static FoldedStacks resource(String name) {
        try (var in = FoldedStacks.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + name);
            }
            byte[] bytes = new java.util.zip.GZIPInputStream(in).readAllBytes();
            return parse(new String(bytes, java.nio.charset.StandardCharsets.UTF_8).lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static FoldedStacks parse(List<String> lines) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String line : lines) {
            int space = line.lastIndexOf(' ');
            if (line.isBlank() || space < 0) {
                continue;
            }
            String stack = normalize(line.substring(0, space));
            counts.merge(stack, Long.parseLong(line.substring(space + 1).trim()), Long::sum);
        }
        return new FoldedStacks(counts);
    }

    private static String normalize(String stack) {
        String s = LAMBDA_COUNTER.matcher(stack).replaceAll("$1");
        return HIDDEN_ADDRESS.matcher(s).replaceAll("");
    }

    long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Returns the samples whose leaf frame is the given name. */
    long leafSamples(String leaf) {
        return counts.entrySet().stream().filter(e -> leafOf(e.getKey()).equals(leaf))
                .mapToLong(Map.Entry::getValue).sum();
    }

    static String leafOf(String stack) {
        return stack.substring(stack.lastIndexOf(';') + 1);
    }

    /**
     * Returns one simulated re-recording: each stack's count replaced by a Poisson draw whose mean
     * is the recorded count, times {@code factor} for the stacks the predicate selects.
     */
    FoldedStacks resample(Random random, Predicate<String> inject, double factor) {
        Map<String, Long> out = new LinkedHashMap<>();
        counts.forEach((stack, n) -> {
            long draw = poisson(random, inject.test(stack) ? n * factor : n);
            if (draw > 0) {
                out.put(stack, draw);
            }
        });
        return new FoldedStacks(out);
    }

    /** Returns a copy with the selected stacks' counts multiplied (rounded) by the factor. */
    FoldedStacks scale(Predicate<String> select, double factor) {
        Map<String, Long> out = new LinkedHashMap<>();
        counts.forEach((stack, n) -> out.put(stack, select.test(stack) ? Math.round(n * factor) : n));
        return new FoldedStacks(out);
    }

    FoldedStacks resample(Random random) {
        return resample(random, s -> false, 1);
    }

    /**
     * Returns one simulated re-recording that varies more than sampling: each stack's mean is
     * first multiplied by its own log-normal factor exp(spread·Z), Z standard normal (the
     * run-to-run variation c = spread of the model the one-run tests assume), then redrawn from
     * a Poisson distribution.
     */
    FoldedStacks resampleOverdispersed(Random random, double spread) {
        return resampleOverdispersed(random, spread, 1);
    }

    /**
     * As {@link #resampleOverdispersed(Random, double)}, every mean also multiplied by
     * {@code factor} (a run that got that share of the machine).
     */
    FoldedStacks resampleOverdispersed(Random random, double spread, double factor) {
        Map<String, Long> out = new LinkedHashMap<>();
        counts.forEach((stack, n) -> {
            long draw = poisson(random, factor * n * Math.exp(spread * random.nextGaussian()));
            if (draw > 0) {
                out.put(stack, draw);
            }
        });
        return new FoldedStacks(out);
    }

    /** Poisson by inversion, in chunks of mean ≤ 50 (Poisson is additive) so exp(-λ) never underflows. */
    static long poisson(Random random, double mean) {
        long sum = 0;
        double left = mean;
        while (left > 0) {
            double lambda = Math.min(50, left);
            left -= lambda;
            double p = Math.exp(-lambda);
            double cumulative = p;
            double u = random.nextDouble();
            int k = 0;
            while (u > cumulative && k < 1000) {
                k++;
                p *= lambda / k;
                cumulative += p;
            }
            sum += k;
        }
        return sum;
    }

    /** Returns a samples/count profile of these stacks. */
    Profile profile(String source) {
        return profile(source, ValueType.SAMPLES);
    }

    /** Returns a profile of these stacks whose single value type is the given one. */
    Profile profile(String source, ValueType type) {
        Map<List<Frame>, long[]> stacks = new LinkedHashMap<>();
        counts.forEach((stack, n) -> stacks.merge(frames(stack), new long[] {n}, FoldedStacks::plus));
        return FoldedProfiles.of(ProfileMetadata.of(source, "collapsed", "cpu"), List.of(type), stacks);
    }

    /**
     * Returns an allocation-like profile: alloc/bytes, each sample of a stack weighing a fixed
     * size derived from the stack (times {@code factor} for the selected stacks), plus the
     * samples/count behind it.
     */
    Profile weightedProfile(String source, Predicate<String> heavier, double factor) {
        return weightedProfile(source, heavier, factor, false);
    }

    /** As {@link #weightedProfile(String, Predicate, double)}; uniform gives every path the same size. */
    Profile weightedProfile(String source, Predicate<String> heavier, double factor, boolean uniform) {
        Map<List<Frame>, long[]> stacks = new LinkedHashMap<>();
        counts.forEach((stack, n) -> {
            long size = uniform ? 64 : 16L << Math.floorMod(stack.hashCode(), 9);
            double weight = heavier.test(stack) ? size * factor : size;
            stacks.merge(frames(stack), new long[] {Math.round(n * weight), n}, FoldedStacks::plus);
        });
        return FoldedProfiles.of(ProfileMetadata.of(source, "jfr", "alloc"),
                List.of(ValueType.ALLOC_BYTES, ValueType.SAMPLES), stacks);
    }

    /** The frames of a folded stack, each named exactly as written (no kind is read from a name). */
    private static List<Frame> frames(String stack) {
        List<Frame> frames = new ArrayList<>();
        for (String name : stack.split(";")) {
            frames.add(Frame.of(name));
        }
        return frames;
    }

    private static long[] plus(long[] a, long[] b) {
        long[] sum = a.clone();
        for (int i = 0; i < sum.length; i++) {
            sum[i] += b[i];
        }
        return sum;
    }

    /** Returns profiles of several stacks, for one side of a several-runs diff. */
    static List<Profile> profiles(String source, FoldedStacks... runs) {
        return Arrays.stream(runs).map(r -> r.profile(source)).toList();
    }
}
