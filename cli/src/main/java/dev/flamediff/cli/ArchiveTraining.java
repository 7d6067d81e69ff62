package dev.flamediff.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * The training run of the launcher's class-data archive: one JVM that runs the command the way
 * everyday runs do (the usage and version texts, as Main answers them and through picocli; each
 * pair of training profiles into SVG, JSON, Markdown and collapsed output), so that the JVM can
 * archive every class those runs load. The launcher runs it once per jar and JDK, under {@code -XX:ArchiveClassesAtExit} (JDK 17 to 24) or
 * {@code -XX:AOTCacheOutput} (JDK 25 and later), and its later runs start from that archive.
 *
 * <p>Arguments: pairs of profiles ({@code BASE HEAD ...}); pairs whose files are missing are
 * skipped. Everything the runs print is discarded; the exit code is 0 when every run exited 0.
 */
public final class ArchiveTraining {

    private static final List<String> FORMATS = List.of("svg", "json", "md", "collapsed");

    private ArchiveTraining() {
    }

    /** Runs the training commands; exits 1 if one of them failed. */
    public static void main(String[] args) throws IOException {
        Path scratch = Files.createTempDirectory("flamediff-training");
        try {
            boolean ok = quickAnswer("--version") & quickAnswer("--help");
            ok &= run(List.of("--help")) == 0;
            ok &= run(List.of("--version")) == 0;
            for (int i = 0; i + 1 < args.length; i += 2) {
                if (!Files.isRegularFile(Path.of(args[i])) || !Files.isRegularFile(Path.of(args[i + 1]))) {
                    continue;
                }
                for (String format : FORMATS) {
                    Path out = scratch.resolve("diff-" + i + "." + format);
                    ok &= run(List.of(args[i], args[i + 1], "-o", out.toString())) == 0;
                }
            }
            if (!ok) {
                System.exit(1);
            }
        } finally {
            deleteTree(scratch);
        }
    }

    /**
     * Main's own answer to a bare flag ({@link QuickAnswer}), with Main loaded, so that the archive
     * holds both and such a run loads nothing from the jar for them.
     */
    private static boolean quickAnswer(String flag) throws IOException {
        try {
            Class.forName("dev.flamediff.cli.Main", false, ArchiveTraining.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return false;
        }
        return QuickAnswer.answer(new String[] {flag}, false, System.getenv(), System.getProperties()).isPresent();
    }

    private static int run(List<String> args) {
        String[] argv = args.toArray(String[]::new);
        CommandLine cli = FlamediffCommand.commandLine(
                new FlamediffCommand(new ByteArrayInputStream(new byte[0]), OutputStream.nullOutputStream()), argv);
        cli.setOut(new PrintWriter(OutputStream.nullOutputStream()));
        cli.setErr(new PrintWriter(OutputStream.nullOutputStream()));
        return cli.execute(argv);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(dir);
    }
}
