package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.RenderOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;

/** Regex search, the matched share, stepping through matches, and the hover details line. */
class SearchTest extends BrowserTest {

    private static final Pattern MATCHED = Pattern.compile(
            "Matched: ([0-9.]+)% \\(base ([0-9.]+)% \u2192 head ([0-9.]+)%\\)");

    private static DiffTree diff;
    private static Path svg;

    @BeforeAll
    static void render() throws Exception {
        diff = Graphs.diff(Graphs.COLLAPSED);
        // No elided frames, so that every matching frame is drawn and the share is exact.
        svg = Graphs.write("search", diff, RenderOptions.DEFAULT.withMinWidth(0));
    }

    @BeforeEach
    void open() {
        chromium.open(svg);
    }

    @Test
    void matchesAreHighlightedAndTheSharesAreTheDiffsOwn() {
        for (String regex : List.of("parseRecords", "^java\\.util\\.", "FixtureApp\\.(compute|compress)", "Lambda")) {
            search(regex);
            List<Map<String, Object>> frames = chromium.frames();
            Pattern p = Pattern.compile(regex);
            for (Map<String, Object> f : frames) {
                boolean expected = p.matcher((String) f.get("name")).find() && !hasClass(f, "eli");
                assertThat(hasClass(f, "hl")).as("%s highlighted for %s", f.get("name"), regex).isEqualTo(expected);
            }
            double[] expected = shares(p);
            Matcher m = MATCHED.matcher(text("matched"));
            assertThat(m.matches()).as(text("matched")).isTrue();
            assertThat(Double.parseDouble(m.group(1))).as("union share of %s", regex).isCloseTo(100 * expected[0], within(0.006));
            assertThat(Double.parseDouble(m.group(2))).as("base share of %s", regex).isCloseTo(100 * expected[1], within(0.006));
            assertThat(Double.parseDouble(m.group(3))).as("head share of %s", regex).isCloseTo(100 * expected[2], within(0.006));
            assertThat((String) chromium.js("return decodeURIComponent(location.hash)")).contains("s=" + regex);
        }
    }

    /**
     * Returns the matched shares computed from the diff itself: union weight, base total and head
     * total of the outermost matching frames (nested matches counted once), each over the root's.
     */
    private static double[] shares(Pattern p) {
        boolean[] under = new boolean[diff.size()];
        double union = 0;
        double base = 0;
        double head = 0;
        for (int n = 0; n < diff.size(); n++) {
            boolean hit = p.matcher(diff.frame(n).name()).find();
            boolean above = n > 0 && under[diff.parent(n)];
            if (hit && !above) {
                union += Graphs.unionWeight(diff, n);
                base += diff.baseTotal(n);
                head += diff.headTotal(n);
            }
            under[n] = hit || above;
        }
        return new double[] {union / Graphs.unionWeight(diff, 0), base / diff.baseTotal(0), head / diff.headTotal(0)};
    }

    @Test
    void nextAndPreviousStepThroughTheMatchesInOrder() {
        search("FixtureApp\\.(sortRecords|summarize)$");
        List<Integer> matches = highlighted();
        assertThat(matches).hasSizeGreaterThanOrEqualTo(2);
        Actions keys = new Actions(chromium.driver());
        keys.sendKeys("n").perform();
        assertThat(current()).containsExactly(matches.get(0));
        assertThat(String.join("", tipLines())).as("the tooltip follows the match").startsWith(name(matches.get(0)));
        keys.sendKeys("n").perform();
        assertThat(current()).containsExactly(matches.get(1));
        keys.sendKeys("N").perform();
        assertThat(current()).containsExactly(matches.get(0));
        byId("prev").click();
        assertThat(current()).as("wraps around").containsExactly(matches.get(matches.size() - 1));
        byId("next").click();
        assertThat(current()).containsExactly(matches.get(0));
        assertThat(hash()).contains("m=0");
    }

    @Test
    void aMatchHiddenByTheZoomIsShownByResettingIt() {
        search("compressBlock");
        List<Integer> matches = highlighted();
        assertThat(matches).isNotEmpty();
        List<Map<String, Object>> frames = chromium.frames();
        int sort = widest(frames, "fixture.FixtureApp.sortRecords");
        clickFrame(sort);
        assertThat(shown(chromium.frames().get(matches.get(0)))).isFalse();
        new Actions(chromium.driver()).sendKeys("n").perform();
        assertThat(shown(chromium.frames().get(matches.get(0)))).as(hash()).isTrue();
        assertThat(current()).containsExactly(matches.get(0));
    }

    @Test
    void ctrlFGoesToTheSearchBoxWhichSearchesAsOneTypesAndEscapeClearsIt() {
        new Actions(chromium.driver()).keyDown(Keys.CONTROL).sendKeys("f").keyUp(Keys.CONTROL).perform();
        assertThat(chromium.js("return document.activeElement.id")).isEqualTo("search");
        assertThat(chromium.openDialog()).as("no blocking prompt").isNull();
        new Actions(chromium.driver()).sendKeys("sortRec").perform();
        List<Integer> partial = highlighted();
        assertThat(partial).isNotEmpty();
        new Actions(chromium.driver()).sendKeys("ords").perform();
        assertThat(highlighted()).isEqualTo(partial);
        assertThat(hash()).contains("s=sortRecords");
        new Actions(chromium.driver()).sendKeys("w").perform();
        assertThat(text("width-mode")).as("keys typed into the box are not shortcuts")
                .isEqualTo("Width: larger of base and head");
        new Actions(chromium.driver()).sendKeys(Keys.ESCAPE).perform();
        assertThat(highlighted()).isEmpty();
        assertThat(byId("search").getAttribute("value")).isEmpty();
        assertThat(text("matched").strip()).isEmpty();
        assertThat(hash()).doesNotContain("s=");
    }

    @Test
    void keyboardZoomsToTheMatchAndBackAndSwitchesModes() {
        search("compressBlock");
        List<Integer> matches = highlighted();
        Actions keys = new Actions(chromium.driver());
        keys.sendKeys("n").perform();
        keys.sendKeys(Keys.ENTER).perform();
        int match = matches.get(0);
        assertThat(num(chromium.frames().get(match), "w")).as("Enter zooms to the current match").isEqualTo(1180);
        int parent = parents(chromium.frames())[match];
        keys.sendKeys("u").perform();
        assertThat(num(chromium.frames().get(parent), "w")).as("u zooms out one level").isEqualTo(1180);
        assertThat(hasClass(chromium.frames().get(parent), "anc")).isFalse();
        keys.sendKeys("r").perform();
        assertThat(hash()).doesNotContain("z=");
        keys.sendKeys("w").perform();
        assertThat(text("width-mode")).isEqualTo("Width: head");
        assertThat(text("measures")).as("the subtitle does not repeat a mode that changes").doesNotContain("width");
        keys.sendKeys("c").perform();
        assertThat(text("color-by")).isEqualTo("Color: self \u0394");
        keys.sendKeys("/").perform();
        assertThat(chromium.js("return document.activeElement.id")).isEqualTo("search");
        assertThat(byId("search").getAttribute("value")).isEqualTo("compressBlock");
        assertThat(highlighted()).as("going back to the box keeps the search").isEqualTo(matches);
    }

    @Test
    void anInvalidRegexIsReportedAndHighlightsNothing() {
        search("parse(");
        assertThat(text("matched")).isEqualTo("Invalid regex");
        assertThat(highlighted()).isEmpty();
    }

    @Test
    void hoverShowsTheFramesDetailsNextToThePointer() {
        List<Map<String, Object>> frames = chromium.frames();
        int i = widest(frames, "fixture.FixtureApp.splitWithRegex");
        org.openqa.selenium.WebElement rect = chromium.driver().findElement(By.cssSelector("#f" + i + " > rect"));
        new Actions(chromium.driver()).moveToElement(rect).perform();
        List<String> lines = tipLines();
        String tooltip = tooltip(i);
        assertThat(lines.get(0)).isEqualTo("fixture.FixtureApp.splitWithRegex");
        String totalLine = tooltip.lines().filter(l -> l.startsWith("total: ")).findFirst().orElseThrow();
        assertThat(lines).contains(totalLine);
        assertThat(lines).hasSize((int) tooltip.lines().count());
        // The tooltip carries base -> head in the profile's unit.
        assertThat(totalLine).matches("total: 0 samples \u2192 [0-9,]+ samples \\(\u0394 \\+[0-9,]+ samples, new\\)");
        // Next to the pointer (the rectangle's center), not at the page's edge.
        @SuppressWarnings("unchecked")
        Map<String, Number> tip = (Map<String, Number>) chromium.js(
                "var r = document.getElementById('tip').getBoundingClientRect();"
                        + "return { l: r.left, t: r.top, r: r.right, b: r.bottom };");
        org.openqa.selenium.Rectangle at = rect.getRect();
        double cx = at.getX() + at.getWidth() / 2.0;
        double cy = at.getY() + at.getHeight() / 2.0;
        double dx = Math.max(0, Math.max(tip.get("l").doubleValue() - cx, cx - tip.get("r").doubleValue()));
        double dy = Math.max(0, Math.max(tip.get("t").doubleValue() - cy, cy - tip.get("b").doubleValue()));
        assertThat(Math.hypot(dx, dy)).as("distance from the pointer to the tooltip").isLessThan(40);
        assertThat(chromium.js("return document.querySelector('#f' + arguments[0] + ' > title')", i))
                .as("the browser's own tooltip would repeat it").isNull();
        new Actions(chromium.driver()).moveToElement(byId("title")).perform();
        assertThat(tipLines()).isEmpty();
    }

    private static List<Integer> highlighted() {
        List<Map<String, Object>> frames = chromium.frames();
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) {
            if (hasClass(frames.get(i), "hl")) {
                out.add(i);
            }
        }
        return out;
    }

    private static List<Integer> current() {
        List<Map<String, Object>> frames = chromium.frames();
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) {
            if (hasClass(frames.get(i), "cur")) {
                out.add(i);
            }
        }
        return out;
    }

    private static String name(int i) {
        return (String) chromium.frames().get(i).get("name");
    }
}
