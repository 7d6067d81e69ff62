package dev.flamediff.bench;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.Renderers;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Render throughput of each renderer on one diff of a synthetic pair (20k stacks), in renders
 * per second, with the output bytes per second in the {@code outputBytes} counter.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@State(Scope.Benchmark)
public class RenderBenchmark {

    /** The output format. */
    @Param({"svg", "json", "collapsed"})
    public String format;

    private DiffTree tree;
    private DiffRenderer renderer;

    /** Counts the output bytes. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Output {
        /** Bytes written. */
        public long outputBytes;
    }

    /** Reads and diffs the synthetic pair. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        tree = Diffs.diff(Profiles.read(BenchInputs.folded(false, 20_000, 10_000_000L), ReadOptions.DEFAULT),
                Profiles.read(BenchInputs.folded(true, 20_000, 10_000_000L), ReadOptions.DEFAULT), DiffOptions.DEFAULT);
        renderer = Renderers.byFormat(format).orElseThrow();
    }

    /** Renders the diff to a sink that only counts. */
    @Benchmark
    public long render(Output counter) throws Exception {
        BenchInputs.CountingSink sink = new BenchInputs.CountingSink();
        renderer.render(tree, RenderOptions.DEFAULT, sink);
        counter.outputBytes += sink.count;
        return sink.count;
    }
}
