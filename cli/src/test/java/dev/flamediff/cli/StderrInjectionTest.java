package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text from the inputs reaches stderr in gate lines (frame names), error lines (file bytes) and
 * notes (callgrind's {@code cmd:}); escape sequences in it set a terminal's title, a newline forges a
 * line. Every such character is written as a visible escape, and each message stays one line.
 */
class StderrInjectionTest {

    /** Sets the terminal's title; a collapsed frame name cannot hold its ';', so names use RED. */
    private static final String TITLE = "\u001b]0;pwned\u0007";
    private static final String RED = "\u001b[31mRED\u001b[0m";

    @TempDir
    Path dir;

    @Test
    void aFrameNameInAGateLineIsEscaped() throws Exception {
        Path base = Files.writeString(dir.resolve("base.collapsed"), "main;work 1000\n");
        Path head = Files.writeString(dir.resolve("head.collapsed"), "main;work 1000\nmain;evil" + RED
                + "\u202e 3000\n");
        CliRun run = CliRun.run(base.toString(), head.toString(), "-o", dir.resolve("d.svg").toString(),
                "--fail-on-frame-regression", "1");
        assertThat(run.exitCode()).isEqualTo(1);
        assertNoControlCharacters(run.err());
        assertThat(run.err()).contains("evil\\x1b[31mRED\\x1b[0m\\u202e");
    }

    @Test
    void fileBytesInAnErrorLineAreEscaped() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.collapsed"), "main;a 1\nmain;b 1" + TITLE + "\n");
        CliRun run = CliRun.run(bad.toString(), bad.toString(), "-o", dir.resolve("d.svg").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).singleElement().asString().contains("\\x1b]0;pwned\\x07");
        assertNoControlCharacters(run.err());
    }

    @Test
    void callgrindsCommandIsEscaped() throws Exception {
        Path cg = Files.writeString(dir.resolve("callgrind.out.1"), "events: Ir\ncmd: ./prog" + TITLE
                + "\u2028flamediff: gate passed\nfn=main\n1 10\n");
        CliRun run = CliRun.run(cg.toString(), cg.toString(), "-o", dir.resolve("d.svg").toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).contains("command ./prog\\x1b]0;pwned\\x07\\u2028flamediff: gate passed");
        assertNoControlCharacters(run.err());
        assertThat(run.errLines()).noneMatch(l -> l.startsWith("flamediff: gate passed"));
    }

    @Test
    void plainMessagesAreUnchanged() {
        assertThat(TerminalText.escape("flamediff: base.jfr: jfr, byte 12: chunk 1 (ünïcode ok)"))
                .isEqualTo("flamediff: base.jfr: jfr, byte 12: chunk 1 (ünïcode ok)");
        assertThat(TerminalText.escape("a\nb\rc\td\u0085e")).isEqualTo("a\\nb\\rc\td\\x85e");
    }

    private static void assertNoControlCharacters(String err) {
        String withoutLineEnds = err.replace(System.lineSeparator(), "");
        assertThat(withoutLineEnds.chars().filter(c -> c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028
                || c == 0x202E)).as("raw control characters on stderr").isEmpty();
    }
}
