package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.ColorBy;
import dev.flamediff.render.RenderOptions.WidthMode;
import dev.flamediff.render.Renderers;
import dev.flamediff.testkit.FoldedProfiles;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The content of the rendered document: header, legend, tooltips, classes, determinism. */
class SvgDocumentTest {

    private final DiffTree diff = SvgTestSupport.fixtureLike();
    private final String svg = SvgTestSupport.render(diff, RenderOptions.DEFAULT);
    private final Document doc = SvgTestSupport.parse(svg);
    private final Map<String, Element> byName = SvgTestSupport.frames(doc).stream()
            .collect(Collectors.toMap(SvgTestSupport::name, Function.identity(), (a, b) -> a));

    @Test
    void isRegisteredUnderItsFormat() {
        assertThat(Renderers.byFormat("svg")).get().isInstanceOf(SvgRenderer.class);
    }

    @Test
    void isAnSvgDocumentWithOneScriptAndAViewBox() {
        Element root = doc.getDocumentElement();
        assertThat(root.getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
        assertThat(root.getAttribute("viewBox")).isEqualTo("0 0 1200 " + root.getAttribute("height"));
        assertThat(root.getAttribute("width")).as("as wide as the window").isEqualTo("100%");
        assertThat(doc.getElementsByTagName("script").getLength()).isEqualTo(1);
        assertThat(root.getAttribute("data-width-mode")).isEqualTo("union");
        assertThat(root.getAttribute("data-color-by")).isEqualTo("total");
    }

    @Test
    void headerNamesTheInputsTotalsAndNormalization() {
        assertThat(SvgTestSupport.byId(doc, "title").getTextContent()).isEqualTo("Differential flame graph");
        assertThat(SvgTestSupport.byId(doc, "subtitle").getTextContent())
                .contains("base: base.collapsed").contains("head: head.collapsed");
        assertThat(SvgTestSupport.byId(doc, "measures").getTextContent())
                .contains("samples/count", "event cpu", "725 samples \u2192 940 samples", "+29.66%",
                        "normalization: none").doesNotContain("width");
        assertThat(svg).doesNotContain("id=\"warnings\"");
    }

    @Test
    void severalRunsAndTheNormalizationAreNamed() throws Exception {
        java.util.List<dev.flamediff.model.Profile> base = new java.util.ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            base.add(FoldedProfiles.profile("base" + i + ".jfr", ValueType.SAMPLES, "a;b " + (10 * i)));
        }
        DiffTree d = dev.flamediff.diff.Diffs.diff(base,
                List.of(FoldedProfiles.profile("head.jfr", ValueType.SAMPLES, "a;b 40")),
                dev.flamediff.diff.DiffOptions.DEFAULT.withNormalization(dev.flamediff.diff.Normalization.TOTAL));
        Document w = SvgTestSupport.parse(SvgTestSupport.render(d, RenderOptions.DEFAULT));
        assertThat(SvgTestSupport.byId(w, "subtitle").getTextContent())
                .isEqualTo("base: 4 runs (base1.jfr, base2.jfr, base3.jfr, \u2026)  \u2192  head: head.jfr");
        assertThat(SvgTestSupport.byId(w, "measures").getTextContent())
                .contains("normalization: " + dev.flamediff.diff.Normalization.TOTAL.describe());
        assertThat(SvgTestSupport.byId(w, "noise").getTextContent()).contains("4 base and 1 head runs compared");
        assertThat(SvgTestSupport.byId(w, "method").getTextContent()).contains("run-to-run spread of 4 base and 1 head runs");
    }

    @Test
    void warnsAboutTruncatedAndApproximateInputs() {
        var base = FoldedProfiles.profile("cut.jfr", ValueType.SAMPLES, "a;b 3");
        var head = FoldedProfiles.profile("callgrind.out", ValueType.SAMPLES, "a;b 4");
        DiffTree d = SvgTestSupport.diff(base.withMetadata(base.metadata().withTruncated(true)),
                head.withMetadata(head.metadata().withApproximate(true)));
        Document w = SvgTestSupport.parse(SvgTestSupport.render(d, RenderOptions.DEFAULT.withTitle("T")));
        assertThat(SvgTestSupport.byId(w, "title").getTextContent()).isEqualTo("T");
        assertThat(SvgTestSupport.byId(w, "warnings").getTextContent())
                .contains("base is truncated").contains("head is approximate");
    }

    @Test
    void everyGraphHasALegendWithTheScaleAndTheAddedRemovedAndMergedStyles() {
        Element legend = SvgTestSupport.byId(doc, "legend");
        assertThat(legend.getTextContent()).contains("faster", "slower", "new in head", "gone in head", "merged",
                "could be noise");
        assertThat(legend.getElementsByTagName("rect").getLength()).isGreaterThanOrEqualTo(10);
        List<String> classes = List.of("add", "rem", "eli");
        for (String c : classes) {
            assertThat(svg).contains("<g class=\"" + c + " o\"><rect");
        }
    }

    @Test
    void tooltipShowsBaseToHeadDeltaRelativeChangeAndImpact() {
        String parse = SvgTestSupport.tooltip(byName.get("Parser.parseRecords"));
        assertThat(parse.split("\n")).containsExactly(
                "Parser.parseRecords",
                "kind: JIT compiled",
                "total: 300 samples \u2192 570 samples (\u0394 +270 samples, +90.00% of the frame)",
                "self: 300 samples \u2192 330 samples (\u0394 +30 samples, +10.00% of the frame)",
                "impact: +37.24% of the base total",
                noiseLine(diff, "Parser.parseRecords"));
        assertThat(SvgTestSupport.tooltip(byName.get("Compressor.compressBlock")))
                .contains("0 samples \u2192 120 samples", ", new)", "\nnew in head: did not run in base\n");
        assertThat(SvgTestSupport.tooltip(byName.get("Validator.validate")))
                .contains("\u221240 samples", "\u2212100.00% of the frame", "\ngone in head: ran only in base\n");
    }

    @Test
    void headerSaysInPlainWordsWhatPaleMeansAndHowItWasTestedOneClickAway() {
        assertThat(SvgTestSupport.byId(doc, "noise").getTextContent())
                .isEqualTo("Strong colours: likely real changes. Pale: could be noise; record 3 or more runs per side to tell.");
        assertThat(SvgTestSupport.byId(doc, "method").getTextContent())
                .contains("How this was tested: Poisson sample counts", "false discovery rate "
                        + ValueFormat.number(diff.significance().level() * 100) + "%");
        assertThat(SvgTestSupport.byId(doc, "method-btn").getAttribute("class")).isEqualTo("btn");
    }

    @Test
    void aChangeWithinTheNoiseIsPale() {
        // 10 -> 12 samples is noise; 1000 -> 10000 is not, beside a rest that stayed the same.
        DiffTree d = SvgTestSupport.diff(new String[] {"small 10", "big 1000", "rest 20000"},
                new String[] {"small 12", "big 10000", "rest 20000"});
        Document g = SvgTestSupport.parse(SvgTestSupport.render(d, RenderOptions.DEFAULT));
        Element small = SvgTestSupport.frames(g).stream().filter(e -> SvgTestSupport.name(e).equals("small")).findFirst().orElseThrow();
        Element big = SvgTestSupport.frames(g).stream().filter(e -> SvgTestSupport.name(e).equals("big")).findFirst().orElseThrow();
        assertThat(SvgTestSupport.tooltip(small)).contains("change: total could be noise");
        assertThat(SvgTestSupport.tooltip(big)).contains("change: total likely real");
        assertThat(small.getAttribute("class")).contains("nz");
        assertThat(big.getAttribute("class")).doesNotContain("nz");
        DiffColors c = DiffColors.of(RenderOptions.Palette.RED_BLUE);
        assertThat(SvgTestSupport.child(small, "rect").getAttribute("fill")).isEqualTo(DiffColors.hex(c.scale(10, 12, false)));
        assertThat(SvgTestSupport.child(big, "rect").getAttribute("fill")).isEqualTo(DiffColors.hex(c.scale(1000, 10000, true)));
    }

    @Test
    void addedAndRemovedFramesHaveTheirOwnClassesAndStayVisible() {
        Element added = byName.get("Compressor.compressBlock");
        Element removed = byName.get("Validator.validate");
        assertThat(added.getAttribute("class")).startsWith("add o");
        assertThat(removed.getAttribute("class")).startsWith("rem o");
        assertThat(SvgTestSupport.width(added)).isPositive();
        assertThat(SvgTestSupport.width(removed)).isPositive();
        // New code on the regression side, gone code on the improvement side, by their cost.
        int add = Integer.parseInt(SvgTestSupport.child(added, "rect").getAttribute("fill").substring(1), 16);
        int rem = Integer.parseInt(SvgTestSupport.child(removed, "rect").getAttribute("fill").substring(1), 16);
        assertThat(red(add)).isGreaterThan(blue(add) + 60);
        assertThat(blue(rem)).isGreaterThan(red(rem) + 30);
    }

    @Test
    void onlyFramesWideEnoughGetTheOutlineOfTheirStyle() {
        DiffTree d = SvgTestSupport.diff(new String[] {"gone 1", "stay 2000"}, new String[] {"new 1", "stay 2000"});
        for (Element g : SvgTestSupport.frames(SvgTestSupport.parse(SvgTestSupport.render(d, RenderOptions.DEFAULT)))) {
            String name = SvgTestSupport.name(g);
            if (name.equals("gone") || name.equals("new")) {
                assertThat(SvgTestSupport.width(g)).isLessThan(SvgDocumentWriter.OUTLINE_MIN_WIDTH);
                assertThat(g.getAttribute("class").split(" ")[0]).isIn("add", "rem");
                assertThat(g.getAttribute("class")).doesNotContain(" o");
            }
        }
    }

    @Test
    void regressionsAreRedImprovementsBlueAndTheFrameWhereTheChangeStartsTheStrongest() {
        int parse = fill("Parser.parseRecords");
        int checksum = fill("Checksum.computeChecksum");
        int sort = fill("Sorter.sortRecords");
        assertThat(red(parse)).isGreaterThan(blue(parse));
        assertThat(blue(checksum)).isGreaterThan(red(checksum));
        assertThat(sort).isEqualTo(DiffColors.NEUTRAL);
        // parseRecords' growth is mostly its new callee's: the callee is the strongest red, and the
        // trunk above, which only carries the change, is weaker than parseRecords.
        int slow = fill("Parser.parseRecordsSlow");
        for (Element g : byName.values()) {
            int f = Integer.parseInt(SvgTestSupport.child(g, "rect").getAttribute("fill").substring(1), 16);
            assertThat(red(f) - blue(f)).as(SvgTestSupport.name(g)).isLessThanOrEqualTo(red(slow) - blue(slow));
        }
        for (String trunk : List.of("Thread.run", "Main.main", "Worker.run")) {
            assertThat(red(fill(trunk)) - blue(fill(trunk))).as(trunk).isLessThan(red(parse) - blue(parse));
        }
    }

    @Test
    void theOtherColorModeIsCarriedForTheScript() {
        Element parse = byName.get("Parser.parseRecords");
        String bySelf = parse.getAttribute("data-f2");
        Document self = SvgTestSupport.parse(SvgTestSupport.render(diff, RenderOptions.DEFAULT.withColorBy(ColorBy.SELF)));
        Element parseSelf = SvgTestSupport.frames(self).stream()
                .filter(g -> SvgTestSupport.name(g).equals("Parser.parseRecords")).findFirst().orElseThrow();
        assertThat(SvgTestSupport.child(parseSelf, "rect").getAttribute("fill")).isEqualTo(bySelf);
        assertThat(parseSelf.getAttribute("data-f2")).isEqualTo(SvgTestSupport.child(parse, "rect").getAttribute("fill"));
    }

    @Test
    void labelsAreTruncatedToFitTheirFrame() {
        for (Element g : SvgTestSupport.frames(doc)) {
            String label = SvgTestSupport.child(g, "text").getTextContent();
            double room = SvgTestSupport.width(g) - 6;
            assertThat(label.length() * SvgGeometry.CHAR_WIDTH).isLessThanOrEqualTo(room + 1e-9);
            if (!label.isEmpty() && !label.equals(SvgTestSupport.name(g))) {
                assertThat(label).startsWith("\u2026");
                assertThat(SvgTestSupport.name(g)).endsWith(label.substring(1));
            }
        }
        assertThat(SvgTestSupport.child(byName.get("Validator.validate"), "text").getTextContent()).isEqualTo("\u2026date");
    }

    @Test
    void framesHaveStableSequentialIdsAndTheRootComesFirst() {
        List<Element> frames = SvgTestSupport.frames(doc);
        for (int i = 0; i < frames.size(); i++) {
            assertThat(frames.get(i).getAttribute("id")).isEqualTo("f" + i);
        }
        assertThat(SvgTestSupport.name(frames.get(0))).isEqualTo("all");
        assertThat(SvgTestSupport.width(frames.get(0))).isEqualTo(SvgGeometry.PLOT_WIDTH);
    }

    @Test
    void icicleDrawsTheRootAtTheTopAndTheFlameAtTheBottom() {
        Document flame = SvgTestSupport.parse(SvgTestSupport.render(diff, RenderOptions.DEFAULT.withInverted(false)));
        double rootIcicle = y(SvgTestSupport.frames(doc).get(0));
        double leafIcicle = y(byName.get("Parser.parseRecordsSlow"));
        List<Element> fl = SvgTestSupport.frames(flame);
        double rootFlame = y(fl.get(0));
        double leafFlame = y(fl.stream()
                .filter(g -> SvgTestSupport.name(g).equals("Parser.parseRecordsSlow")).findFirst().orElseThrow());
        assertThat(rootFlame).isGreaterThan(leafFlame);
        assertThat(rootIcicle).isLessThan(leafIcicle);
    }

    /**
     * A stack 60 frames deep holding one sample in 10,000 is a sliver a tenth of a pixel wide: its
     * frames are drawn (zooming shows them) but the height stops below the deepest visible row,
     * the fourth (the diff's root, all, wide, leaf).
     */
    @Test
    void theHeightStopsBelowTheDeepestRowWithAVisibleFrame() {
        StringBuilder deep = new StringBuilder("all;thin");
        for (int i = 0; i < 60; i++) {
            deep.append(";deep").append(i);
        }
        String[] base = {"all;wide;leaf 9999", deep + " 1"};
        String[] head = {"all;wide;leaf 9000", deep + " 1"};
        for (boolean icicle : new boolean[] {true, false}) {
            Document d = SvgTestSupport.parse(SvgTestSupport.render(SvgTestSupport.diff(base, head),
                    RenderOptions.DEFAULT.withMinWidth(0).withInverted(icicle)));
            double height = Double.parseDouble(d.getDocumentElement().getAttribute("height"));
            double top = Double.parseDouble(d.getDocumentElement().getAttribute("data-top"));
            assertThat(SvgTestSupport.frames(d)).hasSizeGreaterThan(60);
            // Below the rows: the function list (browsers only).
            assertThat(height).as("icicle %s", icicle)
                    .isEqualTo(top + 4 * SvgGeometry.FRAME_HEIGHT + 8 + 10 + FunctionListWriter.HEIGHT);
            Element leaf = SvgTestSupport.frames(d).stream()
                    .filter(g -> SvgTestSupport.name(g).equals("leaf")).findFirst().orElseThrow();
            assertThat(y(leaf)).isBetween(top, height);
        }
    }

    @Test
    void sameDiffAndOptionsGiveIdenticalBytes() {
        DiffTree again = SvgTestSupport.fixtureLike();
        for (WidthMode m : WidthMode.values()) {
            RenderOptions o = RenderOptions.DEFAULT.withWidthMode(m);
            assertThat(SvgTestSupport.render(again, o)).isEqualTo(SvgTestSupport.render(diff, o));
        }
    }

    @Test
    void unitsAreMillisecondsForNanosecondsAndMegabytesForBytes() {
        DiffTree nanos = SvgTestSupport.diff(FoldedProfiles.profile("b", ValueType.CPU_NANOS, "a 2500000"),
                FoldedProfiles.profile("h", ValueType.CPU_NANOS, "a 5000000"));
        assertThat(SvgTestSupport.render(nanos, RenderOptions.DEFAULT)).contains("2.5 ms \u2192 5 ms");
        DiffTree bytes = SvgTestSupport.diff(FoldedProfiles.profile("b", ValueType.ALLOC_BYTES, "a 1500000"),
                FoldedProfiles.profile("h", ValueType.ALLOC_BYTES, "a 1000000"));
        assertThat(SvgTestSupport.render(bytes, RenderOptions.DEFAULT)).contains("1.5 MB \u2192 1 MB");
        DiffTree ir = SvgTestSupport.diff(FoldedProfiles.profile("b", new ValueType("Ir", "instructions"), "a 1234567"),
                FoldedProfiles.profile("h", new ValueType("Ir", "instructions"), "a 1234568"));
        assertThat(SvgTestSupport.render(ir, RenderOptions.DEFAULT)).contains("1,234,567 instructions \u2192 1,234,568 instructions");
    }

    @Test
    void emptyProfilesStillGiveAValidGraph() {
        DiffTree empty = SvgTestSupport.diff(FoldedProfiles.profile("b", ValueType.SAMPLES),
                FoldedProfiles.profile("h", ValueType.SAMPLES));
        Document d = SvgTestSupport.parse(SvgTestSupport.render(empty, RenderOptions.DEFAULT));
        assertThat(SvgTestSupport.frames(d)).hasSize(1);
        assertThat(SvgTestSupport.width(SvgTestSupport.frames(d).get(0))).isZero();
    }

    /** The tooltip's noise line, from the diff engine's own verdicts for the named frame. */
    private static String noiseLine(DiffTree d, String name) {
        for (int n = 0; n < d.size(); n++) {
            if (d.frame(n).name().equals(name)) {
                boolean both = d.significance().significant(n) && d.significance().selfSignificant(n);
                return "change: total " + (d.significance().significant(n) ? "likely real" : "could be noise") + ", own code "
                        + (d.significance().selfSignificant(n) ? "likely real" : "could be noise")
                        + (both ? "" : " (record 3 or more runs per side to tell)");
            }
        }
        throw new AssertionError(name);
    }

    private static double y(Element g) {
        return Double.parseDouble(SvgTestSupport.child(g, "rect").getAttribute("y"));
    }

    private int fill(String name) {
        return Integer.parseInt(SvgTestSupport.child(byName.get(name), "rect").getAttribute("fill").substring(1), 16);
    }

    private static int red(int rgb) {
        return (rgb >> 16) & 0xff;
    }

    private static int blue(int rgb) {
        return rgb & 0xff;
    }
}
