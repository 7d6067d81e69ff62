package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flags and usage mistakes: each is one line on stderr and exit code 2, before any input is read. */
class UsageTest {

    @TempDir
    Path dir;

    @Test
    void helpPrintsNoPicocliWarning() {
        // picocli reports a description it cannot format (an unescaped %) on System.err.
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        CliRun run;
        try {
            run = CliRun.run("--help");
        } finally {
            System.setErr(saved);
        }
        assertThat(run.exitCode()).isZero();
        assertThat(captured.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("WARN");
        assertThat(run.err()).doesNotContain("WARN");
        assertThat(run.out()).contains("40%").doesNotContain("40%%");
    }

    @Test
    void helpListsTheFlagsAndExitCodes() {
        CliRun run = CliRun.run("--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: flamediff", "BASE", "HEAD", "--output", "--format", "--title",
                "--normalize", "--minwidth", "--include", "--exclude", "--event", "--value-type",
                "--no-normalize-names", "--threads", "--jfr-parser", "--verbose", "--version", "Exit codes:");
        assertThat(run.err()).isEmpty();
    }

    /**
     * picocli reports a description it cannot format (an unescaped {@code %}) on the process's
     * stderr, not through the command's writers, so that stream is watched here.
     */
    @Test
    void helpIsCleanAndNamesEveryOutputFormat() {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream stray = new java.io.ByteArrayOutputStream();
        CliRun run;
        try {
            System.setErr(new java.io.PrintStream(stray, true, java.nio.charset.StandardCharsets.UTF_8));
            run = CliRun.run("--help");
        } finally {
            System.setErr(saved);
        }
        assertThat(stray.toString(java.nio.charset.StandardCharsets.UTF_8)).isEmpty();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).doesNotContain("WARN", "%n");
        String summary = run.out().substring(run.out().indexOf("Diffs two profiles"), run.out().indexOf("the profile before"));
        assertThat(summary).contains("svg", "png", "md", "json", "collapsed", "Markdown");
        assertThat(run.out()).contains("40%", "--flame");
    }

    @Test
    void versionComesFromTheBuild() {
        CliRun run = CliRun.run("--version");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("flamediff ").doesNotContain("${").doesNotContain("unknown");
        assertThat(run.out().lines().findFirst().orElseThrow()).matches("flamediff \\d+\\.\\d+\\.\\d+.*");
    }

    @Test
    void missingArgumentsAreOneLine() {
        CliRun run = CliRun.run();
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly(
                "flamediff: Missing required parameters: 'BASE', 'HEAD' (see flamediff --help)");
    }

    @Test
    void unknownOptionIsOneLine() {
        CliRun run = CliRun.run("a", "b", "--colour");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: Unknown option: '--colour' (see flamediff --help)");
    }

    @Test
    void badRegexIsOneLine() {
        CliRun run = CliRun.run("a", "b", "--include", "parse(");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: Invalid value for option '--include': "
                + "'parse(': not a valid regular expression (Unclosed group at index 6) (see flamediff --help)");
    }

    @Test
    void badNormalizationIsOneLine() {
        CliRun run = CliRun.run("a", "b", "--normalize", "sum");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: Invalid value for option '--normalize': "
                + "'sum': expected none, total or base=X,head=Y (see flamediff --help)");
    }

    @Test
    void badJfrParserIsOneLine() {
        CliRun run = CliRun.run("a", "b", "--jfr-parser", "fast");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines()).containsExactly("flamediff: Invalid value for option '--jfr-parser': expected one of"
                + " [jdk, async, flamediff] (case-insensitive) but was 'fast' (see flamediff --help)");
    }

    @Test
    void jfrParserNamesAreCaseInsensitive() {
        CliRun run = CliRun.run("a", "b", "--jfr-parser", "JDK");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).doesNotContain("--jfr-parser").contains("a: no such file or directory");
    }

    @Test
    void unknownFormatIsRejectedBeforeReading() throws IOException {
        Path out = dir.resolve("diff.svg");
        CliRun run = CliRun.run("missing-base", "missing-head", "--format", "pdf", "-o", out.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).startsWith("flamediff: unknown output format 'pdf' (known: ");
        assertThat(out).doesNotExist();
        assertThat(Files.list(dir)).isEmpty();
    }

    @Test
    void anOutputNameWithoutAKnownExtensionNeedsFormat() {
        CliRun run = CliRun.run("missing-base", "missing-head", "-o", dir.resolve("diff.pdf").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).startsWith("flamediff: cannot tell the output format from the name '")
                .contains("or use --format");
    }

    @Test
    void negativeMinWidthIsRejectedBeforeReading() {
        CliRun run = CliRun.run("missing-base", "missing-head", "--minwidth", "-1");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: --minwidth must be a number of pixels >= 0, not -1.0");
    }

    @Test
    void bothSidesFromStdinIsRefused() {
        CliRun run = CliRun.run("-", "-", "-o", "-", "--format", "collapsed");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly(
                "flamediff: base and head cannot both be read from standard input");
    }

    @Test
    void aMissingInputNamesTheFile() throws IOException {
        Path head = Files.writeString(dir.resolve("head.collapsed"), "main;work 1\n");
        String base = dir.resolve("nope.collapsed").toString();
        CliRun run = CliRun.run(base, head.toString(), "-o", "-", "--format", "collapsed");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: " + base + ": no such file or directory");
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void aFolderAsInputNamesTheFile() {
        CliRun run = CliRun.run(dir.toString(), dir.toString(), "-o", "-", "--format", "collapsed");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: " + dir + ": is a directory");
    }

    @Test
    void verbosePrintsTheStackTrace() {
        String base = dir.resolve("nope.collapsed").toString();
        CliRun run = CliRun.run(base, base, "-o", "-", "--format", "collapsed", "--verbose");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines().get(0)).isEqualTo("flamediff: " + base + ": no such file or directory");
        assertThat(run.err()).contains("NoSuchFileException", "\tat ");
    }
}
