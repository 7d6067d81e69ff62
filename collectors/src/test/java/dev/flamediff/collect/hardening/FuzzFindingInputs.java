package dev.flamediff.collect.hardening;

import dev.flamediff.collect.jfr.HostileJfr;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

/**
 * Writes the fuzz regression inputs of findings that no fuzzer run produced (they came from a
 * review), beside the seeds of {@link ReaderFuzzTest}; {@link FuzzFindingsTest} checks what each
 * must read as. The JFR ones start from the committed seeds and from recordings reduced with
 * {@code jfr scrub} (JDK 19 or later), whose paths are the arguments:
 *
 * <pre>
 * jfr scrub --include-events jdk.CPUTimeSample fixtures/jfr/jdk25-base.jfr cpu-time.jfr
 * jfr scrub --include-events 'jdk.ObjectAllocation*' fixtures/jfr/ap25-base.jfr alloc.jfr
 * java ... FuzzFindingInputs INPUTS_DIR cpu-time.jfr alloc.jfr
 * </pre>
 */
public final class FuzzFindingInputs {

    private FuzzFindingInputs() {
    }

    /** Writes every input; see the class comment for the arguments. */
    public static void main(String[] args) throws IOException {
        Path in = Path.of(args[0]);
        byte[] cpuTime = Files.readAllBytes(Path.of(args[1]));
        byte[] alloc = Files.readAllBytes(Path.of(args[2]));
        Files.write(in.resolve("collapsed/finding-cr-line-ends"), crOnly());
        Files.write(in.resolve("collapsed/finding-first-line-over-1mib.gz"), gzip(longFirstLine()));
        Files.write(in.resolve("callgrind/finding-expansion-layers.gz"), gzip(layeredCallGraph()));
        byte[] execution = Files.readAllBytes(in.resolve("jfrJdkParser/seed-jdk17-base"));
        byte[] mixed = new byte[cpuTime.length + execution.length];
        System.arraycopy(cpuTime, 0, mixed, 0, cpuTime.length);
        System.arraycopy(execution, 0, mixed, cpuTime.length, execution.length);
        byte[] overflow = HostileJfr.allocationWeights(alloc, 1L << 60);
        byte[] missing = HostileJfr.missingMethodNames(execution);
        for (String parser : new String[] {"jfrJdkParser", "jfrAsyncParser"}) {
            Files.write(in.resolve(parser + "/finding-cpu-time-then-execution-chunks"), mixed);
            Files.write(in.resolve(parser + "/finding-alloc-weight-overflow-ap25"), overflow);
            Files.write(in.resolve(parser + "/finding-missing-method-symbols-jdk17"), missing);
        }
    }

    /** Old Mac line ends: three stacks, 10 samples. */
    static byte[] crOnly() {
        return "main;work;parse 3\rmain;work;checksum 5\rmain;idle 2\r".getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * A first line of 1.2 MB (300 frames of 4,000 characters, 7 samples) before a short one (3).
     * Every 24th character is drawn at random so the gzip copy stays within the expansion ratio.
     */
    static byte[] longFirstLine() {
        Random random = new Random(19);
        StringBuilder line = new StringBuilder("main");
        for (int d = 0; d < 300; d++) {
            line.append(";f").append(d).append('_');
            for (int i = 0; i < 4000; i++) {
                line.append(i % 24 == 0 ? (random.nextBoolean() ? 'a' : 'b') : 'x');
            }
        }
        return (line + " 7\nmain;short 3\n").getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * A call graph without caller contexts: main calls 20 functions, each of which calls the same
     * 20 others, over four layers (160,000 paths), and each function of the last layer starts a
     * chain of 16 that holds the cost. 1,540 calls in the file; expanded, some 2.4 million nodes,
     * past the expansion's own budget of 1,048,576. Costs are consistent (every call costs its
     * share of the callee's inclusive cost), so nothing is clamped.
     */
    static byte[] layeredCallGraph() {
        int width = 20;
        int layers = 4;
        int chain = 16;
        long own = 20;
        long heavy = 1_000_000;
        StringBuilder s = new StringBuilder("# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\n"
                + "cmd: ./layers\nevents: Ir\n");
        Set<Integer> named = new HashSet<>();
        // inclusive[k]: a function of layer k, chain included; the chain's own below.
        long[] inclusive = new long[layers];
        inclusive[layers - 1] = own + chain * heavy;
        for (int k = layers - 2; k >= 0; k--) {
            inclusive[k] = own + inclusive[k + 1];
        }
        block(s, named, 1, "main", own);
        for (int j = 0; j < width; j++) {
            call(s, named, 2 + j, "l0_" + j, inclusive[0]);
        }
        for (int k = 0; k < layers; k++) {
            for (int j = 0; j < width; j++) {
                block(s, named, 2 + k * width + j, "l" + k + "_" + j, own);
                if (k + 1 < layers) {
                    for (int g = 0; g < width; g++) {
                        call(s, named, 2 + (k + 1) * width + g, "l" + (k + 1) + "_" + g, inclusive[k + 1] / width);
                    }
                } else {
                    call(s, named, 2 + layers * width + j * chain, "c" + j + "_1", chain * heavy);
                }
            }
        }
        for (int j = 0; j < width; j++) {
            for (int c = 1; c <= chain; c++) {
                int id = 2 + layers * width + j * chain + c - 1;
                block(s, named, id, "c" + j + "_" + c, heavy);
                if (c < chain) {
                    call(s, named, id + 1, "c" + j + "_" + (c + 1), (chain - c) * heavy);
                }
            }
        }
        return s.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static void block(StringBuilder s, Set<Integer> named, int id, String name, long self) {
        s.append("\nfn=").append(ref(named, id, name)).append("\n0 ").append(self).append('\n');
    }

    private static void call(StringBuilder s, Set<Integer> named, int id, String name, long cost) {
        s.append("cfn=").append(ref(named, id, name)).append("\ncalls=1 0\n0 ").append(cost).append('\n');
    }

    /** A compressed name: defined with its text the first time, by its number after. */
    private static String ref(Set<Integer> named, int id, String name) {
        return named.add(id) ? "(" + id + ") " + name : "(" + id + ")";
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }
}
