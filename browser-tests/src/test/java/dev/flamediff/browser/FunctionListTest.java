package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.render.RenderOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The function list in Chromium, on the router recordings (one method slower over 64 call
 * paths): the graph opens with the top culprit's row selected and every one of its frames
 * outlined; a clicked row outlines all frames of its function instead, the URL keeps it, and a
 * second click clears it.
 */
class FunctionListTest extends BrowserTest {

    private static final String CULPRIT = "fixture.router.HeaderParser.parseHeader";

    private static Path svg;

    @BeforeAll
    static void render() throws Exception {
        svg = Graphs.write("functions", Graphs.diff(Graphs.ROUTER), RenderOptions.DEFAULT);
    }

    @Test
    void theCulpritIsHighlightedAndARowHighlightsAllFramesOfItsFunction() {
        chromium.open(svg);
        List<Map<String, Object>> frames = chromium.frames();
        List<Map<String, Object>> culprit = frames.stream().filter(f -> CULPRIT.equals(f.get("name"))).toList();
        assertThat(culprit).as("frames of the culprit, one per call path").hasSizeGreaterThanOrEqualTo(50);
        assertThat(culprit).allMatch(f -> hasClass(f, "fh"));
        assertThat(frames.stream().filter(f -> hasClass(f, "fh"))).hasSameSizeAs(culprit);
        assertThat(selectedRow()).isEqualTo(CULPRIT);
        assertThat(text("fn-label")).startsWith("Slower here: " + CULPRIT + " +");

        // Another function: the faster one, found through the filter box as a reader would.
        WebElement filter = byId("fn-filter");
        chromium.js("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", filter);
        filter.sendKeys("digest");
        chromium.js("document.activeElement.blur()");
        assertThat(hash()).as("the keys typed into the filter do not reach the graph").doesNotContain("g=1");
        WebElement row = chromium.driver().findElements(By.cssSelector("#fn-table tbody tr")).stream()
                .filter(WebElement::isDisplayed).findFirst().orElseThrow();
        String name = (String) chromium.js("return arguments[0].textContent", row.findElement(By.cssSelector("td.name")));
        String fn = row.getAttribute("data-fn");
        click(row.findElement(By.cssSelector("td.name")));
        List<Map<String, Object>> after = chromium.frames();
        List<Map<String, Object>> outlined = after.stream().filter(f -> hasClass(f, "fh")).toList();
        assertThat(outlined).isNotEmpty().allMatch(f -> name.equals(f.get("name")));
        assertThat(after.stream().filter(f -> name.equals(f.get("name")))).hasSameSizeAs(outlined);
        assertThat(selectedRow()).isEqualTo(name);
        assertThat(text("fn-label")).startsWith("Highlighted: " + name);
        assertThat(hash()).contains("f=" + fn);

        chromium.open(svg, hash().substring(1));
        assertThat(chromium.frames().stream().filter(f -> hasClass(f, "fh")).toList()).hasSameSizeAs(outlined);
        row = chromium.driver().findElement(By.cssSelector("#fn-table tbody tr[data-fn='" + fn + "'] td.name"));
        click(row);
        assertThat(chromium.frames()).noneMatch(f -> hasClass(f, "fh"));
        assertThat(hash()).contains("f=-1");
    }

    /**
     * Clicks a cell. Through the DOM: chromedriver places pointer clicks on XHTML inside an SVG
     * foreignObject at the wrong coordinates, so a pointer click would land beside the row.
     */
    private static void click(WebElement cell) {
        chromium.js("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", cell);
    }

    private static String selectedRow() {
        return (String) chromium.js("var r = document.querySelector('#fn-table tr.sel');"
                + "return r ? r.cells[0].textContent : null");
    }
}
