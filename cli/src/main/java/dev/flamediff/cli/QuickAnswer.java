package dev.flamediff.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The answer to a bare {@code flamediff --version} or {@code flamediff --help}, given without
 * building picocli's command model: reflecting over the command's annotations took most of such a
 * run (benchmarks/README.md, "Small pairs"). The version lines are {@link VersionProvider}'s; the
 * usage text is the one picocli renders for a stdout that is not a terminal, written into the jar
 * at build time by {@link UsageTextWriter}.
 *
 * <p>Everything else goes to picocli: other arguments beside the flag, a terminal (picocli then
 * fits the text to its width and may color it), colors forced by {@code CLICOLOR_FORCE} or a
 * {@code picocli.*} system property, Windows (where picocli also looks for terminal emulators), and
 * a build without the stored text.
 */
final class QuickAnswer {

    /** The resource, next to this class, that holds the usage text. */
    static final String USAGE_RESOURCE = "usage.txt";

    private QuickAnswer() {
    }

    /** Returns the text to print for these arguments in this process, or empty for picocli to answer. */
    static Optional<String> forProcess(String[] args) throws IOException {
        return answer(args, System.console() != null, System.getenv(), System.getProperties());
    }

    /**
     * Returns the text to print for {@code args} when stdout is (or is not) a terminal, under these
     * environment variables and system properties, or empty when picocli has to answer.
     */
    static Optional<String> answer(String[] args, boolean terminal, Map<String, String> env, Properties properties)
            throws IOException {
        if (args.length != 1) {
            return Optional.empty();
        }
        switch (args[0]) {
            case "-V", "--version" -> {
                StringBuilder text = new StringBuilder();
                for (String line : new VersionProvider().getVersion()) {
                    text.append(line).append(System.lineSeparator());
                }
                return Optional.of(text.toString());
            }
            case "-h", "--help" -> {
                return plainTextOutput(terminal, env, properties) ? storedUsage() : Optional.empty();
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    /** Whether picocli would print its usage text uncolored at its default width, as stored. */
    private static boolean plainTextOutput(boolean terminal, Map<String, String> env, Properties properties) {
        if (terminal || env.containsKey("CLICOLOR_FORCE")
                || properties.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("win")) {
            return false;
        }
        return properties.stringPropertyNames().stream().noneMatch(name -> name.startsWith("picocli."));
    }

    private static Optional<String> storedUsage() throws IOException {
        try (InputStream in = QuickAnswer.class.getResourceAsStream(USAGE_RESOURCE)) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
