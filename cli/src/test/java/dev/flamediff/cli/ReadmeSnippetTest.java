package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.Profiles;
import dev.flamediff.diff.Diffs;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.Profile;
import dev.flamediff.render.Renderers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiles and runs the README's "Use as a library" snippet as it is written there, so the
 * documented API cannot drift from the real one.
 */
class ReadmeSnippetTest {

    private static final Pattern SNIPPET = Pattern.compile(
            "<!-- library-snippet:start -->\\s*```java\\n(.*?)```\\s*<!-- library-snippet:end -->", Pattern.DOTALL);
    private static final Pattern CLASS_NAME = Pattern.compile("public class (\\w+)");

    @TempDir
    Path dir;

    @Test
    void theLibrarySnippetCompilesAndDiffsTheFixtures() throws Exception {
        String source = snippet();
        Matcher name = CLASS_NAME.matcher(source);
        assertThat(name.find()).as("the snippet declares a public class").isTrue();
        Path file = dir.resolve(name.group(1) + ".java");
        Files.writeString(file, source);

        compile(file);
        Path svg = dir.resolve("diff.svg");
        String printed = run(name.group(1), FixtureFiles.path("collapsed/base.collapsed").toString(),
                FixtureFiles.path("collapsed/head.collapsed").toString(), svg.toString());

        // The node that grew most is the new callee of the slower parseRecords.
        assertThat(printed).startsWith("biggest regression: fixture.FixtureApp.splitWithRegex (+").contains(", ADDED)");
        assertThat(Files.readString(svg)).contains("<svg").contains("fixture.FixtureApp.parseRecords").endsWith("</svg>\n");
    }

    private static String snippet() throws IOException {
        Path readme = repositoryRoot().resolve("README.md");
        Matcher m = SNIPPET.matcher(Files.readString(readme));
        assertThat(m.find()).as("README.md has a java block between the library-snippet markers").isTrue();
        return m.group(1);
    }

    private static Path repositoryRoot() {
        return FixtureFiles.root().getParent();
    }

    private void compile(Path file) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = javac.run(null, diagnostics, diagnostics, "-d", dir.toString(),
                "-classpath", libraryClasspath(), "--release", "17", file.toString());
        assertThat(status).as(diagnostics.toString(StandardCharsets.UTF_8)).isZero();
    }

    /**
     * The library's own jars or class folders, found from a class of each module: surefire hides
     * the real classpath behind a manifest-only jar.
     */
    private static String libraryClasspath() {
        List<Class<?>> anchors = List.of(Profile.class, Profiles.class, Diffs.class, Renderers.class);
        return anchors.stream().map(ReadmeSnippetTest::location).distinct()
                .collect(Collectors.joining(java.io.File.pathSeparator));
    }

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private String run(String className, String... args) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                getClass().getClassLoader())) {
            Method main = loader.loadClass(className).getMethod("main", String[].class);
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object) args);
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
