package dev.flamediff.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * FlameGraph's difffolded.pl, run for real when the machine has it: from {@code FLAMEGRAPH_DIR}
 * (as benchmarks/compare.sh takes it), the system property {@code flamediff.flamegraph.dir}, or
 * the PATH. The script is not part of the repository; its outputs on the fixtures are, under
 * fixtures/collapsed/difffolded, so the comparisons run everywhere and against the live script
 * where there is one.
 */
final class DiffFoldedScript {

    private DiffFoldedScript() {
    }

    /** Returns the script, if this machine has it and perl. */
    static Optional<Path> find() {
        List<String> dirs = new ArrayList<>();
        String env = System.getenv("FLAMEGRAPH_DIR");
        if (env != null && !env.isBlank()) {
            dirs.add(env);
        }
        String prop = System.getProperty("flamediff.flamegraph.dir");
        if (prop != null && !prop.isBlank()) {
            dirs.add(prop);
        }
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(java.io.File.pathSeparator)));
        }
        for (String d : dirs) {
            Path script = Path.of(d, "difffolded.pl");
            if (Files.isRegularFile(script) && hasPerl()) {
                return Optional.of(script);
            }
        }
        return Optional.empty();
    }

    /** Runs the script on two folded files and returns its lines sorted by byte, as the fixtures are. */
    static List<String> run(Path script, Path... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("perl", script.toString()));
        for (Path a : args) {
            command.add(a.toString());
        }
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("difffolded.pl failed");
        }
        return sorted(new String(out, StandardCharsets.UTF_8).lines().toList());
    }

    /** Returns the lines sorted by their UTF-8 bytes ({@code LC_ALL=C sort}). */
    static List<String> sorted(List<String> lines) {
        List<String> out = new ArrayList<>(lines);
        out.sort((a, b) -> java.util.Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8),
                b.getBytes(StandardCharsets.UTF_8)));
        return out;
    }

    private static boolean hasPerl() {
        try {
            Process p = new ProcessBuilder("perl", "-e", "1").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
