package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.RenderOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;

/**
 * What a reviewer sees on opening the graph, before any scrolling: at 1400×900 and 900×900, every
 * recorded fixture pair's first screen (the fixture program's and the router's) holds coloured
 * frames and the slowed method, the header names it as the top culprit inside the window, and the
 * control bar fits the window and stays at its top while the page scrolls. The
 * screenshots go to {@code target/screenshots/first-screen-PAIR-WIDTH.png}; the same measures for
 * the flame orientation (root at the bottom, the view opened there) go to
 * {@code target/screenshots/first-screen.txt}, the figures behind the icicle default.
 */
class FirstScreenTest extends BrowserTest {

    private static final Path SHOTS = Path.of("target", "screenshots");
    private static final List<String> MEASURED = new ArrayList<>();

    @AfterAll
    static void writeMeasurements() throws IOException {
        Files.createDirectories(SHOTS);
        Files.write(SHOTS.resolve("first-screen.txt"), MEASURED);
        MEASURED.forEach(System.out::println);
    }

    @AfterEach
    void restoreTheWindow() {
        chromium.driver().manage().window().setSize(new Dimension(1200, 900));
    }

    @Test
    void everyFixturePairShowsColouredFramesAndItsStoryWithoutScrolling() throws Exception {
        List<Graphs.Pair> pairs = new ArrayList<>(Graphs.present());
        assertThat(pairs).contains(Graphs.COLLAPSED);
        pairs.addAll(Graphs.ROUTER_PAIRS);
        for (Graphs.Pair pair : pairs) {
            DiffTree diff = Graphs.diff(pair);
            Path icicle = Graphs.write("first-" + pair.name(), diff, RenderOptions.DEFAULT);
            Path flame = Graphs.write("first-" + pair.name() + "-flame", diff, RenderOptions.DEFAULT.withInverted(false));
            for (int width : new int[] {1400, 900}) {
                viewport(width, 900);
                chromium.open(icicle);
                Map<String, Object> seen = firstScreen(story(pair));
                save(pair.name() + "-" + width);
                // The router's culprit is 65 slivers of 1-4 px each in the graph: merged over its call
                // paths above the graph, it is one frame the graph's width, coloured.
                assertThat(num(seen, "coloured")).as("coloured frames on the first screen of %s at %d", pair.name(), width)
                        .isGreaterThanOrEqualTo(3);
                if (pair.name().startsWith("router-jfr")) {
                    assertThat(num(seen, "mergedStory")).as("the merged %s on %s at %d, px", story(pair), pair.name(), width)
                            .isGreaterThan(width * 0.8);
                }
                assertThat(seen.get("story")).as("%s in view on %s at %d", story(pair), pair.name(), width)
                        .isEqualTo(true);
                assertThat(num(seen, "barRight")).as("controls inside the window").isLessThanOrEqualTo(num(seen, "innerWidth"));
                // The header names the slowed method, the graph's top culprit, in full view.
                String method = story(pair).substring(story(pair).lastIndexOf('.') + 1);
                assertThat(text("fn-label")).as("culprit line of %s", pair.name()).startsWith("Slower here: ").contains(method);
                assertThat(num(seen, "labelLeft")).as("culprit line inside the window").isGreaterThanOrEqualTo(0);
                assertThat(num(seen, "labelRight")).isLessThanOrEqualTo(num(seen, "innerWidth"));
                chromium.open(flame);
                Map<String, Object> flameSeen = firstScreen(story(pair));
                MEASURED.add(String.format(Locale.ROOT,
                        "%s at %.0fx%.0f: icicle %.0f coloured frames of 4 px or more in view (%.0f of them in the merged"
                                + " view of the culprit, which is %.0f px wide there), %s at y=%.0f px, page %.0f px;"
                                + " flame opened at the bottom %.0f coloured frames in view, %s %s at y=%.0f px, page %.0f px",
                        pair.name(), num(seen, "innerWidth"), num(seen, "innerHeight"), num(seen, "coloured"),
                        num(seen, "colouredMerged"), num(seen, "mergedStory"), story(pair),
                        num(seen, "storyTop"), num(seen, "page"), num(flameSeen, "coloured"), story(pair),
                        Boolean.TRUE.equals(flameSeen.get("story")) ? "in view" : "not in view",
                        num(flameSeen, "storyTop"), num(flameSeen, "page")));
            }
        }
    }

    @Test
    void theControlBarStaysAtTheTopWhileThePageScrolls() throws IOException {
        viewport(1400, 500);
        chromium.open(Graphs.write("first-scroll", diffOf(Graphs.COLLAPSED), RenderOptions.DEFAULT));
        double before = barTop();
        assertThat(before).isGreaterThan(50);
        chromium.js("window.scrollTo(0, 400); window.dispatchEvent(new Event('scroll'));");
        assertThat((Number) chromium.js("return window.scrollY")).matches(y -> y.doubleValue() > 100);
        assertThat(barTop()).as("the bar's top in the window after scrolling").isBetween(-1.0, 1.0);
        assertThat(chromium.js("var r = document.getElementById('search').getBoundingClientRect();"
                + "return r.top >= 0 && r.bottom <= innerHeight")).isEqualTo(true);
        chromium.js("window.scrollTo(0, 0); window.dispatchEvent(new Event('scroll'));");
        assertThat(barTop()).isEqualTo(before);
    }

    /** Sizes the window so that the page itself (the viewport) is width × height pixels. */
    static void viewport(int width, int height) {
        chromium.driver().manage().window().setSize(new Dimension(width, height));
        Number inner = (Number) chromium.js("return window.innerHeight");
        Number outer = (Number) chromium.js("return window.innerWidth");
        chromium.driver().manage().window().setSize(new Dimension(width + width - outer.intValue(),
                height + height - inner.intValue()));
    }

    private static DiffTree diffOf(Graphs.Pair pair) {
        try {
            return Graphs.diff(pair);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static double barTop() {
        return ((Number) chromium.js("return document.getElementById('bar').getBoundingClientRect().top")).doubleValue();
    }

    private static String story(Graphs.Pair pair) {
        return switch (pair.name()) {
            case "callgrind" -> "parse_records";
            case "router-callgrind" -> "parse_header";
            default -> pair.name().startsWith("router") ? "fixture.router.HeaderParser.parseHeader"
                    : "fixture.FixtureApp.parseRecords";
        };
    }

    /**
     * Counts the frames fully inside the window, at least 4 px wide, whose fill is coloured (a
     * channel spread over 60: red, blue, green, not the grey of unchanged frames), in the graph and
     * in the merged view of the highlighted function above it; says whether the widest frame of
     * the story's method in the graph is fully in view, and how wide it is in the merged view.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> firstScreen(String story) {
        return (Map<String, Object>) chromium.js("""
                var story = arguments[0], coloured = 0, colouredMerged = 0, best = null, bestW = -1, mergedStory = 0;
                var bar = document.getElementById('bar').getBoundingClientRect();
                Array.from(document.querySelectorAll('#frames > g, #merged > g.mf')).forEach(function (g) {
                  var r = g.getElementsByTagName('rect')[0], b = r.getBoundingClientRect();
                  if (getComputedStyle(g).display === 'none') { return; }
                  var inView = b.top >= bar.bottom - 1 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth;
                  var v = parseInt(r.getAttribute('fill').substring(1), 16);
                  var ch = [v >> 16, (v >> 8) & 255, v & 255];
                  var isMerged = g.classList.contains('mf');
                  if (inView && b.width >= 4 && Math.max.apply(null, ch) - Math.min.apply(null, ch) > 60) {
                    coloured++;
                    if (isMerged) { colouredMerged++; }
                  }
                  if (isMerged) {
                    if (g.getAttribute('data-name') === story && inView) { mergedStory = Math.max(mergedStory, b.width); }
                    return;
                  }
                  var name = (g.querySelector('title') || g.querySelector('desc')).textContent.split('\\n')[0];
                  if (name === story && b.width > bestW) { best = b; bestW = b.width; }
                });
                var controls = document.getElementById('controls').getBoundingClientRect();
                var label = document.getElementById('fn-label').getBoundingClientRect();
                return { coloured: coloured, colouredMerged: colouredMerged, mergedStory: mergedStory,
                  innerWidth: innerWidth, innerHeight: innerHeight,
                  story: (best !== null && best.top >= 0 && best.bottom <= innerHeight) || mergedStory >= 4,
                  storyTop: best === null ? -1 : best.top + scrollY,
                  page: document.documentElement.getBoundingClientRect().height,
                  barRight: controls.right, labelLeft: label.left, labelRight: label.right };
                """, story);
    }

    private static void save(String name) throws IOException {
        Files.createDirectories(SHOTS);
        byte[] png = chromium.driver().getScreenshotAs(OutputType.BYTES);
        Files.write(SHOTS.resolve("first-screen-" + name + ".png"), png);
        assertThat(png.length).isGreaterThan(1000);
    }
}
