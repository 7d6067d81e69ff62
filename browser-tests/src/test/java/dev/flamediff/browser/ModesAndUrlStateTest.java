package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.RenderOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The width-mode and color-mode switches, and the view state kept in the URL fragment. */
class ModesAndUrlStateTest extends BrowserTest {

    private static final double PLOT = 1180;
    private static DiffTree diff;
    private static Path svg;

    @BeforeAll
    static void render() throws Exception {
        diff = Graphs.diff(Graphs.COLLAPSED);
        svg = Graphs.write("modes", diff, RenderOptions.DEFAULT);
    }

    @BeforeEach
    void open() {
        chromium.open(svg);
    }

    @Test
    void widthModesCycleAndEachGivesItsOwnWidths() {
        assertThat(text("width-mode")).isEqualTo("Width: larger of base and head");
        byId("width-mode").click();
        assertThat(text("width-mode")).isEqualTo("Width: head");
        assertWidths("head", f -> attr(f, "data-h"));
        byId("width-mode").click();
        assertThat(text("width-mode")).isEqualTo("Width: base");
        assertWidths("base", f -> attr(f, "data-b"));
        byId("width-mode").click();
        assertThat(text("width-mode")).isEqualTo("Width: base + head");
        assertWidths("sum", f -> attr(f, "data-b") + attr(f, "data-h"));
        byId("width-mode").click();
        assertThat(text("width-mode")).isEqualTo("Width: changed part only");
        assertNesting();
        byId("width-mode").click();
        assertThat(text("width-mode")).isEqualTo("Width: larger of base and head");
        assertThat(hash()).contains("w=union");
    }

    @Test
    void headModeHidesRemovedCodeAndChangesModeSizesAddedCodeByItsChange() {
        List<Map<String, Object>> frames = chromium.frames();
        int removed = widest(frames, "fixture.FixtureApp.splitWithIndexOf");
        int added = widest(frames, "fixture.FixtureApp.compressBlock");
        byId("width-mode").click();
        assertThat(num(chromium.frames().get(removed), "w")).as("removed frame in head mode").isZero();
        for (int i = 0; i < 3; i++) {
            byId("width-mode").click();
        }
        assertThat(text("width-mode")).isEqualTo("Width: changed part only");
        double changes = 0;
        for (int n = 0; n < diff.size(); n++) {
            changes += Math.abs(diff.headSelf(n) - diff.baseSelf(n));
        }
        int node = node("fixture.FixtureApp.compressBlock");
        // Everything under an added frame is added, so its Σ|Δ self| is its head total.
        assertThat(num(chromium.frames().get(added), "w"))
                .isCloseTo(diff.headTotal(node) / changes * PLOT, within(0.02));
    }

    @Test
    void colorModeSwapsEveryFillWithItsAlternative() {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> before = (List<Map<String, Object>>) chromium.js("""
                return Array.from(document.querySelectorAll('#frames > g')).map(function (g) {
                  return { fill: g.querySelector('rect').getAttribute('fill'), alt: g.getAttribute('data-f2') };
                });""");
        assertThat(before).anyMatch(f -> f.get("alt") != null);
        assertThat(text("color-by")).isEqualTo("Color: total \u0394");
        byId("color-by").click();
        assertThat(text("color-by")).isEqualTo("Color: self \u0394");
        assertThat(text("legend-by")).isEqualTo("slower (self \u0394)");
        assertThat(hash()).contains("c=self");
        List<Map<String, Object>> after = chromium.frames();
        for (int i = 0; i < before.size(); i++) {
            Object alt = before.get(i).get("alt");
            assertThat(after.get(i).get("fill")).as("fill of %s", after.get(i).get("name"))
                    .isEqualTo(alt != null ? alt : before.get(i).get("fill"));
        }
        byId("color-by").click();
        List<Map<String, Object>> back = chromium.frames();
        for (int i = 0; i < before.size(); i++) {
            assertThat(back.get(i).get("fill")).isEqualTo(before.get(i).get("fill"));
        }
    }

    @Test
    void aLinkWithTheFragmentReopensTheSameView() {
        List<Map<String, Object>> frames = chromium.frames();
        int z = widest(frames, "fixture.FixtureApp.work");
        byId("width-mode").click();
        byId("width-mode").click();
        byId("width-mode").click();
        byId("color-by").click();
        clickFrame(z);
        search("sortRecords|summarize");
        byId("next").click();
        byId("next").click();
        String fragment = hash();
        assertThat(fragment).contains("w=sum", "c=self", "z=" + z, "s=", "m=1");
        List<Map<String, Object>> view = chromium.frames();
        String matched = text("matched");
        List<String> details = tipLines();

        chromium.open(svg, fragment.substring(1));

        assertThat(hash()).isEqualTo(fragment);
        assertThat(text("width-mode")).isEqualTo("Width: base + head");
        assertThat(text("color-by")).isEqualTo("Color: self \u0394");
        assertThat(text("matched")).isEqualTo(matched);
        assertThat(tipLines()).isEqualTo(details).isNotEmpty();
        assertThat(visible(chromium.frames())).isEqualTo(visible(view));
    }

    /** The frames as the user sees them: hidden frames keep whatever geometry they last had. */
    private static List<String> visible(List<Map<String, Object>> frames) {
        return frames.stream().map(f -> !shown(f) ? f.get("id") + " hidden"
                : f.get("id") + " " + f.get("x") + " " + f.get("w") + " " + f.get("fill") + " "
                        + java.util.Set.copyOf(List.of(((String) f.get("cls")).split(" "))) + " " + f.get("label"))
                .toList();
    }

    @Test
    void aDamagedFragmentFallsBackToTheDefaultView() {
        List<Map<String, Object>> initial = chromium.frames();
        chromium.open(svg, "w=bogus&c=%E0%A4%A&z=999999&s=%28&m=-4&x=<script>");
        assertThat(text("width-mode")).isEqualTo("Width: larger of base and head");
        assertThat(text("color-by")).isEqualTo("Color: total \u0394");
        List<Map<String, Object>> frames = chromium.frames();
        assertThat(frames).hasSameSizeAs(initial);
        for (int i = 0; i < frames.size(); i++) {
            assertThat(num(frames.get(i), "w")).isEqualTo(num(initial.get(i), "w"));
        }
    }

    /** At the root, every frame is as wide as its weight in the mode over the root's. */
    private void assertWidths(String mode, ToDoubleFunction<Map<String, Object>> weight) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> data = (List<Map<String, Object>>) chromium.js("""
                return Array.from(document.querySelectorAll('#frames > g')).map(function (g) {
                  return { 'data-b': +g.getAttribute('data-b'), 'data-h': +g.getAttribute('data-h'),
                           w: +g.querySelector('rect').getAttribute('width') };
                });""");
        double root = weight.applyAsDouble(data.get(0));
        for (Map<String, Object> f : data) {
            assertThat(num(f, "w")).as("%s width", mode).isCloseTo(weight.applyAsDouble(f) / root * PLOT, within(0.02));
        }
        assertThat(hash()).contains("w=" + mode);
        assertNesting();
    }

    private void assertNesting() {
        List<Map<String, Object>> frames = chromium.frames();
        int[] parent = parents(frames);
        double[] used = new double[frames.size()];
        for (int i = 1; i < frames.size(); i++) {
            used[parent[i]] += num(frames.get(i), "w");
        }
        for (int i = 0; i < frames.size(); i++) {
            // Each edge is rounded to 0.01 px, so n children can overshoot by n * 0.01 at most.
            assertThat(used[i]).as("children of %s", frames.get(i).get("name"))
                    .isLessThanOrEqualTo(num(frames.get(i), "w") + 0.01);
        }
    }

    private static double attr(Map<String, Object> f, String key) {
        return ((Number) f.get(key)).doubleValue();
    }

    private static int node(String name) {
        int best = -1;
        for (int n = 0; n < diff.size(); n++) {
            if (diff.frame(n).name().equals(name) && (best < 0 || diff.headTotal(n) > diff.headTotal(best))) {
                best = n;
            }
        }
        return best;
    }
}
