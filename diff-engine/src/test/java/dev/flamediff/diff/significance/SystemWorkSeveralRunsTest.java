package dev.flamediff.diff.significance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * System work (kernel page clearing, the C library, the JVM's own code) with several runs a
 * side, measured on simulated recordings whose shape is that of async-profiler's on a JVM: the
 * program's frames vary a few percent between runs, the system frames under them by a factor
 * of about two (the heap, the page cache and the JIT differ run to run). With two runs a side,
 * two recordings that happen to agree on {@code clear_page_erms} were judged against the
 * program's few percent and named it a culprit in same-program pairs. Fixed seeds.
 */
class SystemWorkSeveralRunsTest {

    private static final String[] SYSTEM = {
        "clear_page_erms", "__memset_avx2_unaligned_erms", "asm_exc_page_fault", "__libc_malloc",
        "copy_user_enhanced_fast_string", "do_syscall_64",
    };

    /** One recording: program leaves and system work beneath some of them, each count drawn per run. */
    private static Profile recording(Random random, String name, double systemFactor, String slower, double factor) throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        // The machine's share this run: one factor for all system work, and each frame's own.
        double machine = Math.exp(0.7 * random.nextGaussian());
        for (int i = 0; i < 48; i++) {
            String leaf = "main;app.Worker.loop;app.Stage" + (i % 6) + ".run;app.Step" + i + ".apply";
            double mean = (60 + 20 * (i % 5)) * Math.exp(0.04 * random.nextGaussian());
            if (leaf.endsWith("app.Step" + slower + ".apply")) {
                mean *= factor;
            }
            add(b, leaf, poisson(random, mean));
        }
        for (int i = 0; i < SYSTEM.length; i++) {
            String stack = "main;app.Worker.loop;app.Stage" + (i % 6) + ".run;app.Buffers.fill;" + SYSTEM[i];
            double mean = 70 * systemFactor * machine * Math.exp(0.4 * random.nextGaussian());
            add(b, stack, poisson(random, mean));
        }
        return new Profile(b.build(), ProfileMetadata.of(name, "collapsed", "cpu"));
    }

    private static void add(CallTreeBuilder b, String stack, long n) throws Exception {
        if (n > 0) {
            b.addStack(Arrays.stream(stack.split(";")).map(Frame::of).toList(), n);
        }
    }

    private static long poisson(Random random, double mean) {
        return Math.max(0, Math.round(mean + Math.sqrt(mean) * random.nextGaussian()));
    }

    private static List<Profile> runs(Random random, String side, int n, double systemFactor, String slower, double factor) throws Exception {
        List<Profile> out = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            out.add(recording(random, side + r, systemFactor, slower, factor));
        }
        return out;
    }

    private static List<String> culprits(DiffTree diff) {
        return diff.functions().culprits().stream().map(Culprit::function).map(f -> f.frame().name()).toList();
    }

    @Test
    void twoRunsASideOfTheSameProgramNameNoSystemFrame() throws Exception {
        int flagged = 0;
        int pairs = 60;
        for (int seed = 0; seed < pairs; seed++) {
            Random random = new Random(7100 + seed);
            DiffTree diff = Diffs.diff(runs(random, "base", 2, 1, "", 1), runs(random, "head", 2, 1, "", 1), DiffOptions.DEFAULT);
            List<String> named = culprits(diff);
            if (!named.isEmpty()) {
                flagged++;
                System.out.println("same program, seed " + seed + ": " + named);
            }
        }
        System.out.println("same program, 2 vs 2 runs: " + flagged + " of " + pairs + " pairs name a culprit");
        // 24 of 60 (all of them app.Buffers.fill, the system work's caller) when system work was
        // judged against the program's spread.
        assertThat(flagged).isLessThanOrEqualTo(3);
    }

    @Test
    void aProgramMethodTwiceAsSlowIsStillFoundWithTwoRunsASide() throws Exception {
        int found = 0;
        int pairs = 30;
        for (int seed = 0; seed < pairs; seed++) {
            Random random = new Random(7300 + seed);
            DiffTree diff = Diffs.diff(runs(random, "base", 2, 1, "", 1), runs(random, "head", 2, 1, "17", 2),
                    DiffOptions.DEFAULT);
            List<String> named = culprits(diff);
            found += !named.isEmpty() && named.get(0).equals("app.Step17.apply") ? 1 : 0;
        }
        System.out.println("a method 2x slower, 2 vs 2 runs: named first in " + found + " of " + pairs);
        // 23 of 30 when the system frames' noise was taken for changes and named before it.
        assertThat(found).isGreaterThanOrEqualTo(27);
    }

    @Test
    void systemWorkTenTimesAsLargeIsStillFoundWithThreeRunsASide() throws Exception {
        int found = 0;
        int pairs = 30;
        for (int seed = 0; seed < pairs; seed++) {
            Random random = new Random(7500 + seed);
            DiffTree diff = Diffs.diff(runs(random, "base", 3, 1, "", 1), runs(random, "head", 3, 10, "", 1),
                    DiffOptions.DEFAULT);
            List<String> named = culprits(diff);
            found += !named.isEmpty() && named.get(0).equals("app.Buffers.fill") ? 1 : 0;
        }
        System.out.println("system work 10x under one method, 3 vs 3 runs: its caller named first in " + found + " of " + pairs);
        // Against run-to-run factors of about two for all system work, three runs a side find a
        // tenfold change two times in three (28 of 30 when system work was judged by the
        // program's spread, which also named it in 24 of 60 same-program pairs of two runs).
        assertThat(found).isGreaterThanOrEqualTo(15);
    }
}
