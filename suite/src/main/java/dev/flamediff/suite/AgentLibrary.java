package dev.flamediff.suite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * The async-profiler agent that ships in the Maven artifact {@code tools.profiler:async-profiler}
 * (on flamediff's class path), extracted to a folder so JMH can load it
 * ({@code -prof async:libPath=PATH}). Nobody downloads profiler builds by hand, and the agent is
 * the version flamediff was built and tested with.
 */
public final class AgentLibrary {

    private static final String LIBRARY = "libasyncProfiler.so";
    private static final String POM = "META-INF/maven/tools.profiler/async-profiler/pom.properties";

    private AgentLibrary() {
    }

    /** Returns the artifact's folder for this platform ({@code linux-x64}, {@code linux-arm64}, {@code macos}), if any. */
    static Optional<String> platform(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (os.startsWith("mac")) {
            return Optional.of("macos");
        }
        if (os.startsWith("linux")) {
            if (arch.equals("amd64") || arch.equals("x86_64")) {
                return Optional.of("linux-x64");
            }
            if (arch.equals("aarch64") || arch.equals("arm64")) {
                return Optional.of("linux-arm64");
            }
        }
        return Optional.empty();
    }

    /** Returns the bundled async-profiler's version, such as {@code 4.6}. */
    public static String version() throws IOException {
        try (InputStream in = AgentLibrary.class.getClassLoader().getResourceAsStream(POM)) {
            if (in == null) {
                throw new IOException("async-profiler is not on the class path");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        }
    }

    /** Returns the default folder: {@code $XDG_CACHE_HOME/flamediff}, else {@code ~/.cache/flamediff}. */
    public static Path defaultFolder(String xdgCacheHome, String userHome) {
        Path cache = xdgCacheHome != null && !xdgCacheHome.isBlank() ? Path.of(xdgCacheHome)
                : Path.of(userHome, ".cache");
        return cache.resolve("flamediff");
    }

    /**
     * Extracts the agent for this platform into {@code folder/async-profiler-VERSION/PLATFORM/}
     * (a file already there with the same bytes is kept) and returns its absolute path.
     *
     * @throws IOException if this platform has no agent in the artifact, or the file cannot be written
     */
    public static Path extract(Path folder) throws IOException {
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "");
        String platform = platform(os, arch).orElseThrow(() -> new IOException(
                "async-profiler ships no agent for " + os + " on " + arch + " (Linux x64 and arm64, macOS)"));
        byte[] bytes;
        try (InputStream in = AgentLibrary.class.getClassLoader().getResourceAsStream(platform + "/" + LIBRARY)) {
            if (in == null) {
                throw new IOException("the async-profiler artifact on the class path has no " + platform + "/" + LIBRARY);
            }
            bytes = in.readAllBytes();
        }
        Path dir = folder.toAbsolutePath().resolve("async-profiler-" + version()).resolve(platform);
        Path target = dir.resolve(LIBRARY);
        if (Files.isRegularFile(target) && Files.size(target) == bytes.length
                && Arrays.equals(Files.readAllBytes(target), bytes)) {
            return target;
        }
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + LIBRARY + ".", ".tmp");
        try {
            Files.write(tmp, bytes);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return target;
    }
}
