package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.WidthMode;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * What the embedded script assumes about the document, checked without a browser: the ids it
 * looks up exist, its geometry and mode names match the Java side, and it holds no data.
 */
class SvgScriptContractTest {

    private final SvgAssets assets = SvgAssets.load();

    @Test
    void everyIdTheScriptLooksUpIsInTheDocument() {
        Document doc = SvgTestSupport.parse(SvgTestSupport.render(SvgTestSupport.fixtureLike(), RenderOptions.DEFAULT));
        Matcher m = Pattern.compile("el\\('([a-z-]+)'\\)").matcher(assets.script());
        int found = 0;
        while (m.find()) {
            // Controls that only some graphs have are looked up behind a presence check.
            if (!assets.script().contains("if (el('" + m.group(1) + "'))")
                    && !assets.script().contains("if (!el('" + m.group(1) + "'))")) {
                SvgTestSupport.byId(doc, m.group(1));
                found++;
            }
        }
        assertThat(found).isGreaterThan(8);
    }

    @Test
    void geometryAndModeNamesMatchTheRenderer() {
        String js = assets.script();
        assertThat(js).contains("MARGIN = " + SvgGeometry.MARGIN + ", PLOT = " + SvgGeometry.PLOT_WIDTH
                + ", CHARW = 0.59 * " + SvgGeometry.FONT_SIZE);
        String modes = Arrays.stream(WidthMode.values()).map(w -> "'" + w.name().toLowerCase(Locale.ROOT) + "'")
                .reduce((a, b) -> a + ", " + b).orElseThrow();
        assertThat(js).contains("var MODES = [" + modes + "];");
        // Edges are rounded to hundredths of a pixel on both sides, with the label 3 px in.
        assertThat(js).contains("Math.round((MARGIN + x) * 100)").contains("(l + 300) / 100");
    }

    @Test
    void theScriptIsTheSameInEveryGraph() {
        String a = SvgTestSupport.render(SvgTestSupport.fixtureLike(), RenderOptions.DEFAULT);
        String b = SvgTestSupport.render(SvgTestSupport.random(1), RenderOptions.DEFAULT.withTitle("<x>"));
        assertThat(script(a)).isEqualTo(script(b)).isEqualTo(assets.script());
    }

    private static String script(String svg) {
        int start = svg.indexOf("<![CDATA[", svg.indexOf("<script")) + "<![CDATA[".length();
        return svg.substring(start, svg.indexOf("]]></script>"));
    }
}
