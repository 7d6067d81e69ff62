package dev.flamediff.cli.hardening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.ReaderRegistry;
import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.Diffs;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.Profile;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.Renderers;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * 100 diffs at once through the library API, as a results service runs them: one shared reader
 * registry and one shared instance of each renderer. Every output must be byte-identical to the
 * same diff run alone; a reader or renderer that keeps state between calls shows up as a
 * difference (or an exception) here.
 */
class ConcurrencyTest {

    private static final String[][] PAIRS = {
        {"collapsed/base.collapsed", "collapsed/head.collapsed", "jdk"},
        {"callgrind/callgrind.out.base", "callgrind/callgrind.out.head", "jdk"},
        {"jfr/ap17-base.jfr", "jfr/ap17-head.jfr", "async"},
        {"jfr/jdk17-base.jfr", "jfr/jdk17-head.jfr", "jdk"},
        {"collapsed/base-ann.collapsed", "collapsed/head-ann.collapsed", "jdk"},
    };

    private static final int DIFFS = 100;

    private final ReaderRegistry registry = ReaderRegistry.defaults();
    private final List<DiffRenderer> renderers = List.of(Renderers.byFormat("svg").orElseThrow(),
            Renderers.byFormat("json").orElseThrow(), Renderers.byFormat("markdown").orElseThrow(),
            Renderers.byFormat("collapsed").orElseThrow());

    @Test
    void aHundredParallelDiffsEqualTheSequentialOnes() throws Exception {
        List<List<byte[]>> expected = new ArrayList<>();
        for (String[] pair : PAIRS) {
            expected.add(run(pair));
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<List<byte[]>>> results = new ArrayList<>();
            for (int i = 0; i < DIFFS; i++) {
                String[] pair = PAIRS[i % PAIRS.length];
                results.add(pool.submit((Callable<List<byte[]>>) () -> run(pair)));
            }
            assertTimeoutPreemptively(Duration.ofMinutes(15), () -> {
                for (int i = 0; i < DIFFS; i++) {
                    List<byte[]> got = results.get(i).get();
                    List<byte[]> want = expected.get(i % PAIRS.length);
                    for (int r = 0; r < renderers.size(); r++) {
                        assertThat(got.get(r)).as("diff %d (%s), %s", i, PAIRS[i % PAIRS.length][0],
                                renderers.get(r).format()).isEqualTo(want.get(r));
                    }
                }
            }, "the parallel diffs hang");
        } finally {
            pool.shutdownNow();
        }
    }

    private List<byte[]> run(String[] pair) throws Exception {
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(pair[2]).orElseThrow());
        Profile base = read(pair[0], options);
        Profile head = read(pair[1], options);
        var diff = Diffs.diff(base, head, DiffOptions.DEFAULT);
        List<byte[]> outputs = new ArrayList<>();
        for (DiffRenderer renderer : renderers) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            renderer.render(diff, RenderOptions.DEFAULT, out);
            outputs.add(out.toByteArray());
        }
        return outputs;
    }

    private Profile read(String fixture, ReadOptions options) throws Exception {
        try (ProfileInput input = ProfileInput.of(FixtureFiles.path(fixture), InputLimits.DEFAULT)) {
            return Profiles.read(input, options, registry);
        }
    }
}
