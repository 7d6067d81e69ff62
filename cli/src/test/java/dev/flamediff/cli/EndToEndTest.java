package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole command on the recorded collapsed fixtures of the fixture program. */
class EndToEndTest {

    private static final String BASE = FixtureFiles.path("collapsed/base.collapsed").toString();
    private static final String HEAD = FixtureFiles.path("collapsed/head.collapsed").toString();

    @TempDir
    Path dir;

    @Test
    void collapsedOutputShowsTheSlowedMethodAsTopRegressionAndTheNewOneAsAdded() throws IOException {
        Path out = dir.resolve("diff.collapsed");
        CliRun run = CliRun.run(BASE, HEAD, "-o", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        ThreeColumn diff = new ThreeColumn(Files.readString(out));
        // The node that grew most is the slower parseRecords' new callee.
        assertThat(diff.topRegression()).endsWith("fixture.FixtureApp.parseRecords;fixture.FixtureApp.splitWithRegex");
        FixtureChanges.assertShownBy(diff);
        assertThat(diff.stacks().entrySet().stream().filter(e -> e.getKey().contains("compressBlock")))
                .isNotEmpty()
                .allSatisfy(e -> {
                    assertThat(e.getValue().base()).isZero();
                    assertThat(e.getValue().head()).isPositive();
                });
        assertThat(run.errLines()).contains(summary(diff));
        assertThat(run.stdout()).isEmpty();
    }

    @Test
    void totalsOfTheOutputAreThoseOfTheInputs() throws IOException {
        Path out = dir.resolve("diff.collapsed");
        assertThat(CliRun.run(BASE, HEAD, "-o", out.toString()).exitCode()).isZero();
        ThreeColumn diff = new ThreeColumn(Files.readString(out));
        assertThat(diff.baseTotal()).isEqualTo(sumOfCounts(BASE));
        assertThat(diff.headTotal()).isEqualTo(sumOfCounts(HEAD));
    }

    @Test
    void totalNormalizationScalesBaseToHead() throws IOException {
        Path out = dir.resolve("diff.collapsed");
        CliRun run = CliRun.run(BASE, HEAD, "-o", out.toString(), "--normalize", "total");
        assertThat(run.exitCode()).as(run.err()).isZero();
        ThreeColumn diff = new ThreeColumn(Files.readString(out));
        // Scaled values are truncated to integers per line, as difffolded.pl -n does.
        assertThat(diff.baseTotal()).isLessThanOrEqualTo(diff.headTotal())
                .isGreaterThan(diff.headTotal() - diff.stacks().size());
        assertThat(run.err()).contains("base " + (long) sumOfCounts(BASE) + " samples");
        FixtureChanges.assertShownBy(diff);
        assertThat(run.err()).contains("normalization total");
    }

    @Test
    void aProfileDiffedWithItselfIsAllZero() throws IOException {
        Path out = dir.resolve("same.collapsed");
        CliRun run = CliRun.run(BASE, BASE, "-o", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        ThreeColumn diff = new ThreeColumn(Files.readString(out));
        assertThat(diff.stacks()).isNotEmpty();
        assertThat(diff.stacks().values()).allSatisfy(v -> assertThat(v.delta()).isZero());
        assertThat(run.err()).contains("(+0.0%)");
    }

    @Test
    void svgIsWellFormedDeterministicAndNamesTheChangedMethods() throws IOException, XMLStreamException {
        Path first = dir.resolve("a.svg");
        Path second = dir.resolve("b.svg");
        assertThat(CliRun.run(BASE, HEAD, "-o", first.toString(), "--title", "PR <42> & co").exitCode()).isZero();
        assertThat(CliRun.run(BASE, HEAD, "-o", second.toString(), "--title", "PR <42> & co").exitCode()).isZero();

        String svg = Files.readString(first);
        assertThat(Files.readAllBytes(second)).isEqualTo(Files.readAllBytes(first));
        assertWellFormed(svg);
        assertThat(svg).contains("<svg", "parseRecords", "splitWithRegex", "computeChecksum", "compressBlock",
                "PR &lt;42&gt; &amp; co");
    }

    @Test
    void jsonIsValidAndVersioned() throws IOException {
        Path out = dir.resolve("diff.json");
        CliRun run = CliRun.run(BASE, HEAD, "-o", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toFile());
        assertThat(json.has("schemaVersion")).isTrue();
        assertThat(Files.readString(out)).contains("parseRecords", "compressBlock");
    }

    @Test
    void markdownSummaryNamesTheRegression() throws IOException {
        Path out = dir.resolve("summary.md");
        CliRun run = CliRun.run(BASE, HEAD, "-o", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        String report = Files.readString(out);
        assertThat(report).contains("`fixture.FixtureApp.parseRecords` → `fixture.FixtureApp.splitWithRegex`",
                " · **Slower: `", "[Open the interactive flame graph](diff.svg)");
        // head's faster checksum is a significant improvement too, one run per side.
        assertThat(report.substring(report.indexOf("#### Faster, by frame")))
                .startsWith("#### Faster, by frame").contains("`fixture.FixtureApp.computeChecksum`");
    }

    @Test
    void markdownLinksToThePublishedGraphAndEmbedsItsPicture() throws IOException {
        Path out = dir.resolve("summary.md");
        CliRun run = CliRun.run(BASE, HEAD, "-o", out.toString(), "--report-link", "https://ci.example/7/diff.svg",
                "--report-image", "https://ci.example/7/diff.png", "--report-min-impact", "3");
        assertThat(run.exitCode()).as(run.err()).isZero();
        String report = Files.readString(out);
        assertThat(report).contains("[Open the interactive flame graph](https://ci.example/7/diff.svg)",
                "[![differential flame graph](https://ci.example/7/diff.png)](https://ci.example/7/diff.svg)",
                "changes smaller than 3.00% of the profile").doesNotContain("replace diff.svg");
        CliRun bad = CliRun.run(BASE, HEAD, "-o", dir.resolve("x.md").toString(), "--report-link", "a b");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.errLines()).containsExactly("flamediff: --report-link must be a URL without spaces or control characters");
        assertThat(dir.resolve("x.md")).doesNotExist();
    }

    @Test
    void pngIsAnImage() throws IOException {
        Path out = dir.resolve("diff.png");
        CliRun run = CliRun.run("src/test/resources/e2e/base.collapsed", "src/test/resources/e2e/head.collapsed",
                "-o", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        byte[] png = Files.readAllBytes(out);
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void dashWritesTheSameBytesToStdout() throws IOException {
        Path out = dir.resolve("diff.collapsed");
        assertThat(CliRun.run(BASE, HEAD, "-o", out.toString()).exitCode()).isZero();
        CliRun run = CliRun.run(BASE, HEAD, "-o", "-", "--format", "collapsed");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).isEqualTo(Files.readAllBytes(out));
        assertThat(run.out()).isEmpty();
    }

    @Test
    void withoutOutputTheSvgGoesToStdout() {
        CliRun run = CliRun.run(BASE, HEAD);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.stdoutText()).contains("<svg").contains("parseRecords");
    }

    @Test
    void formatFlagOverridesTheExtension() throws IOException {
        Path out = dir.resolve("diff.txt");
        assertThat(CliRun.run(BASE, HEAD, "-o", out.toString(), "--format", "json").exitCode()).isZero();
        assertThat(new ObjectMapper().readTree(out.toFile()).has("schemaVersion")).isTrue();
    }

    @Test
    void gzipInputGivesTheSameDiff() throws IOException {
        Path gz = dir.resolve("base.collapsed.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(Path.of(BASE), out);
        }
        CliRun plain = CliRun.run(BASE, HEAD, "-o", "-", "--format", "collapsed");
        CliRun zipped = CliRun.run(gz.toString(), HEAD, "-o", "-", "--format", "collapsed");
        assertThat(zipped.exitCode()).as(zipped.err()).isZero();
        assertThat(zipped.stdout()).isEqualTo(plain.stdout());
    }

    @Test
    void stdinCanBeEitherSide() throws IOException {
        CliRun plain = CliRun.run(BASE, HEAD, "-o", "-", "--format", "collapsed");
        CliRun baseFromStdin = CliRun.runWithStdin(Files.readAllBytes(Path.of(BASE)),
                "-", HEAD, "-o", "-", "--format", "collapsed");
        CliRun headFromStdin = CliRun.runWithStdin(Files.readAllBytes(Path.of(HEAD)),
                BASE, "-", "-o", "-", "--format", "collapsed");
        assertThat(baseFromStdin.exitCode()).as(baseFromStdin.err()).isZero();
        assertThat(headFromStdin.exitCode()).as(headFromStdin.err()).isZero();
        assertThat(baseFromStdin.stdout()).isEqualTo(plain.stdout());
        assertThat(headFromStdin.stdout()).isEqualTo(plain.stdout());
    }

    @Test
    void includeKeepsOnlyMatchingStacks() throws IOException {
        CliRun run = CliRun.run(BASE, HEAD, "-o", "-", "--format", "collapsed", "--include", "parseRecords");
        assertThat(run.exitCode()).as(run.err()).isZero();
        ThreeColumn diff = new ThreeColumn(run.stdoutText());
        assertThat(diff.stacks()).isNotEmpty();
        assertThat(diff.stacks().keySet()).allMatch(s -> s.contains("parseRecords"));
    }

    @Test
    void excludeDropsMatchingStacks() throws IOException {
        CliRun run = CliRun.run(BASE, HEAD, "-o", "-", "--format", "collapsed", "--exclude", "parseRecords");
        assertThat(run.exitCode()).as(run.err()).isZero();
        ThreeColumn diff = new ThreeColumn(run.stdoutText());
        assertThat(diff.stacks()).isNotEmpty();
        assertThat(diff.stacks().keySet()).noneMatch(s -> s.contains("parseRecords"));
    }

    private static String summary(ThreeColumn diff) {
        double base = diff.baseTotal();
        double head = diff.headTotal();
        return String.format(java.util.Locale.ROOT, "base %d samples, head %d samples (%+.1f%%)",
                (long) base, (long) head, (head - base) / base * 100);
    }

    private static long sumOfCounts(String file) throws IOException {
        return Files.readAllLines(Path.of(file)).stream().filter(l -> !l.isBlank())
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    private static void assertWellFormed(String xml) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        XMLStreamReader reader = factory.createXMLStreamReader(new java.io.StringReader(xml));
        while (reader.hasNext()) {
            reader.next();
        }
        assertThat(xml.getBytes(StandardCharsets.UTF_8)).isNotEmpty();
    }
}
