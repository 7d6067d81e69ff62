package dev.flamediff.example;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Three benchmarks over {@link Records}: {@code parse} regresses in head, {@code checksum}
 * improves, {@code sort} is unchanged. Throughput in operations per millisecond, as JMH reports
 * by default for {@code Mode.Throughput}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class RecordBenchmarks {

    @Param({"400"})
    public int lines;

    private String text;
    private byte[] bytes;
    private List<String[]> records;

    @Setup
    public void setUp() {
        text = Records.make(42, lines);
        bytes = text.getBytes(StandardCharsets.UTF_8);
        records = Records.splitWithIndexOf(text);
    }

    @Benchmark
    public List<String[]> parse() {
        return Records.parse(text);
    }

    @Benchmark
    public long checksum() {
        return Records.checksum(bytes);
    }

    @Benchmark
    public List<String[]> sort() {
        return Records.sort(records);
    }
}
