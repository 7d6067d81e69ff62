package dev.flamediff.bench;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.model.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Read throughput of each reader, in input bytes per second (the {@code bytes} counter): the
 * collapsed reader on a synthetic file, both JFR parsers on async-profiler and JDK recordings
 * (fixtures repeated chunk after chunk), and the callgrind reader on a fixture.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@State(Scope.Benchmark)
public class ReaderBenchmark {

    /** Which reader on which input. */
    @Param({"collapsed", "jfr-async-ap", "jfr-jdk-ap", "jfr-async-jdk", "jfr-jdk-jdk", "callgrind"})
    public String input;

    private Path file;
    private long size;
    private ReadOptions options;

    /** Counts the bytes read, so JMH reports bytes per second next to reads per second. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Bytes {
        /** Input bytes read. */
        public long bytes;
    }

    /** Makes the input file. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        options = ReadOptions.DEFAULT;
        switch (input) {
            case "collapsed" -> file = BenchInputs.folded(false, 20_000, 20_000_000L);
            case "jfr-async-ap", "jfr-jdk-ap" -> file = BenchInputs.repeated("jfr/ap17-head.jfr", 20_000_000L);
            case "jfr-async-jdk", "jfr-jdk-jdk" -> file = BenchInputs.repeated("jfr/jdk17-head.jfr", 20_000_000L);
            case "callgrind" -> file = BenchInputs.fixture("callgrind/callgrind.out.head-sep");
            default -> throw new IllegalArgumentException(input);
        }
        if (input.startsWith("jfr-async")) {
            options = options.withJfrParser(JfrParserChoice.ASYNC);
        } else if (input.startsWith("jfr-jdk")) {
            options = options.withJfrParser(JfrParserChoice.JDK);
        }
        size = Files.size(file);
    }

    /** Reads the whole file into a profile. */
    @Benchmark
    public Profile read(Bytes counter) throws Exception {
        Profile profile = Profiles.read(file, options);
        counter.bytes += size;
        return profile;
    }
}
