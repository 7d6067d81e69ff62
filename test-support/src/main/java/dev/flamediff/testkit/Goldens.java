package dev.flamediff.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * The golden-file check every module's tests use: an output compared byte for byte with the
 * file checked in under the module's {@code src/test/resources/golden}. With
 * {@code -Dflamediff.bless=true} the files are rewritten from the current output instead; review
 * the change with {@code git diff} and re-bless only when the output is meant to change.
 */
public final class Goldens {

    /** Where the goldens live, relative to the module folder the tests run in. */
    public static final Path ROOT = Path.of("src", "test", "resources", "golden");

    private Goldens() {
    }

    /** Returns whether this run rewrites the golden files ({@code -Dflamediff.bless=true}). */
    public static boolean blessing() {
        return Boolean.getBoolean("flamediff.bless");
    }

    /**
     * Compares the bytes with the golden file {@code name} (a path below {@link #ROOT}, such as
     * {@code json/small-none.json}), or rewrites the file when blessing.
     */
    public static void check(String name, byte[] actual) throws IOException {
        Path file = bless(name, actual);
        assertThat(new String(actual, StandardCharsets.UTF_8))
                .as("%s differs; if the change is intended, regenerate with -Dflamediff.bless=true", file)
                .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
        assertThat(actual).as("%s differs in its bytes", file).isEqualTo(Files.readAllBytes(file));
    }

    /** As {@link #check(String, byte[])} for text, written and compared as UTF-8. */
    public static void check(String name, String actual) throws IOException {
        check(name, actual.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Compares the bytes with the golden file {@code name} after passing both, as UTF-8 text,
     * through {@code ignore} (which blanks out parts another test owns), or rewrites the file with
     * the unfiltered output when blessing.
     */
    public static void check(String name, byte[] actual, UnaryOperator<String> ignore) throws IOException {
        Path file = bless(name, actual);
        assertThat(ignore.apply(new String(actual, StandardCharsets.UTF_8)))
                .as("%s differs; if the change is intended, regenerate with -Dflamediff.bless=true", file)
                .isEqualTo(ignore.apply(Files.readString(file, StandardCharsets.UTF_8)));
    }

    private static Path bless(String name, byte[] actual) throws IOException {
        Path file = ROOT.resolve(name);
        if (blessing()) {
            Files.createDirectories(file.getParent());
            Files.write(file, actual);
        }
        assertThat(file).as("golden file %s is missing; regenerate with -Dflamediff.bless=true", file).exists();
        return file;
    }
}
