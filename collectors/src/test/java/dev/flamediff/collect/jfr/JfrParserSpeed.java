package dev.flamediff.collect.jfr;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import java.nio.file.Path;
import java.util.Arrays;
import one.jfr.JfrReader;
import one.jfr.event.AllocationSample;
import one.jfr.event.ContendedLock;
import one.jfr.event.Event;
import one.jfr.event.ExecutionSample;

/**
 * Measures the JFR parsers on one recording: stack-carrying events per second, median of several
 * reads after warm-up. Not a test (timings do not belong in assertions); run it by hand on a
 * fixture and on the large recording fixtures/jfr/make-large-jfr.sh makes:
 *
 * <pre>java -cp "test-classes:classes:$(deps)" dev.flamediff.collect.jfr.JfrParserSpeed FILE [ROUNDS]</pre>
 */
public final class JfrParserSpeed {

    private JfrParserSpeed() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        long events = countStackEvents(file);
        for (String parser : new String[] {"jdk", "async", "flamediff"}) {
            ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow());
            Profiles.read(file, options);
            Profiles.read(file, options);
            long[] nanos = new long[rounds];
            for (int i = 0; i < rounds; i++) {
                long t0 = System.nanoTime();
                Profiles.read(file, options);
                nanos[i] = System.nanoTime() - t0;
            }
            Arrays.sort(nanos);
            long median = nanos[rounds / 2];
            System.out.printf("%s parser: %s, %,d stack events, median %,.1f ms, %,.0f events/s%n", parser,
                    file.getFileName(), events, median / 1e6, events / (median / 1e9));
        }
    }

    /** Counts the events async-profiler's parser decodes (samples, allocations, locks) in every chunk. */
    private static long countStackEvents(Path file) throws Exception {
        long n = 0;
        try (JfrReader reader = new JfrReader(file.toString())) {
            for (Event e; (e = reader.readEvent()) != null; ) {
                if (e instanceof ExecutionSample || e instanceof AllocationSample || e instanceof ContendedLock) {
                    n++;
                }
            }
        }
        return n;
    }
}
