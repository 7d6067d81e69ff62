package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class JfrRecorderDetectorTest {

    static java.util.List<String> fixtures() {
        return JfrFixtures.ALL;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void tellsAsyncProfilerRecordingsFromTheJdks(String name) throws IOException, ProfileException {
        Path file = JfrFixtures.path(name);
        JfrChunks chunks = JfrChunkScanner.scan(file, name);
        assertThat(JfrRecorderDetector.isAsyncProfiler(file, chunks.readable())).isEqualTo(JfrFixtures.isAsyncProfiler(name));
    }

    @Test
    void aRecordingWithAJdkChunkIsNotAsyncProfilers(@TempDir Path dir) throws IOException, ProfileException {
        // A JDK chunk followed by an async-profiler one: only the async-profiler chunk alone says yes.
        Path both = dir.resolve("both.jfr");
        Files.write(both, Files.readAllBytes(JfrFixtures.path("jdk17-base")));
        Files.write(both, Files.readAllBytes(JfrFixtures.path("ap17-base")), java.nio.file.StandardOpenOption.APPEND);
        JfrChunks chunks = JfrChunkScanner.scan(both, "both");
        java.util.List<JfrChunk> all = chunks.readable();
        assertThat(JfrRecorderDetector.isAsyncProfiler(both, all)).isFalse();
        assertThat(JfrRecorderDetector.isAsyncProfiler(both, all.subList(all.size() - 1, all.size()))).isTrue();
        assertThat(JfrRecorderDetector.isAsyncProfiler(both, all.subList(0, 1))).isFalse();
    }

    @Test
    void everyRecordingIsReadByFlamediffsParserUnlessTheOptionsNameOne() throws IOException, ProfileException {
        assertThat(notes("ap17-head", ReadOptions.DEFAULT)).anyMatch(n -> n.endsWith("read by the flamediff parser"));
        assertThat(notes("ap25-head", ReadOptions.DEFAULT)).anyMatch(n -> n.endsWith("read by the flamediff parser"));
        assertThat(notes("jdk17-head", ReadOptions.DEFAULT)).anyMatch(n -> n.endsWith("read by the flamediff parser"));
        assertThat(notes("jdk17-depth8", ReadOptions.DEFAULT.withEvent("native")))
                .anyMatch(n -> n.endsWith("read by the flamediff parser"));
        assertThat(notes("ap17-head", ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.JDK)))
                .anyMatch(n -> n.endsWith("read by the jdk parser"));
        assertThat(notes("jdk17-head", ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.JDK)))
                .anyMatch(n -> n.endsWith("read by the jdk parser"));
    }

    private static java.util.List<String> notes(String fixture, ReadOptions options) throws IOException, ProfileException {
        return JfrFixtures.read(fixture, options).metadata().notes();
    }
}
