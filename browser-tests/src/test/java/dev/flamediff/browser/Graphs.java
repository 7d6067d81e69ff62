package dev.flamediff.browser;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.Profile;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.svg.SvgRenderer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The recorded fixture pairs, diffed and rendered to SVG files under {@code target/}. */
final class Graphs {

    /** A base and a head fixture file, relative to the fixtures folder. */
    record Pair(String name, String base, String head) {
    }

    /** One pair per recorded format, the fixture program's base and head runs. */
    static final List<Pair> PAIRS = List.of(
            new Pair("collapsed", "collapsed/base.collapsed", "collapsed/head.collapsed"),
            new Pair("jfr-async-profiler", "jfr/ap17-base.jfr", "jfr/ap17-head.jfr"),
            new Pair("jfr-jdk", "jfr/jdk17-base.jfr", "jfr/jdk17-head.jfr"),
            new Pair("callgrind", "callgrind/callgrind.out.base", "callgrind/callgrind.out.head"));

    /**
     * The router program's pairs, one per recorder and the callgrind twin: one method slower over
     * 64 call paths, through callees it newly calls.
     */
    static final List<Pair> ROUTER_PAIRS = List.of(
            new Pair("router-collapsed", "router/ap-base.collapsed.gz", "router/ap-head.collapsed.gz"),
            new Pair("router-jfr-async-profiler", "router/ap-base.jfr.gz", "router/ap-head.jfr.gz"),
            new Pair("router-jfr-jdk", "router/jdk17-base.jfr.gz", "router/jdk17-head.jfr.gz"),
            new Pair("router-callgrind", "callgrind/callgrind.out.paths-base", "callgrind/callgrind.out.paths-head"));

    /** The router's async-profiler collapsed pair. */
    static final Pair ROUTER = ROUTER_PAIRS.get(0);

    /** The collapsed pair, the one most tests use. */
    static final Pair COLLAPSED = PAIRS.get(0);

    private Graphs() {
    }

    /** Returns the pairs whose files are all present. */
    static List<Pair> present() {
        return PAIRS.stream().filter(p -> exists(p.base()) && exists(p.head())).toList();
    }

    private static boolean exists(String relative) {
        try {
            FixtureFiles.path(relative);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Returns the diff of a pair with default options. */
    static DiffTree diff(Pair pair) throws Exception {
        Profile base = Profiles.read(FixtureFiles.path(pair.base()), ReadOptions.DEFAULT);
        Profile head = Profiles.read(FixtureFiles.path(pair.head()), ReadOptions.DEFAULT);
        return Diffs.diff(base, head, DiffOptions.DEFAULT);
    }

    /** Renders a diff to {@code target/browser-svg/NAME.svg} and returns the file. */
    static Path write(String name, DiffTree diff, RenderOptions options) throws IOException {
        Path dir = Path.of("target", "browser-svg");
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".svg").toAbsolutePath();
        try (OutputStream out = Files.newOutputStream(file)) {
            new SvgRenderer().render(diff, options, out);
        }
        return file;
    }

    /**
     * Returns the union width weight of a node: the sum over its subtree of max(base self, head
     * self), as the README defines the default width mode.
     */
    static double unionWeight(DiffTree diff, int node) {
        double w = 0;
        for (int n = node; n < diff.end(node); n++) {
            w += Math.max(diff.baseSelf(n), diff.headSelf(n));
        }
        return w;
    }
}
