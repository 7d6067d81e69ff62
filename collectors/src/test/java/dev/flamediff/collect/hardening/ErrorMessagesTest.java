package dev.flamediff.collect.hardening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.collect.jfr.JfrProfileReader;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.UnrecognizedFormatException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each reader's bad input gives one line that names the file, the format and where: a line
 * number for the text formats, a byte offset for JFR.
 */
class ErrorMessagesTest {

    @TempDir
    Path dir;

    private ProfileException read(String name, byte[] content, ReadOptions options) throws Exception {
        Path file = dir.resolve(name);
        Files.write(file, content);
        try {
            Profiles.read(file, options);
        } catch (ProfileException e) {
            assertThat(e.getMessage()).doesNotContain("\n", "\r").startsWith(file + ": ");
            return e;
        }
        throw new AssertionError(name + " was read without an error");
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void collapsedNamesTheLine() throws Exception {
        ProfileException e = read("bad.collapsed", text("main;work 3\nmain;work;parse 2\nmain;;sum 4\n"), ReadOptions.DEFAULT);
        assertThat(e).isInstanceOf(MalformedProfileException.class);
        assertThat(e.getMessage()).contains("bad.collapsed: collapsed, line 3: ");
    }

    @Test
    void collapsedNamesTheLineOfABadCount() throws Exception {
        ProfileException e = read("count.collapsed", text("main;work 3\nmain;work;parse 99999999999999999999999\n"),
                ReadOptions.DEFAULT);
        assertThat(e.getMessage()).contains("count.collapsed: collapsed, line 2: ");
    }

    @Test
    void callgrindNamesTheLine() throws Exception {
        String content = "# callgrind format\nversion: 1\npositions: line\nevents: Ir\n\nfl=(1) a.c\nfn=(1) main\n"
                + "1 5\ncfn=(2) work\ncalls=1 1\n1 x7\n";
        ProfileException e = read("callgrind.out.bad", text(content), ReadOptions.DEFAULT);
        assertThat(e.getMessage()).contains("callgrind.out.bad: callgrind, line 11");
    }

    @Test
    void callgrindNamesTheLineOfAnUnknownNameReference() throws Exception {
        String content = "# callgrind format\nversion: 1\npositions: line\nevents: Ir\n\nfl=(1) a.c\nfn=(7)\n1 5\n";
        ProfileException e = read("callgrind.out.ref", text(content), ReadOptions.DEFAULT);
        assertThat(e.getMessage()).contains("callgrind.out.ref: callgrind, line 7");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void jfrNamesTheByteOffsetOfAnUnsupportedVersion(String parser) throws Exception {
        byte[] jfr = Files.readAllBytes(FixtureFiles.path("jfr/ap17-base.jfr"));
        ByteBuffer.wrap(jfr).putShort(4, (short) 1);
        ProfileException e = read("v1.jfr", jfr, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
        assertThat(e).isInstanceOf(UnrecognizedFormatException.class);
        assertThat(e.getMessage()).contains("v1.jfr: jfr, byte 4: unsupported JFR version 1.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void jfrNamesTheByteOffsetOfACut(String parser) throws Exception {
        byte[] jfr = Files.readAllBytes(FixtureFiles.path("jfr/jdk17-base.jfr"));
        ProfileException e = read("cut.jfr", Arrays.copyOf(jfr, 5000), ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
        assertThat(e.getMessage()).contains("cut.jfr: jfr, byte ").contains("no complete chunk");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "async", "flamediff"})
    void jfrNamesTheChunkOffsetOfDamageInside(String parser) throws Exception {
        byte[] jfr = Files.readAllBytes(FixtureFiles.path("jfr/ap17-base.jfr"));
        ByteBuffer b = ByteBuffer.wrap(jfr);
        long meta = b.getLong(24);
        // Overwrite the metadata event with garbage: the chunk cannot be decoded.
        for (int i = 0; i < 64; i++) {
            jfr[(int) meta + i] = (byte) 0xFF;
        }
        ProfileException e = read("damaged.jfr", jfr, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
        // The chunk's offsets are checked before either parser runs: the metadata event is named.
        assertThat(e.getMessage()).contains("damaged.jfr: jfr, byte " + meta + ": ");
    }

    @Test
    void anEmptyFileIsNotJfr() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.jfr"));
        try (ProfileInput input = ProfileInput.of(empty, InputLimits.DEFAULT)) {
            assertThatThrownBy(() -> new JfrProfileReader().read(input, ReadOptions.DEFAULT))
                    .isInstanceOf(UnrecognizedFormatException.class)
                    .hasMessage(empty + ": jfr, byte 0: not a JFR recording (the file is empty)");
        }
    }

    @Test
    void damagedGzipDataNamesTheDecompressedOffset() throws Exception {
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(Files.readAllBytes(FixtureFiles.path("collapsed/base.collapsed")));
        }
        byte[] bytes = gz.toByteArray();
        // Damage the CRC of the trailer: every line inflates, and the check at the end fails.
        bytes[bytes.length - 8] ^= (byte) 0x5A;
        ProfileException e = read("damaged.collapsed.gz", bytes, ReadOptions.DEFAULT);
        assertThat(e).isInstanceOf(MalformedProfileException.class);
        assertThat(e.getMessage()).matches(".*damaged\\.collapsed\\.gz: gzip, byte \\d+: damaged gzip data \\(.+\\)");
    }

    @Test
    void aCutGzipStreamNamesTheDecompressedOffset() throws Exception {
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write(Files.readAllBytes(FixtureFiles.path("collapsed/base.collapsed")));
        }
        byte[] cut = Arrays.copyOf(gz.toByteArray(), gz.size() / 2);
        ProfileException e = read("cut.collapsed.gz", cut, ReadOptions.DEFAULT);
        assertThat(e.getMessage()).contains("cut.collapsed.gz: gzip, byte ").contains("damaged gzip data");
    }

    @Test
    void anUnknownFormatNamesTheFile() throws Exception {
        ProfileException e = read("noise.bin", new byte[] {0, 1, 2, 3, (byte) 0xFF, 7, 7, 7}, ReadOptions.DEFAULT);
        assertThat(e).isInstanceOf(UnrecognizedFormatException.class);
        assertThat(e.getMessage()).contains("noise.bin: ");
    }
}
