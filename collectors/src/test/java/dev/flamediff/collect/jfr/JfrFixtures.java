package dev.flamediff.collect.jfr;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The recorded JFR fixtures (fixtures/jfr, made by record-jfr.sh) and helpers to compare trees. */
final class JfrFixtures {

    /** Every recording: the JDK's recorder on 17 and 25, async-profiler on 17 and 25. */
    static final List<String> ALL = List.of("jdk17-base", "jdk17-head", "jdk17-base2", "jdk25-base", "jdk25-head",
            "ap17-base", "ap17-head", "ap17-base2", "ap25-base", "ap25-head", "jdk17-depth8");

    /** The writers, each with a base and a head recording. */
    static final List<String> WRITERS = List.of("jdk17", "jdk25", "ap17", "ap25");

    private JfrFixtures() {
    }

    static Path path(String name) {
        Path p = Path.of("..", "fixtures", "jfr", name + ".jfr");
        if (!Files.exists(p)) {
            throw new IllegalStateException("fixture missing: " + p.toAbsolutePath());
        }
        return p;
    }

    static Profile read(String name, ReadOptions options) throws ProfileException, IOException {
        return Profiles.read(path(name), options);
    }

    static boolean isAsyncProfiler(String name) {
        return name.startsWith("ap");
    }

    /** Returns every stack with a non-zero self value, as "frame|KIND;..." root first, to its self values. */
    static Map<String, List<Long>> collapse(Profile profile) {
        CallTree tree = profile.tree();
        Map<String, List<Long>> out = new TreeMap<>();
        int values = tree.valueTypes().size();
        for (int node = 1; node < tree.size(); node++) {
            Long[] self = new Long[values];
            boolean any = false;
            for (int v = 0; v < values; v++) {
                self[v] = tree.self(v, node);
                any |= self[v] != 0;
            }
            if (any) {
                StringBuilder key = new StringBuilder();
                for (Frame f : tree.path(node)) {
                    key.append(f.name()).append('|').append(f.kind()).append(';');
                }
                out.put(key.toString(), List.of(self));
            }
        }
        return out;
    }

    /** Adds the stacks of {@code more} into {@code into}, value by value. */
    static void mergeInto(Map<String, List<Long>> into, Map<String, List<Long>> more) {
        more.forEach((k, v) -> into.merge(k, v, (a, b) -> {
            Long[] sum = new Long[a.size()];
            for (int i = 0; i < sum.length; i++) {
                sum[i] = a.get(i) + b.get(i);
            }
            return List.of(sum);
        }));
    }
}
