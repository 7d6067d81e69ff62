package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad inputs and unwritable outputs: exit code 2, exactly one line on stderr naming the file and
 * the problem, and no output written (an existing output file keeps its content).
 */
class BadInputTest {

    private static final String GOOD = FixtureFiles.path("collapsed/base.collapsed").toString();
    private static final String OLD = "old content\n";

    @TempDir
    Path dir;

    private Path out;

    @BeforeEach
    void existingOutput() throws IOException {
        out = Files.writeString(dir.resolve("diff.json"), OLD);
    }

    @Test
    void emptyFile() throws IOException {
        Path bad = write("empty.collapsed", "");
        assertRejected(bad, "flamediff: " + bad + ": the input is empty");
    }

    @Test
    void binaryGarbage() throws IOException {
        byte[] garbage = new byte[4096];
        new Random(42).nextBytes(garbage);
        Path bad = Files.write(dir.resolve("garbage.bin"), garbage);
        CliRun run = assertFailsCleanly(bad.toString(), GOOD);
        assertThat(run.err()).startsWith("flamediff: " + bad + ": not a profile flamediff can read (expected ");
    }

    /** Folded stacks with counts in another notation: the one line names the count and how to write it. */
    @Test
    void foldedStacksWithCountsInAnotherNotationSayWhichCount() throws IOException {
        for (String count : new String[] {"1e3", "1,024", "12ms"}) {
            Path bad = write("sci.folded", "# from a script\nmain;parse;split " + count + "\nmain;run 5\n");
            CliRun run = assertFailsCleanly(bad.toString(), GOOD);
            assertThat(run.err()).as(count).startsWith("flamediff: " + bad + ": not a profile flamediff can read (expected ")
                    .contains("this looks like folded stacks, but the count '" + count + "' is not a number of samples");
        }
        // Text that is not stacks gets no such advice.
        Path prose = write("notes.txt", "took 12ms; then 1e3 more\n");
        assertThat(assertFailsCleanly(prose.toString(), GOOD).err()).doesNotContain("folded stacks");
    }

    /** Raw `perf script` text is not folded stacks: the one line says how to fold it. */
    @Test
    void perfScriptTextSaysToFoldItFirst() throws IOException {
        Path bad = write("perf.txt", "prog 31772 64346.913437:    2004008 cpu-clock:ppp: \n"
                + "\t            1ab0 steady+0x1e (/usr/local/bin/prog)\n"
                + "\t            1b3e main+0x40 (/usr/local/bin/prog)\n"
                + "\t           27249 __libc_start_call_main+0x79 (/usr/lib/x86_64-linux-gnu/libc.so.6)\n\n"
                + "prog 31772 64346.915518:    2004008 cpu-clock:ppp: \n"
                + "\t            1b3e main+0x40 (/usr/local/bin/prog)\n\n");
        CliRun run = assertFailsCleanly(bad.toString(), GOOD);
        assertThat(run.err()).startsWith("flamediff: " + bad + ": not a profile flamediff can read (expected ")
                .contains("this looks like `perf script` output: fold the stacks first");
    }

    @Test
    void lineWithoutCount() throws IOException {
        Path bad = write("nocount.collapsed", "main;work 3\nmain;idle\n");
        assertRejected(bad, "flamediff: " + bad + ": collapsed, line 2: no sample count after the last space");
    }

    @Test
    void negativeCount() throws IOException {
        Path bad = write("negative.collapsed", "main;work 3\n\nmain;idle -2\n");
        assertRejected(bad, "flamediff: " + bad + ": collapsed, line 3: negative sample count -2");
    }

    @Test
    void badHeadIsNamedToo() throws IOException {
        Path bad = write("nocount.collapsed", "main;work 3\nmain;idle\n");
        CliRun run = assertFailsCleanly(GOOD, bad.toString());
        assertThat(run.errLines()).containsExactly(
                "flamediff: " + bad + ": collapsed, line 2: no sample count after the last space");
    }

    @Test
    void whenBothSidesAreBadTheBaseIsReportedEvenWhenTheHeadFailsFirst() throws IOException {
        // Base fails only after 300,000 good lines; head at once, before it is even parsed.
        Path badBase = write("base.collapsed", "main;work 3\n".repeat(300_000) + "main;idle\n");
        String missingHead = dir.resolve("missing-head.collapsed").toString();
        for (int i = 0; i < 3; i++) {
            CliRun run = assertFailsCleanly(badBase.toString(), missingHead);
            assertThat(run.errLines()).containsExactly(
                    "flamediff: " + badBase + ": collapsed, line 300001: no sample count after the last space");
        }
    }

    @Test
    void withSeveralRunsTheFirstBadFileInArgumentOrderIsReported() throws IOException {
        Path slowBad = write("base2.collapsed", "main;work 3\n".repeat(300_000) + "main;idle -1\n");
        String missing = dir.resolve("missing.collapsed").toString();
        CliRun run = CliRun.run("--base", GOOD, slowBad.toString(), "--head", missing, GOOD, "-o", out.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly(
                "flamediff: " + slowBad + ": collapsed, line 300001: negative sample count -1");
        assertThat(out).hasContent(OLD);
    }

    @Test
    void valueTypeNeitherProfileHas() {
        CliRun run = assertFailsCleanly(GOOD, GOOD, "--value-type", "alloc/bytes");
        assertThat(run.err()).startsWith("flamediff: " + GOOD + ": collapsed: has no alloc/bytes values");
    }

    @Test
    void profilesOfDifferentThingsAreOneLineWithoutTheReadersNotes() {
        String jfr = FixtureFiles.path("jfr/ap17-base.jfr").toString();
        String callgrind = FixtureFiles.path("callgrind/callgrind.out.head").toString();
        CliRun run = assertFailsCleanly(jfr, callgrind);
        assertThat(run.errLines()).containsExactly(
                "flamediff: base and head measure different things ([samples/count] vs [Ir/instructions])");
    }

    @Test
    void missingInput() {
        String missing = dir.resolve("missing.collapsed").toString();
        CliRun run = assertFailsCleanly(missing, GOOD);
        assertThat(run.errLines()).containsExactly("flamediff: " + missing + ": no such file or directory");
    }

    @Test
    void badStdin() {
        CliRun run = CliRun.runWithStdin("main;work 3\nmain;idle\n".getBytes(StandardCharsets.UTF_8),
                GOOD, "-", "-o", out.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly(
                "flamediff: <stdin>: collapsed, line 2: no sample count after the last space");
        assertThat(out).hasContent(OLD);
    }

    @Test
    void missingOutputFolder() throws IOException {
        Path target = dir.resolve("no/such/folder/diff.svg");
        CliRun run = CliRun.run(GOOD, GOOD, "-o", target.toString(), "--format", "collapsed");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: " + target + ": no such directory");
        assertThat(dir.resolve("no")).doesNotExist();
        assertThat(out).hasContent(OLD);
    }

    @Test
    void outputFolderIsAFile() throws IOException {
        Path target = out.resolve("diff.collapsed");
        CliRun run = CliRun.run(GOOD, GOOD, "-o", target.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: " + target + ": not a directory");
        assertThat(out).hasContent(OLD);
    }

    @Test
    void outputIsAFolder() throws IOException {
        Path target = Files.createDirectory(dir.resolve("folder.collapsed"));
        CliRun run = CliRun.run(GOOD, GOOD, "-o", target.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: " + target + ": is a directory");
        assertThat(target).isEmptyDirectory();
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    private void assertRejected(Path bad, String line) {
        CliRun run = assertFailsCleanly(bad.toString(), GOOD);
        assertThat(run.errLines()).containsExactly(line);
    }

    /** Runs with the output file {@link #out}, checks exit 2, one line, old output intact. */
    private CliRun assertFailsCleanly(String base, String head, String... more) {
        List<String> args = new ArrayList<>(List.of(base, head, "-o", out.toString()));
        args.addAll(List.of(more));
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).doesNotContain("\tat ", "Exception");
        assertThat(out).hasContent(OLD);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .noneMatch(n -> n.endsWith(".tmp"));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return run;
    }
}
