package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.ColorBy;
import dev.flamediff.render.RenderOptions.WidthMode;
import dev.flamediff.render.Renderers;
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
                        "normalization: none", "width: union");
        assertThat(svg).doesNotContain("id=\"warnings\"");
    }

    @Test
    void severalRunsAndTheNormalizationAreNamed() throws Exception {
        java.util.List<dev.flamediff.model.Profile> base = new java.util.ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            base.add(SvgTestSupport.profile("base" + i + ".jfr", ValueType.SAMPLES, "a;b " + (10 * i)));
        }
        DiffTree d = dev.flamediff.diff.Diffs.diff(base,
                List.of(SvgTestSupport.profile("head.jfr", ValueType.SAMPLES, "a;b 40")),
                dev.flamediff.diff.DiffOptions.DEFAULT.withNormalization(dev.flamediff.diff.Normalization.TOTAL));
        Document w = SvgTestSupport.parse(SvgTestSupport.render(d, RenderOptions.DEFAULT));
        assertThat(SvgTestSupport.byId(w, "subtitle").getTextContent())
                .isEqualTo("base: 4 runs (base1.jfr, base2.jfr, base3.jfr, \u2026)  \u2192  head: head.jfr");
        assertThat(SvgTestSupport.byId(w, "measures").getTextContent())
                .contains("normalization: " + dev.flamediff.diff.Normalization.TOTAL.describe());
        assertThat(SvgTestSupport.byId(w, "noise").getTextContent()).contains("run-to-run spread of 4 base and 1 head runs");
    }

    @Test
    void warnsAboutTruncatedAndApproximateInputs() {
        var base = SvgTestSupport.profile("cut.jfr", ValueType.SAMPLES, "a;b 3");
        var head = SvgTestSupport.profile("callgrind.out", ValueType.SAMPLES, "a;b 4");
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
        assertThat(legend.getTextContent()).contains("faster", "slower", "added", "removed", "merged", "within the noise");
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
                .contains("0 samples \u2192 120 samples", ", new)", "added: only in head");
        assertThat(SvgTestSupport.tooltip(byName.get("Validator.validate")))
                .contains("\u221240 samples", "\u2212100.00% of the frame", "removed: only in base");
    }

    @Test
    void headerSaysHowChangesWereTestedAgainstTheNoise() {
        assertThat(SvgTestSupport.byId(doc, "noise").getTextContent())
                .contains("significance: Poisson sample counts", "false discovery rate "
                        + ValueFormat.number(diff.significanceLevel() * 100) + "%", "within the noise");
    }

    @Test
    void aChangeWithinTheNoiseIsPale() {
        // 10 -> 12 samples is noise; 1000 -> 5000 is not.
        DiffTree d = SvgTestSupport.diff(new String[] {"small 10", "big 1000"}, new String[] {"small 12", "big 5000"});
        Document g = SvgTestSupport.parse(SvgTestSupport.render(d, RenderOptions.DEFAULT));
        Element small = SvgTestSupport.frames(g).stream().filter(e -> SvgTestSupport.name(e).equals("small")).findFirst().orElseThrow();
        Element big = SvgTestSupport.frames(g).stream().filter(e -> SvgTestSupport.name(e).equals("big")).findFirst().orElseThrow();
        assertThat(SvgTestSupport.tooltip(small)).contains("noise: total within the noise");
        assertThat(SvgTestSupport.tooltip(big)).contains("noise: total significant");
        DiffColors c = DiffColors.of(RenderOptions.Palette.RED_BLUE);
        assertThat(SvgTestSupport.child(small, "rect").getAttribute("fill")).isEqualTo(DiffColors.hex(c.scale(10, 12, false)));
        assertThat(SvgTestSupport.child(big, "rect").getAttribute("fill")).isEqualTo(DiffColors.hex(c.scale(1000, 5000, true)));
    }

    @Test
    void addedAndRemovedFramesHaveTheirOwnClassesAndStayVisible() {
        Element added = byName.get("Compressor.compressBlock");
        Element removed = byName.get("Validator.validate");
        assertThat(added.getAttribute("class")).isEqualTo("add o");
        assertThat(removed.getAttribute("class")).isEqualTo("rem o");
        assertThat(SvgTestSupport.width(added)).isPositive();
        assertThat(SvgTestSupport.width(removed)).isPositive();
        assertThat(SvgTestSupport.child(added, "rect").getAttribute("fill"))
                .isEqualTo(DiffColors.hex(DiffColors.of(RenderOptions.Palette.RED_BLUE).added()));
    }

    @Test
    void onlyFramesWideEnoughGetTheOutlineOfTheirStyle() {
        DiffTree d = SvgTestSupport.diff(new String[] {"gone 1", "stay 2000"}, new String[] {"new 1", "stay 2000"});
        for (Element g : SvgTestSupport.frames(SvgTestSupport.parse(SvgTestSupport.render(d, RenderOptions.DEFAULT)))) {
            String name = SvgTestSupport.name(g);
            if (name.equals("gone") || name.equals("new")) {
                assertThat(SvgTestSupport.width(g)).isLessThan(SvgDocumentWriter.OUTLINE_MIN_WIDTH);
                assertThat(g.getAttribute("class")).isIn("add", "rem");
            }
        }
    }

    @Test
    void regressionsAreRedImprovementsBlueAndTheSlowerMethodTheStrongestRed() {
        int parse = fill("Parser.parseRecords");
        int checksum = fill("Checksum.computeChecksum");
        int sort = fill("Sorter.sortRecords");
        assertThat(red(parse)).isGreaterThan(blue(parse));
        assertThat(blue(checksum)).isGreaterThan(red(checksum));
        assertThat(sort).isEqualTo(DiffColors.NEUTRAL);
        for (Element g : byName.values()) {
            if (!g.getAttribute("class").contains("add") && g != byName.get("Parser.parseRecords")) {
                int f = Integer.parseInt(SvgTestSupport.child(g, "rect").getAttribute("fill").substring(1), 16);
                assertThat(red(f) - blue(f)).as(SvgTestSupport.name(g)).isLessThanOrEqualTo(red(parse) - blue(parse));
            }
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
                assertThat(label).endsWith("..");
                assertThat(SvgTestSupport.name(g)).startsWith(label.substring(0, label.length() - 2));
            }
        }
        assertThat(SvgTestSupport.child(byName.get("Validator.validate"), "text").getTextContent()).isEqualTo("Val..");
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
        Document icicle = SvgTestSupport.parse(SvgTestSupport.render(diff, RenderOptions.DEFAULT.withInverted(true)));
        double rootFlame = y(SvgTestSupport.frames(doc).get(0));
        double leafFlame = y(byName.get("Parser.parseRecordsSlow"));
        List<Element> ic = SvgTestSupport.frames(icicle);
        double rootIcicle = y(ic.get(0));
        double leafIcicle = y(ic.stream()
                .filter(g -> SvgTestSupport.name(g).equals("Parser.parseRecordsSlow")).findFirst().orElseThrow());
        assertThat(rootFlame).isGreaterThan(leafFlame);
        assertThat(rootIcicle).isLessThan(leafIcicle);
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
        DiffTree nanos = SvgTestSupport.diff(SvgTestSupport.profile("b", ValueType.CPU_NANOS, "a 2500000"),
                SvgTestSupport.profile("h", ValueType.CPU_NANOS, "a 5000000"));
        assertThat(SvgTestSupport.render(nanos, RenderOptions.DEFAULT)).contains("2.5 ms \u2192 5 ms");
        DiffTree bytes = SvgTestSupport.diff(SvgTestSupport.profile("b", ValueType.ALLOC_BYTES, "a 1500000"),
                SvgTestSupport.profile("h", ValueType.ALLOC_BYTES, "a 1000000"));
        assertThat(SvgTestSupport.render(bytes, RenderOptions.DEFAULT)).contains("1.5 MB \u2192 1 MB");
        DiffTree ir = SvgTestSupport.diff(SvgTestSupport.profile("b", new ValueType("Ir", "instructions"), "a 1234567"),
                SvgTestSupport.profile("h", new ValueType("Ir", "instructions"), "a 1234568"));
        assertThat(SvgTestSupport.render(ir, RenderOptions.DEFAULT)).contains("1,234,567 instructions \u2192 1,234,568 instructions");
    }

    @Test
    void emptyProfilesStillGiveAValidGraph() {
        DiffTree empty = SvgTestSupport.diff(SvgTestSupport.profile("b", ValueType.SAMPLES),
                SvgTestSupport.profile("h", ValueType.SAMPLES));
        Document d = SvgTestSupport.parse(SvgTestSupport.render(empty, RenderOptions.DEFAULT));
        assertThat(SvgTestSupport.frames(d)).hasSize(1);
        assertThat(SvgTestSupport.width(SvgTestSupport.frames(d).get(0))).isZero();
    }

    /** The tooltip's noise line, from the diff engine's own verdicts for the named frame. */
    private static String noiseLine(DiffTree d, String name) {
        for (int n = 0; n < d.size(); n++) {
            if (d.frame(n).name().equals(name)) {
                return "noise: total " + (d.significant(n) ? "significant" : "within the noise") + " ("
                        + q(d.qValue(n)) + "), self " + (d.selfSignificant(n) ? "significant" : "within the noise")
                        + " (" + q(d.selfQValue(n)) + ")";
            }
        }
        throw new AssertionError(name);
    }

    private static String q(double q) {
        return q < 1e-4 ? "q < 0.0001"
                : "q = " + new java.math.BigDecimal(q).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
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
