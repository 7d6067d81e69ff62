package dev.flamediff.render.svg;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The static style sheet and script embedded in every graph, read once from the module's
 * resources. The script never contains data: it reads the frames from the DOM, so no frame name
 * is ever interpolated into code.
 *
 * @param css the style sheet
 * @param script the ECMAScript
 */
record SvgAssets(String css, String script) {

    /** Loads the assets from the classpath. */
    static SvgAssets load() {
        return new SvgAssets(read("flamediff.css"), read("flamediff.js"));
    }

    /** Checks that neither asset could end its CDATA section early. */
    SvgAssets {
        if (css.contains("]]>") || script.contains("]]>")) {
            throw new IllegalStateException("an embedded asset contains ]]>");
        }
    }

    private static String read(String name) {
        try (InputStream in = SvgAssets.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
