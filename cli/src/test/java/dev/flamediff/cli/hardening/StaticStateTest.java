package dev.flamediff.cli.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library holds no static mutable state (a shared service runs many diffs at once): every
 * static field of every main class in {@code dev.flamediff} is final, and holds no array, no
 * modifiable collection, no builder, matcher, date format, random or atomic. Arrays and values
 * that are immutable in practice (never written after class initialization, never handed out)
 * are listed in {@link #ALLOWED}, each with its reason.
 */
class StaticStateTest {

    /** Reviewed exceptions: field, then why it is safe. */
    static final Map<String, String> ALLOWED = Map.of(
            "dev.flamediff.cli.AtomicOutput.DEFAULT_PERMISSIONS", "private; only read, by Files.setPermissions",
            "dev.flamediff.collect.collapsed.CollapsedDetector.CALLGRIND_KEYS", "private constant table; only read",
            "dev.flamediff.collect.collapsed.CollapsedDetector.UTF8_BOM", "private constant bytes; only read",
            "dev.flamediff.collect.jfr.JfrRecorderDetector.ASYNC_PROFILER_TYPE", "private constant bytes; only read",
            "dev.flamediff.diff.stats.Distributions.LANCZOS", "private coefficients; only read",
            "dev.flamediff.diff.stats.Distributions.LOG_GAMMA_OF_INT",
            "private table filled in the class initializer; only read",
            "dev.flamediff.render.svg.LegendWriter.STEPS", "private constant steps; only read");

    private static final List<Class<?>> MUTABLE_TYPES = List.of(StringBuilder.class, StringBuffer.class,
            java.util.regex.Matcher.class, java.text.DateFormat.class, java.util.Random.class,
            java.util.concurrent.atomic.AtomicLong.class, java.util.concurrent.atomic.AtomicInteger.class,
            java.util.concurrent.atomic.AtomicReference.class, java.util.concurrent.atomic.AtomicBoolean.class,
            java.util.Calendar.class, java.nio.ByteBuffer.class, java.nio.CharBuffer.class);

    @Test
    void everyStaticFieldIsFinalAndImmutable() throws Exception {
        List<String> classes = mainClasses();
        assertThat(classes).as("classes scanned").hasSizeGreaterThan(50)
                .contains("dev.flamediff.model.CallTree", "dev.flamediff.collect.Profiles", "dev.flamediff.diff.Diffs",
                        "dev.flamediff.render.Renderers", "dev.flamediff.cli.FlamediffCommand");
        Set<String> problems = new TreeSet<>();
        for (String name : classes) {
            Class<?> c = Class.forName(name, true, getClass().getClassLoader());
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) || f.isSynthetic() || f.isEnumConstant()) {
                    continue;
                }
                String id = name + "." + f.getName();
                if (ALLOWED.containsKey(id)) {
                    continue;
                }
                if (!Modifier.isFinal(m)) {
                    problems.add(id + ": static and not final");
                    continue;
                }
                f.setAccessible(true);
                Object value = f.get(null);
                String why = mutable(f.getType(), value);
                if (why != null) {
                    problems.add(id + ": " + why);
                }
            }
        }
        assertThat(problems).as("static mutable state").isEmpty();
    }

    @Test
    void theCheckCatchesWhatItLooksFor() {
        assertThat(mutable(int[].class, new int[1])).isNotNull();
        assertThat(mutable(List.class, new ArrayList<>())).isNotNull();
        assertThat(mutable(StringBuilder.class, new StringBuilder())).isNotNull();
        assertThat(mutable(List.class, List.of(1))).isNull();
        assertThat(mutable(Map.class, Map.of())).isNull();
        assertThat(mutable(String.class, "x")).isNull();
    }

    /** Returns why the value is mutable, or null. */
    static String mutable(Class<?> type, Object value) {
        if (value == null) {
            return null;
        }
        if (value.getClass().isArray()) {
            return java.lang.reflect.Array.getLength(value) == 0 ? null : "an array (its elements can be changed)";
        }
        for (Class<?> t : MUTABLE_TYPES) {
            if (t.isInstance(value)) {
                return "a " + t.getSimpleName();
            }
        }
        if (value instanceof Collection<?> || value instanceof Map<?, ?>) {
            String cls = value.getClass().getName();
            boolean immutable = cls.startsWith("java.util.ImmutableCollections")
                    || cls.startsWith("java.util.Collections$Unmodifiable") || cls.startsWith("java.util.Collections$Empty")
                    || cls.startsWith("java.util.Collections$Singleton");
            return immutable ? null : "a modifiable " + value.getClass().getSimpleName();
        }
        return null;
    }

    /** The main (not test) classes of the project's modules, found where the class loader finds dev/flamediff. */
    private List<String> mainClasses() throws IOException, URISyntaxException {
        List<String> names = new ArrayList<>();
        Enumeration<URL> roots = getClass().getClassLoader().getResources("dev/flamediff");
        while (roots.hasMoreElements()) {
            URL url = roots.nextElement();
            if (url.getProtocol().equals("jar")) {
                JarURLConnection jar = (JarURLConnection) url.openConnection();
                // An uncached copy, so closing it cannot close a JarFile someone else shares.
                jar.setUseCaches(false);
                try (JarFile file = jar.getJarFile()) {
                    for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements(); ) {
                        add(names, e.nextElement().getName());
                    }
                }
            } else if (url.getProtocol().equals("file")) {
                Path dir = Path.of(url.toURI());
                if (dir.toString().contains("test-classes")) {
                    continue;
                }
                Path root = dir.getParent().getParent();
                try (Stream<Path> files = Files.walk(dir)) {
                    files.forEach(p -> add(names, root.relativize(p).toString().replace('\\', '/')));
                }
            }
        }
        return names.stream().distinct().sorted().toList();
    }

    private static void add(List<String> names, String entry) {
        if (entry.startsWith("dev/flamediff/") && entry.endsWith(".class") && !entry.endsWith("package-info.class")
                && !entry.endsWith("module-info.class")) {
            names.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
        }
    }
}
