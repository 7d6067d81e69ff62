package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.interactions.Actions;

/**
 * Frame names, file names and the title are untrusted: in a real browser they must show as text
 * and never run. Every payload would set {@code window.__pwned} or open an alert if it ran.
 */
class HostileNamesTest extends BrowserTest {

    /** Each hostile name and the text the graph must show for it. */
    private static final Map<String, String> SHOWN = new LinkedHashMap<>();

    static {
        SHOWN.put("<script>window.__pwned=1;alert(1)</script>", "<script>window.__pwned=1;alert(1)</script>");
        SHOWN.put("</text></g><script>window.__pwned=2</script>", "</text></g><script>window.__pwned=2</script>");
        SHOWN.put("]]><script>window.__pwned=3</script><![CDATA[", "]]><script>window.__pwned=3</script><![CDATA[");
        SHOWN.put("<img src=x onerror=\"window.__pwned=4\">", "<img src=x onerror=\"window.__pwned=4\">");
        SHOWN.put("\" onmouseover=\"window.__pwned=5\" x=\"", "\" onmouseover=\"window.__pwned=5\" x=\"");
        SHOWN.put("' onclick='window.__pwned=6' '", "' onclick='window.__pwned=6' '");
        SHOWN.put("amp & lt &lt; gt > quot \" apos '", "amp & lt &lt; gt > quot \" apos '");
        SHOWN.put("javascript:window.__pwned=7", "javascript:window.__pwned=7");
        SHOWN.put("ctrl\u0000\u0001\u0008\u001b[31m\u007f\u0085end", "ctrl\ufffd\ufffd\ufffd\ufffd[31m\ufffd\ufffdend");
        SHOWN.put("line\nbreak\rtab\t", "line\ufffdbreak\ufffdtab\ufffd");
        SHOWN.put("bidi \u202egnp.exe\u202c \u2066iso\u2069 \u200fmark", "bidi \ufffdgnp.exe\ufffd \ufffdiso\ufffd \ufffdmark");
        SHOWN.put("<svg onload=\"window.__pwned=8\"/>", "<svg onload=\"window.__pwned=8\"/>");
        SHOWN.put("<a xlink:href=\"javascript:window.__pwned=9\">x</a>", "<a xlink:href=\"javascript:window.__pwned=9\">x</a>");
        SHOWN.put("{{constructor.constructor('window.__pwned=10')()}}", "{{constructor.constructor('window.__pwned=10')()}}");
    }

    private static Path svg;

    @BeforeAll
    static void render() throws Exception {
        CallTreeBuilder base = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        CallTreeBuilder head = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        int i = 0;
        for (String name : SHOWN.keySet()) {
            // Wide enough for labels; the hostile name both as a parent and as a leaf.
            List<Frame> stack = List.of(Frame.of("root " + i), Frame.of(name), Frame.of(name + " leaf"));
            base.addStack(stack, 100 + 10 * i);
            head.addStack(stack, 100 + 25 * i);
            i++;
        }
        Profile b = new Profile(base.build(), ProfileMetadata.of("<script>window.__pwned=11</script>.collapsed",
                "collapsed", "<b onmouseover=alert(12)>cpu</b>"));
        Profile h = new Profile(head.build(), ProfileMetadata.of("head\u202e.collapsed", "collapsed", "cpu"));
        svg = Graphs.write("hostile", Diffs.diff(b, h, DiffOptions.DEFAULT),
                RenderOptions.DEFAULT.withTitle("]]></title><script>window.__pwned=13</script>").withMinWidth(0));
    }

    @BeforeEach
    void open() {
        chromium.open(svg);
    }

    @Test
    void namesAreShownAsTextAndNothingRuns() {
        assertNothingRan();
        List<Map<String, Object>> frames = chromium.frames();
        for (Map.Entry<String, String> e : SHOWN.entrySet()) {
            assertThat(frames).as("frame named %s", e.getValue()).anyMatch(f -> f.get("name").equals(e.getValue()));
            assertThat(frames).anyMatch(f -> f.get("name").equals(e.getValue() + " leaf"));
        }
        for (Map<String, Object> f : frames) {
            String label = (String) f.get("label");
            String name = (String) f.get("name");
            assertThat(name).endsWith(label.startsWith("\u2026") ? label.substring(1) : label);
        }
        assertThat(text("title")).isEqualTo("]]></title><script>window.__pwned=13</script>");
        assertThat(text("subtitle")).contains("<script>window.__pwned=11</script>.collapsed", "head\ufffd.collapsed");
        // Only the graph's own script and no element the names tried to create.
        assertThat(chromium.js("return document.getElementsByTagName('script').length")).isEqualTo(1L);
        assertThat(chromium.js("return document.querySelectorAll('img, a, foreignObject:not(#search-box):not(#fn-list), iframe, "
                + "[onload], [onerror], [onclick], [onmouseover]').length")).isEqualTo(0L);
        assertThat(chromium.js("return document.getElementById('search-box').children.length")).isEqualTo(1L);
    }

    @Test
    void hoveringClickingAndSearchingHostileFramesRunsNothing() {
        List<Map<String, Object>> frames = chromium.frames();
        for (Map.Entry<String, String> e : SHOWN.entrySet()) {
            int i = widest(frames, e.getValue());
            new Actions(chromium.driver()).moveToElement(
                    chromium.driver().findElement(By.cssSelector("#f" + i + " > rect"))).perform();
            String shown = String.join("", tipLines());
            String v = e.getValue();
            // Up to three lines of the name; a longer one keeps its end, as labels do.
            assertThat(shown).contains(v.length() > 100 ? v.substring(v.length() - 100) : v);
            assertNothingRan();
        }
        int i = widest(frames, SHOWN.get("<script>window.__pwned=1;alert(1)</script>"));
        clickFrame(i);
        assertThat(num(chromium.frames().get(i), "w")).isEqualTo(1180);
        search("<script>|onerror|\\]\\]>");
        assertThat(chromium.frames()).filteredOn(f -> hasClass(f, "hl")).hasSizeGreaterThanOrEqualTo(6);
        new Actions(chromium.driver()).sendKeys("n").perform();
        assertNothingRan();
    }

    @Test
    void aHostileSearchInTheFragmentStaysText() {
        chromium.open(svg, "s=" + java.net.URLEncoder.encode("<img src=x onerror=alert(14)>", java.nio.charset.StandardCharsets.UTF_8)
                + "&z=<script>alert(15)</script>");
        assertNothingRan();
        assertThat(text("matched")).startsWith("Matched: ");
    }

    private static void assertNothingRan() {
        assertThat(chromium.openDialog()).as("an alert opened").isNull();
        assertThat(chromium.js("return typeof window.__pwned")).isEqualTo("undefined");
    }
}
