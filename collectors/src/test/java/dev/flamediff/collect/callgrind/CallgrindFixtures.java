package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.Profile;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The recorded callgrind fixtures and small helpers to look into what was read from them. */
final class CallgrindFixtures {

    static final Path DIR = Path.of("..", "fixtures", "callgrind");

    private CallgrindFixtures() {
    }

    static Path file(String name) {
        return DIR.resolve("callgrind.out." + name);
    }

    static Path expected(String name) {
        return DIR.resolve("expected").resolve(name + ".annotate.txt");
    }

    static Profile read(String name) throws Exception {
        return Profiles.read(file(name), ReadOptions.DEFAULT);
    }

    static Profile read(String name, ReadOptions options) throws Exception {
        return Profiles.read(file(name), options);
    }

    static CallgrindFile parse(String name) throws Exception {
        try (ProfileInput input = ProfileInput.of(file(name), InputLimits.DEFAULT);
             BufferedReader in = new BufferedReader(new java.io.InputStreamReader(input.open(), StandardCharsets.UTF_8))) {
            return new CallgrindParser(InputLimits.DEFAULT.maxNameLength()).parse(in);
        }
    }

    /** Returns the parsed self costs per full function name, summed over objects, zeros left out. */
    static Map<String, long[]> selfByFunction(CallGraph graph) {
        Map<String, long[]> out = new TreeMap<>();
        for (int f = 0; f < graph.size(); f++) {
            long[] into = out.computeIfAbsent(graph.name(f), k -> new long[graph.events()]);
            for (int e = 0; e < graph.events(); e++) {
                into[e] += graph.self(f, e);
            }
        }
        out.values().removeIf(v -> java.util.Arrays.stream(v).allMatch(x -> x == 0));
        return out;
    }

    /** Returns the tree's self values per frame name, summed over every node of that name. */
    static Map<String, Long> selfByFrame(CallTree tree, int valueIndex) {
        Map<String, Long> out = new TreeMap<>();
        for (int n = 1; n < tree.size(); n++) {
            long v = tree.self(valueIndex, n);
            if (v != 0) {
                out.merge(tree.frame(n).name(), v, Long::sum);
            }
        }
        return out;
    }

    /** Returns every root-to-node path as "a;b;c" with the node's total, the root left out. */
    static Map<String, Long> stacks(CallTree tree, int valueIndex) {
        Map<String, Long> out = new TreeMap<>();
        for (int n = 1; n < tree.size(); n++) {
            List<String> names = new ArrayList<>();
            for (int p = n; p > 0; p = tree.parent(p)) {
                names.add(0, tree.frame(p).name());
            }
            out.merge(String.join(";", names), tree.total(valueIndex, n), Long::sum);
        }
        return out;
    }

    static String text(Path path) throws Exception {
        return Files.readString(path, StandardCharsets.ISO_8859_1);
    }
}
