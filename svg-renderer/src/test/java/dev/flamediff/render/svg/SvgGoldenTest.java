package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.testkit.FoldedProfiles;
import dev.flamediff.testkit.Goldens;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.ColorBy;
import dev.flamediff.render.RenderOptions.Palette;
import dev.flamediff.render.RenderOptions.WidthMode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Compares rendered graphs with the golden files under {@code src/test/resources/golden/svg}.
 * The embedded script is replaced by a placeholder on both sides, so that script changes do not
 * touch the goldens; the script is covered by the browser tests. Regenerate with
 * {@code -Dflamediff.bless=true}.
 */
class SvgGoldenTest {


    @Test
    void fixtureShapedDiffWithDefaults() throws IOException {
        check("fixture-default.svg", SvgTestSupport.fixtureLike(), RenderOptions.DEFAULT);
    }

    @Test
    void icicleOfChangesColoredBySelfInTheColorBlindPalette() throws IOException {
        check("fixture-icicle-changes-self-colorblind.svg", SvgTestSupport.fixtureLike(),
                RenderOptions.DEFAULT.withInverted(true).withWidthMode(WidthMode.CHANGES)
                        .withColorBy(ColorBy.SELF).withPalette(Palette.COLOR_BLIND).withTitle("PR #42: parser"));
    }

    @Test
    void nanosecondsWithNarrowFramesMerged() throws IOException {
        String[] base = {"main;work;hot 900000000", "main;work;tiny1 1000000", "main;work;tiny2 2000000",
            "main;idle 50000000", "main;work;same1 1000000", "main;work;same2;deeper 2000000"};
        String[] head = {"main;work;hot 800000000", "main;work;tiny1 3000000", "main;work;tiny3 1000000",
            "main;idle 50000000", "main;work;same1 1000000", "main;work;same2;deeper 2000000"};
        DiffTree diff = SvgTestSupport.diff(
                FoldedProfiles.profile("base.jfr", ValueType.CPU_NANOS, base),
                FoldedProfiles.profile("head.jfr", ValueType.CPU_NANOS, head));
        check("nanos-elided.svg", diff, RenderOptions.DEFAULT.withMinWidth(10));
    }

    private static void check(String name, DiffTree diff, RenderOptions options) throws IOException {
        Goldens.check("svg/" + name, withoutScript(SvgTestSupport.render(diff, options)));
    }

    /** Replaces the script's text by a placeholder. */
    static String withoutScript(String svg) {
        int start = svg.indexOf("<![CDATA[", svg.indexOf("<script"));
        int end = svg.indexOf("]]></script>");
        assertThat(start).isPositive();
        assertThat(end).isGreaterThan(start);
        return svg.substring(0, start) + "<![CDATA[ script ]]></script>" + svg.substring(end + "]]></script>".length());
    }
}
