package dev.flamediff.bench;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.Renderers;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The whole library path a service runs per request, read → diff → render, on the shipped fixture
 * pairs (a few hundred KB a side), in milliseconds per diff: {@code warm} in a JVM that has run it
 * for a while (the per-diff cost of a long-lived service), {@code firstDiff} as the first call in a
 * fresh JVM (class loading, interpreter and JIT included; JVM start-up and the CLI's argument
 * parsing not), one call per fork.
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class PipelineBenchmark {

    /** The fixture pair. */
    @Param({"collapsed", "ap17", "jdk17"})
    public String pair;

    /** The output format. */
    @Param({"svg", "json", "markdown"})
    public String format;

    private Path base;
    private Path head;

    /** Finds the fixture pair. */
    @Setup(Level.Trial)
    public void setUp() {
        switch (pair) {
            case "collapsed" -> {
                base = BenchInputs.fixture("collapsed/base.collapsed");
                head = BenchInputs.fixture("collapsed/head.collapsed");
            }
            case "ap17", "jdk17" -> {
                base = BenchInputs.fixture("jfr/" + pair + "-base.jfr");
                head = BenchInputs.fixture("jfr/" + pair + "-head.jfr");
            }
            default -> throw new IllegalArgumentException(pair);
        }
    }

    /** One diff in a warmed-up JVM. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @Warmup(iterations = 5, time = 2)
    @Measurement(iterations = 5, time = 2)
    @Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
    public long warm() throws Exception {
        return readDiffRender();
    }

    /** The first diff in a fresh JVM. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    @Fork(value = 10, jvmArgsAppend = {"-Xmx1g"})
    public long firstDiff() throws Exception {
        return readDiffRender();
    }

    private long readDiffRender() throws Exception {
        DiffTree diff = Diffs.diff(Profiles.read(base, ReadOptions.DEFAULT), Profiles.read(head, ReadOptions.DEFAULT),
                DiffOptions.DEFAULT);
        BenchInputs.CountingSink sink = new BenchInputs.CountingSink();
        Renderers.byFormat(format).orElseThrow().render(diff, RenderOptions.DEFAULT, sink);
        return sink.count;
    }
}
