package dev.flamediff.collect.collapsed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Profile;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Collapsed input through the read stage's entry points: files, gzip, stdin. */
class CollapsedInputsTest {

    private static final String TEXT = "main;work;parse 5\nmain;work 2\nmain;idle 1\n";

    @TempDir
    Path dir;

    private static byte[] gzip(String text) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    @Test
    void plainFileIsDetectedByContentWhateverItsName() throws Exception {
        Path file = dir.resolve("profile.txt");
        Files.writeString(file, TEXT);
        Profile p = Profiles.read(file, ReadOptions.DEFAULT);
        assertThat(p.metadata().format()).isEqualTo("collapsed");
        assertThat(p.metadata().source()).isEqualTo(file.toString());
        assertThat(CollapsedText.stacks(p.tree())).containsExactly("main;idle 1", "main;work 2", "main;work;parse 5");
    }

    @Test
    void gzipFileIsReadTransparently() throws Exception {
        Path file = dir.resolve("profile.collapsed.gz");
        Files.write(file, gzip(TEXT));
        Profile p = Profiles.read(file, ReadOptions.DEFAULT);
        assertThat(CollapsedText.stacks(p.tree())).containsExactly("main;idle 1", "main;work 2", "main;work;parse 5");
    }

    @Test
    void stdinIsReadAsDash() throws Exception {
        Profile p = Profiles.read("-", new ByteArrayInputStream(TEXT.getBytes(StandardCharsets.UTF_8)), ReadOptions.DEFAULT);
        assertThat(p.metadata().source()).isEqualTo("-");
        assertThat(p.tree().grandTotal(0)).isEqualTo(8);
    }

    @Test
    void gzipOnStdin() throws Exception {
        Profile p = Profiles.read("-", new ByteArrayInputStream(gzip(TEXT)), ReadOptions.DEFAULT);
        assertThat(p.tree().grandTotal(0)).isEqualTo(8);
    }

    @Test
    void aFirstLineLongerThanTheFirstDetectionPrefixIsStillDetected() throws Exception {
        String longLine = "frame with a long name;".repeat(400) + "leaf 3\n";
        Profile p = Profiles.read("-", new ByteArrayInputStream(longLine.getBytes(StandardCharsets.UTF_8)), ReadOptions.DEFAULT);
        assertThat(p.tree().grandTotal(0)).isEqualTo(3);
        assertThat(p.tree().maxDepth()).isEqualTo(401);
    }

    @Test
    void includeAndExcludeFiltersApply() throws Exception {
        Profile p = Profiles.read("-", new ByteArrayInputStream(TEXT.getBytes(StandardCharsets.UTF_8)),
                ReadOptions.DEFAULT.withExclude(java.util.regex.Pattern.compile("parse")));
        assertThat(CollapsedText.stacks(p.tree())).containsExactly("main;idle 1", "main;work 2");
    }
}
