package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.WidthMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The script re-lays the graph out when the width mode changes; the Java renderer lays it out
 * once. Switching a graph to a mode in the browser must give exactly the graph rendered in that
 * mode, elided frames included, so that no mode switch reveals a hole or an overlap.
 */
class LayoutParityTest extends BrowserTest {

    /** The width modes as the graph names them. */
    private static final Map<WidthMode, String> LABELS = Map.of(WidthMode.UNION, "larger of base and head",
            WidthMode.HEAD, "head", WidthMode.BASE, "base", WidthMode.SUM, "base + head",
            WidthMode.CHANGES, "changed part only");


    @Test
    void everyModeSwitchedInTheBrowserIsTheRenderedModeWithElidedFrames() throws Exception {
        // A wide minimum width merges many frames, so elided frames are exercised too.
        check("parity-collapsed", Graphs.diff(Graphs.COLLAPSED), RenderOptions.DEFAULT.withMinWidth(2));
        assertThat(chromium.frames()).anyMatch(f -> hasClass(f, "eli"));
    }

    @Test
    void everyModeSwitchedInTheBrowserIsTheRenderedModeInAnIcicleGraph() throws Exception {
        Graphs.Pair callgrind = Graphs.PAIRS.get(3);
        DiffTree diff = Graphs.present().contains(callgrind) ? Graphs.diff(callgrind) : Graphs.diff(Graphs.COLLAPSED);
        check("parity-icicle", diff, RenderOptions.DEFAULT.withInverted(true));
    }

    @Test
    void selfColorsSwitchedInTheBrowserAreTheRenderedOnes() throws Exception {
        DiffTree diff = Graphs.diff(Graphs.COLLAPSED);
        for (RenderOptions.Palette palette : RenderOptions.Palette.values()) {
            RenderOptions options = RenderOptions.DEFAULT.withPalette(palette);
            String p = palette.name().toLowerCase(Locale.ROOT);
            chromium.open(Graphs.write("colors-self-" + p, diff, options.withColorBy(RenderOptions.ColorBy.SELF)));
            List<Map<String, Object>> expected = chromium.frames();
            chromium.open(Graphs.write("colors-total-" + p, diff, options), "c=self");
            List<Map<String, Object>> switched = chromium.frames();
            assertThat(switched).hasSameSizeAs(expected);
            for (int i = 0; i < expected.size(); i++) {
                assertThat(switched.get(i).get("fill")).as("%s fill of %s", p, expected.get(i).get("name"))
                        .isEqualTo(expected.get(i).get("fill"));
                assertThat(hasClass(switched.get(i), "w")).as("%s white label of %s", p, expected.get(i).get("name"))
                        .isEqualTo(hasClass(expected.get(i), "w"));
            }
        }
    }

    private static void check(String name, DiffTree diff, RenderOptions options) throws Exception {
        Path union = Graphs.write(name + "-union", diff, options);
        chromium.open(union);
        List<Map<String, Object>> unionFrames = chromium.frames();
        assertThat(unionFrames).as("elided or not, some frames").hasSizeGreaterThan(20);
        for (WidthMode mode : WidthMode.values()) {
            String m = mode.name().toLowerCase(Locale.ROOT);
            Path rendered = Graphs.write(name + "-" + m, diff, options.withWidthMode(mode));
            chromium.open(rendered);
            List<Map<String, Object>> expected = chromium.frames();
            chromium.open(union, "w=" + m);
            assertThat(text("width-mode")).isEqualTo("Width: " + LABELS.get(mode));
            List<Map<String, Object>> switched = chromium.frames();
            assertThat(switched).as("frames drawn in %s", m).hasSameSizeAs(expected);
            for (int i = 0; i < expected.size(); i++) {
                Map<String, Object> e = expected.get(i);
                Map<String, Object> s = switched.get(i);
                assertThat(s.get("name")).isEqualTo(e.get("name"));
                assertThat(num(s, "x")).as("%s: x of %d %s", m, i, e.get("name")).isCloseTo(num(e, "x"), within(0.011));
                assertThat(num(s, "w")).as("%s: width of %d %s", m, i, e.get("name")).isCloseTo(num(e, "w"), within(0.011));
                assertThat(s.get("label")).as("%s: label of %s", m, e.get("name")).isEqualTo(e.get("label"));
            }
        }
    }
}
