package dev.flamediff.bench;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.Profile;
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

/** Diff throughput, in union-tree nodes per second (the {@code nodes} counter). */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@State(Scope.Benchmark)
public class DiffBenchmark {

    /** Distinct stacks of the synthetic pair. */
    @Param({"20000", "200000"})
    public int stacks;

    private Profile base;
    private Profile head;

    /** Counts the nodes of the diffs made. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Nodes {
        /** Union-tree nodes built. */
        public long nodes;
    }

    /** Reads the synthetic pair. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        long bytes = stacks * 500L;
        base = Profiles.read(BenchInputs.folded(false, stacks, bytes), ReadOptions.DEFAULT);
        head = Profiles.read(BenchInputs.folded(true, stacks, bytes), ReadOptions.DEFAULT);
    }

    /** Diffs the pair. */
    @Benchmark
    public DiffTree diff(Nodes counter) throws Exception {
        DiffTree tree = Diffs.diff(base, head, DiffOptions.DEFAULT);
        counter.nodes += tree.size();
        return tree;
    }
}
