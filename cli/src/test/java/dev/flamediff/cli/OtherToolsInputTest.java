package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files the rest of the flame-graph world writes, through the whole command: difffolded.pl's
 * 3-column output, fractional counts, austin's headers, files with bad lines or old Mac line ends.
 */
class OtherToolsInputTest {

    private static final Path BASE = FixtureFiles.path("collapsed/base.collapsed");
    private static final Path HEAD = FixtureFiles.path("collapsed/head.collapsed");
    private static final Path HEAD_DOT = FixtureFiles.path("collapsed/head-dot.collapsed");
    private static final Path DIFFFOLDED = FixtureFiles.path("collapsed/difffolded");

    @TempDir
    Path dir;

    private List<String> collapsed(String... args) throws IOException {
        Path out = dir.resolve("out-" + System.nanoTime() + ".collapsed");
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "-o";
        all[args.length + 1] = out.toString();
        CliRun run = CliRun.run(all);
        assertThat(run.exitCode()).as(run.err()).isZero();
        return Files.readAllLines(out, StandardCharsets.UTF_8);
    }

    @Test
    void withoutNameNormalizationTheOutputIsDifffoldedsOnAPairThatSpellsJavaNamesBothWays() throws Exception {
        List<String> expected = Files.readAllLines(DIFFFOLDED.resolve("base-head-dot.folded"));
        assertThat(expected).anyMatch(l -> l.contains("java/lang/Thread.run")).anyMatch(l -> l.contains("java.lang.Thread.run"));
        assertThat(collapsed(BASE.toString(), HEAD_DOT.toString(), "--no-normalize-names")).isEqualTo(expected);
        assertThat(collapsed(BASE.toString(), HEAD.toString(), "--no-normalize-names"))
                .isEqualTo(Files.readAllLines(DIFFFOLDED.resolve("base-head.folded")));
    }

    @Test
    void theLiveDifffoldedAgreesWhereTheMachineHasIt() throws Exception {
        Optional<Path> script = DiffFoldedScript.find();
        assumeThat(script).as("difffolded.pl (FLAMEGRAPH_DIR or PATH) and perl").isPresent();
        assertThat(collapsed(BASE.toString(), HEAD_DOT.toString(), "--no-normalize-names"))
                .isEqualTo(DiffFoldedScript.run(script.get(), BASE, HEAD_DOT));
        Path fracBase = DIFFFOLDED.resolve("frac-base.folded");
        Path fracHead = DIFFFOLDED.resolve("frac-head.folded");
        assertThat(collapsed(fracBase.toString(), fracHead.toString()))
                .isEqualTo(DiffFoldedScript.run(script.get(), fracBase, fracHead));
    }

    @Test
    void byDefaultBothSpellingsOfAJavaNameAreOneFrame() throws Exception {
        // difffolded.pl on the same pair, after spelling every Java frame with dots and without
        // the run-specific lambda and hidden-class parts (what the default normalization does).
        List<String> lines = collapsed(BASE.toString(), HEAD_DOT.toString());
        assertThat(lines).noneMatch(l -> l.contains("java/lang/"));
        assertThat(lines).filteredOn(l -> l.startsWith("java.lang.Thread.run;fixture.FixtureApp$$Lambda.run;"
                + "fixture.FixtureApp.lambda$main$0;fixture.FixtureApp.work;"))
                .anySatisfy(l -> assertThat(both(l)).isTrue());
        ThreeColumn diff = new ThreeColumn(String.join("\n", lines));
        ThreeColumn.Values work = diff.prefixes().get(
                "java.lang.Thread.run;fixture.FixtureApp$$Lambda.run;fixture.FixtureApp.lambda$main$0;fixture.FixtureApp.work");
        assertThat(work.base()).isPositive();
        assertThat(work.head()).isPositive();
    }

    private static boolean both(String line) {
        String[] parts = line.split(" ");
        return !parts[parts.length - 1].equals("0") && !parts[parts.length - 2].equals("0");
    }

    @Test
    void fractionalCountsArePrintedAsDifffoldedPrintsThem() throws Exception {
        Path fracBase = DIFFFOLDED.resolve("frac-base.folded");
        Path fracHead = DIFFFOLDED.resolve("frac-head.folded");
        assertThat(collapsed(fracBase.toString(), fracHead.toString()))
                .isEqualTo(Files.readAllLines(DIFFFOLDED.resolve("frac.folded")));
        CliRun run = CliRun.run(fracBase.toString(), fracHead.toString(), "-o", dir.resolve("f.json").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("base 80.925 samples, head 72.605 samples (-10.3%)")
                .contains("counts with fractions (up to 3 decimal places)");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("f.json").toFile());
        assertThat(json.at("/base/total").asDouble()).isEqualTo(80.925);
        assertThat(json.at("/tree/baseTotal").asDouble()).isEqualTo(80.925);
        assertThat(json.at("/significance/noiseModel").asText()).isEqualTo("exact");
        CliRun md = CliRun.run(fracBase.toString(), fracHead.toString(), "-o", dir.resolve("f.md").toString());
        assertThat(md.exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("f.md"))).contains("6 \u2192 40.8").doesNotContain("40,750");
        CliRun svg = CliRun.run(fracBase.toString(), fracHead.toString(), "-o", dir.resolve("f.svg").toString());
        assertThat(svg.exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("f.svg"))).contains("31.3 samples");
    }

    @Test
    void aFractionalAndAWholeProfileDiff() throws Exception {
        Path whole = dir.resolve("whole.folded");
        Files.writeString(whole, "main;cksum;update 14\nmain;parse 2\n");
        assertThat(collapsed(DIFFFOLDED.resolve("frac-base.folded").toString(), whole.toString()))
                .contains("main;cksum;update 31.3 14", "main;parse 31 2");
    }

    @Test
    void difffoldedOutputIsOneInputThatDrawsAndRendersAgain() throws Exception {
        Path folded = DIFFFOLDED.resolve("base-head.folded");
        CliRun svg = CliRun.run(folded.toString(), "-o", dir.resolve("d.svg").toString());
        assertThat(svg.exitCode()).as(svg.err()).isZero();
        assertThat(svg.err()).contains("3-column stacks (stack base head, as difffolded.pl writes)")
                .contains("base 2030 samples, head 1925 samples (-5.2%)");
        assertThat(Files.readString(dir.resolve("d.svg"))).contains("<svg", "parseRecords", "compressBlock");
        // Re-rendered as 3 columns it is the file itself; the ranking sees the fixture's changes.
        assertThat(collapsed(folded.toString(), "--no-normalize-names")).isEqualTo(Files.readAllLines(folded));
        FixtureChanges.assertShownBy(new ThreeColumn(String.join("\n", collapsed(folded.toString()))));
        for (String ext : new String[] {"json", "md", "png"}) {
            CliRun run = CliRun.run(folded.toString(), "-o", dir.resolve("d." + ext).toString());
            assertThat(run.exitCode()).as(ext + ": " + run.err()).isZero();
        }
        CliRun stdin = CliRun.runWithStdin(Files.readAllBytes(folded), "-", "-f", "collapsed");
        assertThat(stdin.exitCode()).as(stdin.err()).isZero();
    }

    @Test
    void aThreeColumnFileWithAnotherInputIsAnError() {
        String folded = DIFFFOLDED.resolve("base-head.folded").toString();
        CliRun run = CliRun.run(folded, HEAD.toString(), "-o", dir.resolve("x.svg").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).containsExactly("flamediff: " + folded + ": a 3-column file (stack base head) holds "
                + "both base and head; give it alone as the only input, not with another profile");
        assertThat(CliRun.run("--base", BASE.toString(), folded, "--head", HEAD.toString()).exitCode()).isEqualTo(2);
        CliRun alone = CliRun.run(BASE.toString(), "-o", dir.resolve("y.svg").toString());
        assertThat(alone.exitCode()).isEqualTo(2);
        assertThat(alone.errLines()).hasSize(1);
        assertThat(alone.err()).contains("Missing required parameter: 'HEAD'", "only a 3-column file");
        assertThat(dir.resolve("x.svg")).doesNotExist();
    }

    @Test
    void austinHeadersBecomeTheEventAndANoteInEveryOutput() throws Exception {
        // austin 3's header lines (austin 1.0, which Debian ships, writes none).
        String header = "# austin: 3.3.0\n# interval: 100\n# mode: wall\n\n";
        Path a = dir.resolve("a.austin");
        Path b = dir.resolve("b.austin");
        Files.writeString(a, header + "P1;T1:7f;<module> (app.py:1);main (app.py:9);parse (app.py:3) 1500\n"
                + "P1;T1:7f;<module> (app.py:1);main (app.py:9) 200\n# duration: 2000000\n");
        Files.writeString(b, header + "P1;T1:7f;<module> (app.py:1);main (app.py:9);parse (app.py:3) 2500\n"
                + "P1;T1:7f;<module> (app.py:1);main (app.py:9) 250\n");
        CliRun run = CliRun.run(a.toString(), b.toString(), "-o", dir.resolve("a.json").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        String note = "header: austin 3.3.0, mode wall, sampling interval 100 \u00b5s; values are microseconds";
        assertThat(run.errLines()).contains(a + ": " + note, "base 1700 wall microseconds, head 2750 wall microseconds (+61.8%)");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("a.json").toFile());
        assertThat(json.at("/valueType/kind").asText()).isEqualTo("wall");
        assertThat(json.at("/base/runs/0/event").asText()).isEqualTo("wall");
        assertThat(json.at("/base/runs/0/notes/0").asText()).isEqualTo(note);
        assertThat(CliRun.run(a.toString(), b.toString(), "-o", dir.resolve("a.md").toString()).exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("a.md"))).contains("wall/microseconds", "1,500 \u2192 2,500");
    }

    @Test
    void skipBadLinesReadsTheRestAndSaysSoInEveryOutput() throws Exception {
        Path bad = dir.resolve("bad.folded");
        String text = Files.readString(BASE);
        // The first line decides the format, so the bad lines come after it.
        String first = text.substring(0, text.indexOf('\n') + 1);
        Files.writeString(bad, first + "garbage without a count\n" + text.substring(first.length()) + "a;b -3\nc;d 1e5\n");
        CliRun strict = CliRun.run(bad.toString(), HEAD.toString(), "-o", dir.resolve("s.svg").toString());
        assertThat(strict.exitCode()).isEqualTo(2);
        assertThat(strict.errLines()).containsExactly("flamediff: " + bad
                + ": collapsed, line 2: sample count 'count' is not a number");
        CliRun lenient = CliRun.run(bad.toString(), HEAD.toString(), "--skip-bad-lines", "-o", dir.resolve("l.json").toString());
        assertThat(lenient.exitCode()).as(lenient.err()).isZero();
        long lines = text.lines().count();
        String note = "skipped 3 lines that could not be read (lines 2, " + (lines + 2) + ", " + (lines + 3)
                + "; line 2: sample count 'count' is not a number): the profile is partial";
        assertThat(lenient.errLines()).contains(bad + ": " + note).contains("base 2030 samples, head 1925 samples (-5.2%)");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("l.json").toFile());
        assertThat(json.at("/base/runs/0/notes").toString()).contains("skipped 3 lines");
        assertThat(json.at("/base/runs/0/truncated").asBoolean()).isTrue();
        // The graph and the report say the base is partial (their warnings for truncated inputs).
        assertThat(CliRun.run(bad.toString(), HEAD.toString(), "--skip-bad-lines", "-o", dir.resolve("l.svg").toString())
                .exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("l.svg"))).contains("base is truncated");
        assertThat(CliRun.run(bad.toString(), HEAD.toString(), "--skip-bad-lines", "-o", dir.resolve("l.md").toString())
                .exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("l.md"))).contains("an input was truncated");
    }

    @Test
    void oldMacLineEndsReadLineByLine() throws Exception {
        Path cr = dir.resolve("cr.folded");
        Files.writeString(cr, Files.readString(BASE).replace('\n', '\r'));
        assertThat(collapsed(cr.toString(), HEAD.toString())).isEqualTo(collapsed(BASE.toString(), HEAD.toString()));
    }

    @Test
    void aFirstLineLongerThanTheDetectionWindowIsRead() throws Exception {
        StringBuilder deep = new StringBuilder();
        for (int i = 0; deep.length() < (1 << 20) + 1000; i++) {
            deep.append("com.example.Deep.frame").append(i).append(';');
        }
        deep.append("leaf 7\n");
        Path big = dir.resolve("big.folded");
        Files.writeString(big, deep + Files.readString(BASE));
        List<String> lines = collapsed(big.toString(), HEAD.toString(), "--max-depth", "100000");
        assertThat(lines).anyMatch(l -> l.endsWith(";leaf 7 0"));
    }
}
