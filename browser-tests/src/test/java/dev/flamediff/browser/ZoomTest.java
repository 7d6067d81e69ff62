package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.flamediff.render.RenderOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Click to zoom and reset, on the collapsed fixtures' graph. */
class ZoomTest extends BrowserTest {

    private static final double PLOT = 1180;
    private static Path svg;

    @BeforeAll
    static void render() throws Exception {
        svg = Graphs.write("zoom", Graphs.diff(Graphs.COLLAPSED), RenderOptions.DEFAULT);
    }

    @BeforeEach
    void open() {
        chromium.open(svg);
    }

    @Test
    void aClickedFrameFillsTheWidthItsChildrenScaleAndOthersAreHidden() {
        List<Map<String, Object>> before = chromium.frames();
        int z = widest(before, "fixture.FixtureApp.work");
        int end = subtreeEnd(before, z);
        assertThat(end - z).as("work has children").isGreaterThan(3);
        double scale = PLOT / num(before.get(z), "w");
        assertThat(scale).isGreaterThan(1.2);

        clickFrame(z);
        List<Map<String, Object>> after = chromium.frames();

        assertThat(num(after.get(z), "x")).isEqualTo(10);
        assertThat(num(after.get(z), "w")).isEqualTo(PLOT);
        double left = num(before.get(z), "x");
        for (int i = z + 1; i < end; i++) {
            Map<String, Object> b = before.get(i);
            Map<String, Object> a = after.get(i);
            // Edges are rounded to 0.01 px before and after the zoom.
            double tolerance = 0.02 + 0.02 * scale;
            assertThat(shown(a)).as("frame %d shown", i).isTrue();
            assertThat(num(a, "w")).as("width of %s", a.get("name")).isCloseTo(num(b, "w") * scale, within(tolerance));
            assertThat(num(a, "x") - 10).as("x of %s", a.get("name"))
                    .isCloseTo((num(b, "x") - left) * scale, within(tolerance));
        }
        int[] parent = parents(before);
        for (int a = parent[z]; a >= 0; a = parent[a]) {
            assertThat(shown(after.get(a))).isTrue();
            assertThat(hasClass(after.get(a), "anc")).as("ancestor %s dimmed", after.get(a).get("name")).isTrue();
            assertThat(num(after.get(a), "w")).isEqualTo(PLOT);
        }
        long ancestors = after.stream().filter(f -> hasClass(f, "anc")).count();
        for (int i = 0; i < after.size(); i++) {
            boolean inView = (i >= z && i < end) || hasClass(after.get(i), "anc");
            assertThat(shown(after.get(i))).as("frame %d %s", i, after.get(i).get("name")).isEqualTo(inView);
        }
        assertThat(ancestors).isEqualTo(depth(before.get(z)));
        assertThat(byId("reset").isDisplayed()).isTrue();
        assertThat(hash()).contains("z=" + z);
    }

    @Test
    void labelsAreRefittedToTheZoomedWidth() {
        List<Map<String, Object>> before = chromium.frames();
        int z = widest(before, "fixture.FixtureApp.work");
        clickFrame(z);
        List<Map<String, Object>> after = chromium.frames();
        int end = subtreeEnd(before, z);
        for (int i = z; i < end; i++) {
            String name = (String) after.get(i).get("name");
            String label = (String) after.get(i).get("label");
            double maxChars = Math.floor((num(after.get(i), "w") - 6) / (0.59 * 12));
            assertThat(label.codePointCount(0, label.length())).as("label of %s", name).isLessThanOrEqualTo((int) Math.max(0, maxChars));
            if (!label.isEmpty()) {
                // Cut from the left, so the method name survives.
                assertThat(name).endsWith(label.startsWith("\u2026") ? label.substring(1) : label);
            }
        }
        // Zooming gives the frames more room, so at least as much of every label is shown.
        for (int i = z; i < end; i++) {
            assertThat(((String) after.get(i).get("label")).length())
                    .isGreaterThanOrEqualTo(((String) before.get(i).get("label")).length());
        }
    }

    @Test
    void resetRestoresTheStaticLayoutExactly() {
        List<Map<String, Object>> before = chromium.frames();
        int z = widest(before, "fixture.FixtureApp.work");
        clickFrame(z);
        byId("reset").click();
        List<Map<String, Object>> after = chromium.frames();
        // The script's layout at the root must be the Java renderer's, to the 0.01 px.
        assertThat(after).hasSameSizeAs(before);
        for (int i = 0; i < before.size(); i++) {
            assertThat(num(after.get(i), "x")).as("x of %d %s", i, before.get(i).get("name"))
                    .isCloseTo(num(before.get(i), "x"), within(0.011));
            assertThat(num(after.get(i), "w")).as("width of %d %s", i, before.get(i).get("name"))
                    .isCloseTo(num(before.get(i), "w"), within(0.011));
            assertThat(shown(after.get(i))).isTrue();
            assertThat(hasClass(after.get(i), "anc")).isFalse();
            assertThat(after.get(i).get("label")).as("label of %s", before.get(i).get("name"))
                    .isEqualTo(before.get(i).get("label"));
        }
        assertThat(byId("reset").isDisplayed()).isFalse();
        assertThat(hash()).doesNotContain("z=");
    }

    @Test
    void clickingTheRootOrAnAncestorZoomsOut() {
        List<Map<String, Object>> frames = chromium.frames();
        int z = widest(frames, "fixture.FixtureApp.work");
        int[] parent = parents(frames);
        int up = parent[z];
        clickFrame(z);
        clickFrame(up);
        List<Map<String, Object>> after = chromium.frames();
        assertThat(num(after.get(up), "w")).isEqualTo(PLOT);
        assertThat(hasClass(after.get(up), "anc")).isFalse();
        assertThat(shown(after.get(z))).isTrue();
        clickFrame(0);
        assertThat(chromium.frames()).allSatisfy(f -> assertThat(shown(f)).isTrue());
        assertThat(byId("reset").isDisplayed()).isFalse();
    }

    @Test
    void zoomedChildrenStillNestInsideTheirParents() {
        List<Map<String, Object>> frames = chromium.frames();
        int z = widest(frames, "java.lang.Thread.run");
        clickFrame(z);
        List<Map<String, Object>> after = chromium.frames();
        int[] parent = parents(after);
        for (int i = 1; i < after.size(); i++) {
            if (!shown(after.get(i))) {
                continue;
            }
            Map<String, Object> p = after.get(parent[i]);
            assertThat(num(after.get(i), "x")).isGreaterThanOrEqualTo(num(p, "x") - 0.001);
            assertThat(num(after.get(i), "x") + num(after.get(i), "w"))
                    .isLessThanOrEqualTo(num(p, "x") + num(p, "w") + 0.011);
        }
    }
}
