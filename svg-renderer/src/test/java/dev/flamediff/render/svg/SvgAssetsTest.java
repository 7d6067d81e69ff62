package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The assets the build wrote into a class are the files of src/main/assets, character for character. */
class SvgAssetsTest {

    private static final Path ASSETS = Path.of("src", "main", "assets");

    @Test
    void theClassHoldsTheStyleSheetAndTheScriptAsWritten() throws IOException {
        SvgAssets assets = SvgAssets.load();
        assertThat(assets.css()).isEqualTo(Files.readString(ASSETS.resolve("flamediff.css"), StandardCharsets.UTF_8));
        assertThat(assets.script()).isEqualTo(Files.readString(ASSETS.resolve("flamediff.js"), StandardCharsets.UTF_8));
        assertThat(assets.script().length()).isGreaterThan(20_000);
    }
}
