package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;
import dev.flamediff.render.RenderOptions;

/**
 * Base | Head | Diff, the grey-noise and hide-JVM switches, the shortcuts panel and the "how this
 * was tested" disclosure, on the collapsed fixture pair in Chromium.
 */
class ViewsAndSwitchesTest extends BrowserTest {

    private static Path svg;

    @BeforeAll
    static void render() throws Exception {
        svg = Graphs.write("views", Graphs.diff(Graphs.COLLAPSED), RenderOptions.DEFAULT);
    }

    @BeforeEach
    void open() {
        chromium.open(svg);
    }

    @Test
    void baseAndHeadAreEachSidesOwnFlameGraphAndDiffComesBackUnchanged() {
        List<Map<String, Object>> diff = chromium.frames();
        int added = widest(diff, "fixture.FixtureApp.compressBlock");
        int removed = widest(diff, "fixture.FixtureApp.splitWithIndexOf");
        byId("view-base").click();
        List<Map<String, Object>> base = chromium.frames();
        assertThat(num(base.get(added), "w")).as("code only in head has no width in Base").isZero();
        assertThat(num(base.get(removed), "w")).isPositive();
        assertThat(hash()).contains("v=base");
        assertThat(chromium.js("return getComputedStyle(document.getElementById('legend')).display")).isEqualTo("none");
        assertThat(base.get(removed).get("fill")).isNotEqualTo(diff.get(removed).get("fill"));
        new Actions(chromium.driver()).sendKeys("h").perform();
        List<Map<String, Object>> head = chromium.frames();
        assertThat(num(head.get(removed), "w")).as("code only in base has no width in Head").isZero();
        assertThat(num(head.get(added), "w")).isPositive();
        assertThat(hasClass(chromium.frames().get(0), "w")).isFalse();
        String fragment = hash();
        chromium.open(svg, fragment.substring(1));
        assertThat(chromium.js("return document.getElementById('view-head').classList.contains('on')")).isEqualTo(true);
        assertThat(num(chromium.frames().get(removed), "w")).isZero();
        new Actions(chromium.driver()).sendKeys("d").perform();
        List<Map<String, Object>> back = chromium.frames();
        for (int i = 0; i < diff.size(); i++) {
            assertThat(back.get(i).get("fill")).isEqualTo(diff.get(i).get("fill"));
            assertThat(back.get(i).get("w")).isEqualTo(diff.get(i).get("w"));
        }
        assertThat(hash()).doesNotContain("v=");
    }

    @Test
    void changesThatCouldBeNoiseTurnGreyOnRequest() {
        new Actions(chromium.driver()).sendKeys("g").perform();
        @SuppressWarnings("unchecked")
        List<String> fills = (List<String>) chromium.js("return Array.from(document.querySelectorAll('#frames .nz > rect'))"
                + ".map(function (r) { return getComputedStyle(r).fill; })");
        assertThat(fills).isNotEmpty().allMatch(f -> f.equals("rgb(230, 230, 230)"));
        assertThat(text("noise-btn")).isEqualTo("Noise: grey");
        assertThat(hash()).contains("g=1");
        byId("noise-btn").click();
        assertThat(text("noise-btn")).isEqualTo("Noise: pale");
    }

    @Test
    void hidingTheJvmsOwnFramesGivesTheProgramTheWidth() {
        List<Map<String, Object>> before = chromium.frames();
        int compile = widest(before, "C2Compiler::compile_method");
        int work = widest(before, "fixture.FixtureApp.work");
        byId("sys-btn").click();
        List<Map<String, Object>> after = chromium.frames();
        assertThat(num(after.get(compile), "w")).isZero();
        assertThat(num(after.get(work), "w")).isGreaterThan(num(before.get(work), "w") * 1.2);
        assertThat(text("sys-btn")).isEqualTo("JVM internals: hidden");
        assertThat(hash()).contains("x=1");
        new Actions(chromium.driver()).sendKeys("j").perform();
        assertThat(num(chromium.frames().get(compile), "w")).isEqualTo(num(before.get(compile), "w"));
    }

    @Test
    void questionMarkOpensTheShortcutsAndHowItWasTestedIsOneClickAway() {
        assertThat(displayed("help")).isFalse();
        new Actions(chromium.driver()).sendKeys("?").perform();
        assertThat(displayed("help")).isTrue();
        assertThat(text("help")).contains("Keyboard shortcuts", "Base, Head or Diff view", "search frames");
        new Actions(chromium.driver()).sendKeys(Keys.ESCAPE).perform();
        assertThat(displayed("help")).isFalse();
        byId("help-btn").click();
        assertThat(displayed("help")).isTrue();
        assertThat(displayed("method")).isFalse();
        assertThat(text("noise")).startsWith("Strong colours: likely real changes.");
        byId("method-btn").click();
        assertThat(displayed("method")).isTrue();
        assertThat(displayed("noise")).isFalse();
        assertThat(text("method")).startsWith("How this was tested: ");
    }

    private static boolean displayed(String id) {
        return !"none".equals(chromium.js("return getComputedStyle(document.getElementById(arguments[0])).display", id));
    }
}
