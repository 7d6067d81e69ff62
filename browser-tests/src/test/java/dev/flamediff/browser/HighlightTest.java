package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * A function highlighted from the list is drawn as the graph draws its top culprit: every frame at
 * full strength, and, when its call paths are many and narrow, merged into one frame above the
 * graph with its callees. On the router recordings (HeaderParser.parseHeader slower over 65 call
 * paths): the script's colours equal the Java renderer's, frame for frame, in both colour modes;
 * a clicked row strengthens its frames and gives the culprit back its ordinary colours; the merged
 * view holds the culprit as one frame the graph's width, and a click on a callee there highlights
 * that callee. The "Highlighted" line stays within the header however long the name.
 */
class HighlightTest extends BrowserTest {

    private static final String CULPRIT = "fixture.router.HeaderParser.parseHeader";

    private static Path svg;

    @BeforeAll
    static void render() throws Exception {
        svg = Graphs.write("highlight", Graphs.diff(Graphs.ROUTER), RenderOptions.DEFAULT);
    }

    @Test
    void theScriptPaintsAHighlightedFunctionAsTheRendererPaintsTheCulprit() {
        chromium.open(svg);
        List<Map<String, Object>> opened = chromium.frames();
        List<String> alt = alternateFills();
        String culpritRow = rowOf(CULPRIT);
        // Another row, then the culprit's again: the script repaints every frame, and every fill is
        // the renderer's own (the culprit's at full strength, the others as they were).
        String other = firstOtherSignificantRow(opened);
        clickRow(other);
        clickRow(culpritRow);
        assertThat(fills(chromium.frames())).isEqualTo(fills(opened));
        // The other colour mode: the fills the renderer wrote for it.
        chromium.js("document.getElementById('color-by').dispatchEvent(new MouseEvent('click'))");
        assertThat(fills(chromium.frames())).isEqualTo(alt);
        chromium.js("document.getElementById('color-by').dispatchEvent(new MouseEvent('click'))");
        assertThat(fills(chromium.frames())).isEqualTo(fills(opened));
    }

    @Test
    void aClickedRowDrawsItsFramesAtFullStrengthAndTheCulpritAsUsual() {
        chromium.open(svg);
        List<Map<String, Object>> before = chromium.frames();
        String fn = firstOtherSignificantRow(before);
        clickRow(fn);
        List<Map<String, Object>> after = chromium.frames();
        int stronger = 0;
        int culpritWeaker = 0;
        for (int i = 0; i < before.size(); i++) {
            if (hasClass(after.get(i), "fh")) {
                assertThat(spread(after.get(i))).as("%s", after.get(i).get("name"))
                        .isGreaterThanOrEqualTo(spread(before.get(i)));
                stronger += spread(after.get(i)) > spread(before.get(i)) ? 1 : 0;
            } else if (CULPRIT.equals(before.get(i).get("name"))) {
                culpritWeaker += spread(after.get(i)) < spread(before.get(i)) ? 1 : 0;
                assertThat(spread(after.get(i))).isLessThanOrEqualTo(spread(before.get(i)));
            } else {
                assertThat(after.get(i).get("fill")).isEqualTo(before.get(i).get("fill"));
            }
        }
        assertThat(stronger).as("frames of the clicked function drawn stronger than before").isPositive();
        assertThat(culpritWeaker).as("the culprit's frames back at their own strength").isPositive();
    }

    @Test
    void theMergedViewHoldsTheCulpritAsOneFrameAndItsCalleesHighlightOnAClick() {
        chromium.open(svg);
        List<Map<String, Object>> merged = mergedFrames();
        assertThat(merged).isNotEmpty();
        Map<String, Object> top = merged.get(0);
        assertThat(top.get("name")).isEqualTo(CULPRIT);
        assertThat(num(top, "w")).as("the culprit merged over its call paths spans the graph").isGreaterThan(1100);
        assertThat(spread(top)).as("and is strongly coloured").isGreaterThan(100);
        String mergedLabel = (String) chromium.js("return document.querySelector('#merged .mg-label').textContent");
        assertThat(mergedLabel).startsWith(CULPRIT + " merged over its ").contains(" call paths");
        // The header's count of outlined paths is the merged view's: both count the drawn ones.
        String paths = mergedLabel.substring((CULPRIT + " merged over its ").length(), mergedLabel.indexOf(" call paths"));
        assertThat(text("fn-label")).contains(" \u00b7 " + paths + " paths, all outlined");
        // Its widest callee: a click there highlights that function (and merges its call paths).
        Map<String, Object> callee = merged.stream().filter(f -> num(f, "d") == 1)
                .max((a, b) -> Double.compare(num(a, "w"), num(b, "w"))).orElseThrow();
        chromium.js("var g = document.querySelectorAll('#merged > g.mf')[arguments[0]];"
                + "g.dispatchEvent(new MouseEvent('click', {bubbles: true}))", ((Number) callee.get("i")).intValue());
        assertThat(selectedRow()).isEqualTo(callee.get("name"));
        assertThat(chromium.frames().stream().filter(f -> hasClass(f, "fh")))
                .allMatch(f -> callee.get("name").equals(f.get("name")));
        // Hovering a merged frame shows its merged values.
        chromium.js("document.querySelector('#merged > g.mf').dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))");
        assertThat(String.join("\n", tipLines())).contains("merged over ");
        // The Base and Head views have no merged view; the Diff view gets it back.
        chromium.js("document.getElementById('view-base').dispatchEvent(new MouseEvent('click'))");
        assertThat(chromium.js("return document.getElementById('merged')")).isNull();
        chromium.js("document.getElementById('view-diff').dispatchEvent(new MouseEvent('click'))");
        assertThat(mergedFrames()).isNotEmpty();
    }

    @Test
    void theHighlightedLineKeepsItsLengthWithALongName() throws Exception {
        String longName = "org.example." + "deeply.nested.".repeat(20) + "VeryLongClassName.theSlowMethod";
        ValueType samples = ValueType.SAMPLES;
        CallTreeBuilder base = new CallTreeBuilder(List.of(samples));
        CallTreeBuilder head = new CallTreeBuilder(List.of(samples));
        base.addStack(List.of(Frame.of("main"), Frame.of(longName)), 100);
        head.addStack(List.of(Frame.of("main"), Frame.of(longName)), 900);
        base.addStack(List.of(Frame.of("main"), Frame.of("steady")), 1000);
        head.addStack(List.of(Frame.of("main"), Frame.of("steady")), 1000);
        DiffTree diff = Diffs.diff(new Profile(base.build(), ProfileMetadata.of("base", "collapsed", "cpu")),
                new Profile(head.build(), ProfileMetadata.of("head", "collapsed", "cpu")), DiffOptions.DEFAULT);
        chromium.open(Graphs.write("highlight-long", diff, RenderOptions.DEFAULT));
        clickRow(rowOf("steady"));
        clickRow(rowOf(longName));
        String label = text("fn-label");
        assertThat(label).startsWith("Highlighted: \u2026").contains("VeryLongClassName.theSlowMethod (");
        assertThat(label.length()).isLessThanOrEqualTo(160);
        assertThat((Boolean) chromium.js("var r = document.getElementById('fn-label').getBoundingClientRect();"
                + "return r.left >= 0 && r.right <= innerWidth")).isTrue();
    }

    private static List<String> fills(List<Map<String, Object>> frames) {
        return frames.stream().map(f -> (String) f.get("fill")).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<String> alternateFills() {
        return (List<String>) chromium.js("return Array.from(document.getElementById('frames').children).map("
                + "function (g) { return g.getAttribute('data-f2') || g.getElementsByTagName('rect')[0].getAttribute('fill'); })");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> mergedFrames() {
        return (List<Map<String, Object>>) chromium.js("""
                return Array.from(document.querySelectorAll('#merged > g.mf')).map(function (g, i) {
                  var r = g.getElementsByTagName('rect')[0];
                  return { i: i, w: +r.getAttribute('width'), fill: r.getAttribute('fill'),
                    d: Math.round((+r.getAttribute('y') - +document.querySelector('#merged > g.mf rect').getAttribute('y')) / 16),
                    name: g.getAttribute('data-name'), cls: g.getAttribute('class') };
                });
                """);
    }

    /** The spread of the fill's channels: 0 for grey, larger the more coloured. */
    static int spread(Map<String, Object> frame) {
        int rgb = Integer.parseInt(((String) frame.get("fill")).substring(1), 16);
        int r = rgb >> 16;
        int g = (rgb >> 8) & 255;
        int b = rgb & 255;
        return Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b));
    }

    /**
     * The function-list row (its data-fn) of the first function after the culprit whose frames
     * are coloured and part of a significant change, drawn weaker than full strength somewhere.
     */
    private static String firstOtherSignificantRow(List<Map<String, Object>> frames) {
        @SuppressWarnings("unchecked")
        List<String> rows = (List<String>) chromium.js("return Array.from(document.querySelectorAll('#fn-table tbody tr'))"
                + ".map(function (r) { return r.cells[0].textContent; })");
        for (String name : rows) {
            if (name.equals(CULPRIT)) {
                continue;
            }
            List<Map<String, Object>> own = new ArrayList<>();
            frames.stream().filter(f -> name.equals(f.get("name"))).forEach(own::add);
            if (!own.isEmpty() && own.stream().noneMatch(f -> hasClass(f, "nz")) && own.stream().anyMatch(f -> spread(f) > 0)) {
                return rowOf(name);
            }
        }
        throw new AssertionError("no other significant function in the list");
    }

    private static String rowOf(String name) {
        return (String) chromium.js("var rows = document.querySelectorAll('#fn-table tbody tr');"
                + "for (var i = 0; i < rows.length; i++) { if (rows[i].cells[0].textContent === arguments[0]) {"
                + " return rows[i].getAttribute('data-fn'); } } return null;", name);
    }

    private static void clickRow(String fn) {
        assertThat(fn).isNotNull();
        WebElement cell = chromium.driver().findElement(By.cssSelector("#fn-table tbody tr[data-fn='" + fn + "'] td.name"));
        chromium.js("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", cell);
        assertThat(chromium.js("var r = document.querySelector('#fn-table tr.sel'); return r ? r.getAttribute('data-fn') : null"))
                .isEqualTo(fn);
    }

    private static String selectedRow() {
        return (String) chromium.js("var r = document.querySelector('#fn-table tr.sel');"
                + "return r ? r.cells[0].textContent : null");
    }
}
