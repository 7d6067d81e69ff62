package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.interactions.Actions;

/**
 * The hostile inputs {@link HostileNamesTest} leaves out: a 100 kB name with a payload in the
 * middle (60 kB in the upload: the readers' name limit is 64 Ki chars), lone surrogates, and a collapsed upload with invalid UTF-8 bytes read by the real
 * reader. The graph opens, shows them as text and runs nothing.
 */
class HostileInputsTest extends BrowserTest {

    private static final String PAYLOAD = "<script>window.__pwned=21</script><img src=x onerror=\"window.__pwned=22\">";
    /** Over 100,000 characters; the payload sits in the part the SVG keeps (names are cut past 8,192). */
    private static final String LONG = "L".repeat(5_000) + PAYLOAD + "R".repeat(95_000);
    private static final String SURROGATES = "lone \uD800 high \uDC00 low <b onmouseover=\"window.__pwned=23\">";

    private static Path svg;

    @BeforeAll
    static void render() throws Exception {
        CallTreeBuilder base = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        base.addStack(List.of(Frame.of("main"), Frame.of(LONG)), 300);
        base.addStack(List.of(Frame.of("main"), Frame.of(SURROGATES)), 200);
        base.addStack(List.of(Frame.of("main"), Frame.of("ok")), 100);
        ByteArrayOutputStream upload = new ByteArrayOutputStream();
        upload.writeBytes("main;".getBytes(StandardCharsets.US_ASCII));
        upload.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xC0, (byte) 0xAF, (byte) 0xED, (byte) 0xA0, (byte) 0x80});
        upload.writeBytes((";<svg onload=\"window.__pwned=24\"/> 250\nmain;ok 150\nmain;" + "U".repeat(60_000) + PAYLOAD + " 500\n")
                .getBytes(StandardCharsets.UTF_8));
        Profile head = Profiles.read("upload.collapsed", new ByteArrayInputStream(upload.toByteArray()), ReadOptions.DEFAULT);
        Profile b = new Profile(base.build(), ProfileMetadata.of("base.collapsed", "collapsed", "cpu"));
        svg = Graphs.write("hostile-inputs", Diffs.diff(b, head, DiffOptions.DEFAULT), RenderOptions.DEFAULT.withMinWidth(0));
    }

    @BeforeEach
    void open() {
        chromium.open(svg);
    }

    @Test
    void longSurrogateAndInvalidUtf8NamesAreShownAsTextAndNothingRuns() {
        assertNothingRan();
        List<Map<String, Object>> frames = chromium.frames();
        assertThat(frames).anyMatch(f -> ((String) f.get("name")).contains(PAYLOAD));
        assertThat(frames).anyMatch(f -> ((String) f.get("name")).startsWith("lone "));
        assertThat(frames).anyMatch(f -> ((String) f.get("name")).contains("<svg onload=\"window.__pwned=24\"/>"));
        assertThat(chromium.js("return document.getElementsByTagName('script').length")).isEqualTo(1L);
        assertThat(chromium.js("return document.querySelectorAll('img, a, b, foreignObject:not(#search-box):not(#fn-list), iframe, "
                + "svg svg, [onload], [onerror], [onclick], [onmouseover]').length")).isEqualTo(0L);
    }

    @Test
    void hoveringAndSearchingTheLongNameRunsNothing() {
        List<Map<String, Object>> frames = chromium.frames();
        for (int i = 0; i < frames.size(); i++) {
            String name = (String) frames.get(i).get("name");
            if (name.contains(PAYLOAD) || name.startsWith("lone ") || name.contains("onload")) {
                new Actions(chromium.driver()).moveToElement(
                        chromium.driver().findElement(By.cssSelector("#f" + i + " > rect"))).perform();
                assertNothingRan();
            }
        }
        search("onerror|onload|\\uFFFD");
        assertThat(chromium.frames()).filteredOn(f -> hasClass(f, "hl")).isNotEmpty();
        assertNothingRan();
    }

    private static void assertNothingRan() {
        assertThat(chromium.openDialog()).as("an alert opened").isNull();
        assertThat(chromium.js("return typeof window.__pwned")).isEqualTo("undefined");
    }
}
