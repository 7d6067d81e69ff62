package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The graph and the report lead with the culprit, through the command, on every recorded pair
 * with a slower method (the router recordings, whose method is slower over 64 call paths through
 * callees it newly calls, and the fixture program's recordings): the SVG opens on the culprit,
 * names it in its header, outlines every frame of it and draws each frame that grew at full
 * strength (the colour its change earns, neither dimmed as noise nor weakened as a caller's); the
 * Markdown report's first table row is the culprit with where its cost went.
 */
class CulpritViewEndToEndTest {

    /** The scale's ends and the full-colour share of new frames, as the graph's legend draws them. */
    private static final int NEUTRAL = 0xe6e6e6;
    private static final int RED = 0xcb181d;

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({
        "router/ap-base.collapsed.gz, router/ap-head.collapsed.gz, HeaderParser.parseHeader, Pattern",
        "router/ap-base.jfr.gz, router/ap-head.jfr.gz, HeaderParser.parseHeader, Pattern",
        "router/jdk17-base.jfr.gz, router/jdk17-head.jfr.gz, HeaderParser.parseHeader, Pattern",
        "collapsed/base.collapsed, collapsed/head.collapsed, FixtureApp.parseRecords, FixtureApp.splitWithRegex",
        "jfr/ap17-base.jfr, jfr/ap17-head.jfr, FixtureApp.parseRecords, FixtureApp.splitWithRegex",
        "jfr/jdk17-base.jfr, jfr/jdk17-head.jfr, FixtureApp.parseRecords, FixtureApp.splitWithRegex",
        "callgrind/callgrind.out.paths-base, callgrind/callgrind.out.paths-head, parse_header, pattern_",
    })
    void theGraphOpensOnTheCulpritAtFullStrengthAndTheReportListsItFirst(String base, String head, String culprit,
            String callee) throws Exception {
        Path svg = dir.resolve("diff.svg");
        CliRun run = CliRun.run(path(base), path(head), "-o", svg.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        Document doc = parse(Files.readAllBytes(svg));
        Element root = doc.getDocumentElement();

        List<Element> frames = children(byId(doc, "frames"));
        double total = Math.max(num(frames.get(0), "data-b"), num(frames.get(0), "data-h"));
        List<Element> mine = frames.stream().filter(g -> named(g, culprit)).toList();
        assertThat(mine).as("frames of %s", culprit).isNotEmpty();
        int grown = 0;
        for (Element g : mine) {
            assertThat(classes(g)).as("frame of the culprit outlined").contains("fh");
            assertThat(g.getAttribute("data-fn")).as("its function's row").isEqualTo(root.getAttribute("data-fn"));
            double b = num(g, "data-b");
            double h = num(g, "data-h");
            if (h > b) {
                grown++;
                assertThat(classes(g)).as("a frame of the culprit that grew is not drawn as noise").doesNotContain("nz");
                assertThat(fill(g)).as("full-strength fill of %s %s -> %s", culprit, b, h)
                        .matches(c -> close(c, expected(classes(g), b, h, total)));
            }
        }
        assertThat(grown).as("frames of the culprit that grew").isPositive();
        assertThat(byId(doc, "fn-label").getTextContent()).startsWith("Slower here: ").contains(culprit + " +")
                .contains(" of the profile");
        Element row = rowOf(doc, root.getAttribute("data-fn"));
        assertThat(row.getAttribute("class")).isEqualTo("sel");
        assertThat(row.getElementsByTagNameNS("*", "td").item(0).getTextContent()).endsWith(culprit);
        // The change column gives the culprit's own change, the one the header names.
        java.util.regex.Matcher said = java.util.regex.Pattern.compile(" (\\+[0-9.]+%) of the profile")
                .matcher(byId(doc, "fn-label").getTextContent());
        assertThat(said.find()).isTrue();
        assertThat(row.getElementsByTagNameNS("*", "td").item(8).getTextContent())
                .isEqualTo("culprit (slower) " + said.group(1));

        Path md = dir.resolve("report.md");
        assertThat(CliRun.run(path(base), path(head), "-o", md.toString()).exitCode()).isZero();
        String first = Files.readString(md).lines().filter(l -> l.startsWith("| \u25b2 ")).findFirst().orElseThrow();
        assertThat(first).as("first row of the report's table").contains("| `" + culprit + "`")
                .containsPattern("now spent in `[^`]*" + callee.replace("$", "\\$"));
    }

    private static String path(String relative) {
        return FixtureFiles.path(relative).toString();
    }

    private static Document parse(byte[] bytes) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
    }

    private static Element byId(Document doc, String id) {
        var all = doc.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (id.equals(e.getAttribute("id"))) {
                return e;
            }
        }
        throw new AssertionError("no element #" + id);
    }

    private static Element rowOf(Document doc, String fn) {
        var rows = byId(doc, "fn-table").getElementsByTagNameNS("*", "tr");
        for (int i = 0; i < rows.getLength(); i++) {
            Element r = (Element) rows.item(i);
            if (fn.equals(r.getAttribute("data-fn"))) {
                return r;
            }
        }
        throw new AssertionError("no row " + fn);
    }

    private static List<Element> children(Element e) {
        List<Element> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) {
                out.add(c);
            }
        }
        return out;
    }

    /** Whether the frame's name (its tooltip's first line) is the function, with or without package. */
    private static boolean named(Element g, String function) {
        String name = g.getElementsByTagNameNS("*", "title").item(0).getTextContent().split("\n")[0];
        return name.equals(function) || name.endsWith("." + function);
    }

    private static List<String> classes(Element g) {
        return List.of(g.getAttribute("class").split(" "));
    }

    private static double num(Element g, String attr) {
        return Double.parseDouble(g.getAttribute(attr));
    }

    private static int fill(Element g) {
        Element rect = (Element) g.getElementsByTagNameNS("*", "rect").item(0);
        return Integer.parseInt(rect.getAttribute("fill").substring(1), 16);
    }

    /**
     * The fill a change earns at full strength (README, "How to read the graph"): a frame on both
     * sides by the square root of its change relative to its larger side; a new frame by its cost,
     * full from 5% of the profile, at least a quarter.
     */
    private static int expected(List<String> classes, double b, double h, double total) {
        double t = classes.contains("add") ? Math.max(0.25, Math.sqrt(Math.min(1, h / (0.05 * total))))
                : Math.min(1, Math.sqrt((h - b) / h));
        return mix(NEUTRAL, RED, t);
    }

    private static int mix(int from, int to, double t) {
        int out = 0;
        for (int shift = 16; shift >= 0; shift -= 8) {
            int a = (from >> shift) & 0xff;
            int z = (to >> shift) & 0xff;
            out |= (int) Math.round(a + (z - a) * t) << shift;
        }
        return out;
    }

    /** Equal up to the rounding of the values the graph writes (a unit per channel). */
    private static boolean close(int a, int b) {
        for (int shift = 16; shift >= 0; shift -= 8) {
            if (Math.abs(((a >> shift) & 0xff) - ((b >> shift) & 0xff)) > 1) {
                return false;
            }
        }
        return true;
    }
}
