package dev.flamediff.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * Prints the version Maven wrote into {@code version.properties} at build time, so the jar, the
 * tests and an IDE run all report the same number without reading a manifest that only the
 * shaded jar has.
 */
public final class VersionProvider implements CommandLine.IVersionProvider {

    /** Returns the version lines for {@code --version}. */
    @Override
    public String[] getVersion() throws IOException {
        return new String[] {"flamediff " + version(), "Java " + javaVersion()};
    }

    /**
     * The running JDK's version, as {@link Runtime#version()} spells it: the property it is parsed
     * from, since {@code Runtime.Version.toString()} joins its parts with a stream, whose first use
     * in a JVM took about as long as the rest of {@code --version}.
     */
    static String javaVersion() {
        String property = System.getProperty("java.runtime.version");
        return property != null ? property : Runtime.version().toString();
    }

    /** Returns the project version, or {@code unknown} when the resource is missing. */
    static String version() throws IOException {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            p.load(in);
        }
        return p.getProperty("version", "unknown");
    }
}
