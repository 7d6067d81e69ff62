package dev.flamediff.collect.collapsed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.Detection;
import dev.flamediff.fixtures.FixtureFiles;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CollapsedDetectionTest {

    private static Detection detect(String text, boolean complete) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return new CollapsedReader().detect(b, b.length, complete);
    }

    private static Detection detect(byte[] b, boolean complete) {
        return new CollapsedReader().detect(b, b.length, complete);
    }

    @Test
    void stackLinesAreRecognized() {
        assertThat(detect("main;work;parse 5\nmain 1\n", false)).isEqualTo(Detection.YES);
        assertThat(detect("\n\r\n  \n(below main);do it 3\r\n", false)).isEqualTo(Detection.YES);
        assertThat(detect("\uFEFFa;b 1\n", false)).isEqualTo(Detection.YES);
        assertThat(detect("single 7", true)).isEqualTo(Detection.YES);
        assertThat(detect("a;b 1\na;c", false)).isEqualTo(Detection.YES);
    }

    @Test
    void aCutFirstLineNeedsMore() {
        assertThat(detect("main;work;pa", false)).isEqualTo(Detection.NEED_MORE);
        assertThat(detect("main;work;parse 12", false)).isEqualTo(Detection.NEED_MORE);
        assertThat(detect("\n\n   ", false)).isEqualTo(Detection.NEED_MORE);
        assertThat(detect("", false)).isEqualTo(Detection.NEED_MORE);
    }

    @Test
    void completeInputsAreDecided() {
        assertThat(detect("main;work;pa", true)).isEqualTo(Detection.NO);
        assertThat(detect("", true)).isEqualTo(Detection.NO);
        assertThat(detect("\n \n", true)).isEqualTo(Detection.NO);
    }

    @Test
    void otherTextIsNotCollapsed() {
        assertThat(detect("hello world\n", false)).isEqualTo(Detection.NO);
        assertThat(detect("{\"frames\": 3}\n", false)).isEqualTo(Detection.NO);
        assertThat(detect("--- 123 ns (1.2%), 5 samples\n", false)).isEqualTo(Detection.NO);
        assertThat(detect("a;b 1.5e3\n", false)).isEqualTo(Detection.NO);
        assertThat(detect("a;b 1..5\n", false)).isEqualTo(Detection.NO);
        assertThat(detect("a;b -1\n", false)).isEqualTo(Detection.NO);
        assertThat(detect("12\n", false)).isEqualTo(Detection.NO);
        assertThat(detect(" 12\n", false)).isEqualTo(Detection.NO);
    }

    @Test
    void jfrIsNotCollapsed() {
        byte[] jfr = new byte[68];
        jfr[0] = 'F';
        jfr[1] = 'L';
        jfr[2] = 'R';
        jfr[5] = 2;
        assertThat(detect(jfr, false)).isEqualTo(Detection.NO);
        byte[] cut = {'F', 'L', 'R', 0};
        assertThat(detect(cut, false)).isEqualTo(Detection.NO);
    }

    @Test
    void gzipAndOtherBinaryIsNotCollapsed() {
        assertThat(detect(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0}, false)).isEqualTo(Detection.NO);
        assertThat(detect("a;b\u0001 1\n", false)).isEqualTo(Detection.NO);
    }

    @Test
    void callgrindIsNotCollapsed() {
        assertThat(detect("# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\n", false)).isEqualTo(Detection.NO);
        assertThat(detect("version: 1\ncreator: callgrind-3.19.0\npid: 1234\n", false)).isEqualTo(Detection.NO);
        assertThat(detect("pid: 1234\ncmd: ./prog\n", false)).isEqualTo(Detection.NO);
        assertThat(detect("weird header 1\nevents: Ir\nfn=(1) main\n", false)).isEqualTo(Detection.NO);
        assertThat(detect("events: Ir 2\n", false)).isEqualTo(Detection.NO);
    }

    private static List<Path> fixtures(String folder, String prefix) throws Exception {
        try (Stream<Path> files = Files.list(FixtureFiles.path(folder))) {
            return files.filter(Files::isRegularFile).filter(f -> f.getFileName().toString().startsWith(prefix)).sorted().toList();
        }
    }

    private static Detection detectFile(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] prefix = in.readNBytes(4096);
            return detect(prefix, prefix.length < 4096);
        }
    }

    @Test
    void recordedFixturesAreToldApart() throws Exception {
        List<Path> collapsed = fixtures("collapsed", "");
        List<Path> others = Stream.concat(fixtures("jfr", "").stream().filter(f -> f.toString().endsWith(".jfr")),
                fixtures("callgrind", "callgrind.out").stream()).toList();
        assertThat(collapsed).hasSizeGreaterThanOrEqualTo(3);
        assertThat(others).hasSizeGreaterThanOrEqualTo(3);
        for (Path f : collapsed) {
            assertThat(detectFile(f)).as(f.toString()).isEqualTo(Detection.YES);
        }
        for (Path f : others) {
            assertThat(detectFile(f)).as(f.toString()).isEqualTo(Detection.NO);
        }
    }
}
