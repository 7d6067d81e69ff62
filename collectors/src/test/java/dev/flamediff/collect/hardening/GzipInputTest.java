package dev.flamediff.collect.hardening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.MalformedProfileException;
import dev.flamediff.model.Profile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gzip inputs as {@code gzip -d} reads them: every member, header fields of any kind, and the
 * damage the JDK's GZIPInputStream let through (a damaged second header ended the data without a
 * word; a 63 MB file name in the header took a minute, outside every limit).
 */
class GzipInputTest {

    @TempDir
    Path dir;

    @Test
    void everyMemberIsRead() throws Exception {
        byte[] collapsed = Files.readAllBytes(FixtureFiles.path("collapsed/base.collapsed"));
        int half = indexOfLineAfter(collapsed, collapsed.length / 2);
        byte[] two = concat(gzip(Arrays.copyOf(collapsed, half)), gzip(Arrays.copyOfRange(collapsed, half, collapsed.length)));
        assertThat(read("two.collapsed.gz", two).tree().grandTotal(0)).isEqualTo(plainTotal());
    }

    @Test
    void aDamagedHeaderOnASecondMemberIsAnErrorNotTheEnd() throws Exception {
        byte[] collapsed = Files.readAllBytes(FixtureFiles.path("collapsed/base.collapsed"));
        int half = indexOfLineAfter(collapsed, collapsed.length / 2);
        byte[] first = gzip(Arrays.copyOf(collapsed, half));
        byte[] second = gzip(Arrays.copyOfRange(collapsed, half, collapsed.length));
        second[1] = 0x00; // the second magic byte
        Path file = write("damaged.collapsed.gz", concat(first, second));
        assertThatThrownBy(() -> Profiles.read(file, ReadOptions.DEFAULT))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessageStartingWith(file + ": gzip, byte ")
                .hasMessageEndingWith(": damaged gzip data (bytes after gzip member 1 at compressed byte " + first.length
                        + " are not a gzip header (a damaged member would be lost))");
    }

    @Test
    void zeroPaddingAfterTheLastMemberIsIgnored() throws Exception {
        byte[] collapsed = Files.readAllBytes(FixtureFiles.path("collapsed/base.collapsed"));
        assertThat(read("padded.collapsed.gz", concat(gzip(collapsed), new byte[512])).tree().grandTotal(0))
                .isEqualTo(plainTotal());
    }

    @Test
    void headerFieldsOfEveryKindAreSkipped() throws Exception {
        byte[] collapsed = Files.readAllBytes(FixtureFiles.path("collapsed/base.collapsed"));
        byte[] plain = gzip(collapsed);
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        header.write(plain, 0, 3);
        header.write(4 | 8 | 16 | 2); // FEXTRA, FNAME, FCOMMENT, FHCRC
        header.write(plain, 4, 6);
        header.write(new byte[] {3, 0, 'a', 'b', 'c'}, 0, 5);
        header.write("base.collapsed\0".getBytes(StandardCharsets.ISO_8859_1), 0, 15);
        header.write("a comment\0".getBytes(StandardCharsets.ISO_8859_1), 0, 10);
        CRC32 crc = new CRC32();
        crc.update(header.toByteArray());
        header.write((int) crc.getValue() & 0xFF);
        header.write((int) (crc.getValue() >>> 8) & 0xFF);
        header.write(plain, 10, plain.length - 10);
        assertThat(read("fields.collapsed.gz", header.toByteArray()).tree().grandTotal(0)).isEqualTo(plainTotal());
    }

    @Test
    void aHeaderFileNameOverTheFieldLimitIsRejectedWithoutReadingIt() throws Exception {
        byte[] collapsed = Files.readAllBytes(FixtureFiles.path("collapsed/base.collapsed"));
        byte[] plain = gzip(collapsed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(plain, 0, 3);
        out.write(8); // FNAME
        out.write(plain, 4, 6);
        byte[] name = new byte[16 << 20];
        Arrays.fill(name, (byte) 'a');
        out.write(name, 0, name.length);
        out.write(0);
        out.write(plain, 10, plain.length - 10);
        Path file = write("name.collapsed.gz", out.toByteArray());
        assertThatThrownBy(() -> Profiles.read(file, ReadOptions.DEFAULT))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessage(file + ": gzip, byte 0: damaged gzip data (the gzip header's file name is longer than"
                        + " 65536 bytes)");
    }

    @Test
    void aWrongChecksumIsDamage() throws Exception {
        byte[] gz = gzip(Files.readAllBytes(FixtureFiles.path("collapsed/base.collapsed")));
        gz[gz.length - 8] ^= 1;
        Path file = write("crc.collapsed.gz", gz);
        assertThatThrownBy(() -> Profiles.read(file, ReadOptions.DEFAULT))
                .isInstanceOf(MalformedProfileException.class)
                .hasMessageEndingWith(": damaged gzip data (member 1 fails its CRC check)");
    }

    private long plainTotal() throws Exception {
        return Profiles.read(FixtureFiles.path("collapsed/base.collapsed"), ReadOptions.DEFAULT).tree().grandTotal(0);
    }

    private Profile read(String name, byte[] content) throws Exception {
        return Profiles.read(write(name, content), ReadOptions.DEFAULT);
    }

    private Path write(String name, byte[] content) throws IOException {
        return Files.write(dir.resolve(name), content);
    }

    static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static int indexOfLineAfter(byte[] b, int from) {
        int i = from;
        while (b[i - 1] != '\n') {
            i++;
        }
        return i;
    }
}
