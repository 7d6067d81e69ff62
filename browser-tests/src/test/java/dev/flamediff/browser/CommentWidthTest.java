package dev.flamediff.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.markdown.MarkdownRenderer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.OutputType;

/**
 * The Markdown report as a reviewer meets it in a pull request: rendered by cmark-gfm (GitHub's
 * Markdown, tables and autolinks; raw HTML kept, as GitHub keeps the tags it allows: details,
 * summary, br, wbr), in a window 880 pixels wide holding an 880-pixel comment column styled with the rules of
 * GitHub's own stylesheet that decide widths (tables as blocks that scroll by themselves, code
 * that wraps only at spaces, fenced blocks that scroll), every {@code <details>} block opened.
 * On every recorded fixture pair, with and without a failed gate, neither the page nor any table
 * or code block inside it scrolls sideways. The widths go to
 * {@code target/screenshots/comment-width.txt}, the pictures to {@code comment-PAIR.png}.
 */
class CommentWidthTest extends BrowserTest {

    private static final Path CMARK = Path.of("/usr/bin/cmark-gfm");
    private static final Path SHOTS = Path.of("target", "screenshots");
    private static final List<String> MEASURED = new ArrayList<>();

    /**
     * The rules of GitHub's comment stylesheet (the markdown-body class) that set widths, and its
     * fonts: a 16 px proportional body, code at 85% in a monospace font.
     */
    private static final String GITHUB_CSS = """
            body { margin: 0; }
            .comment { width: 880px; box-sizing: border-box; padding: 16px; border: 1px solid #d0d7de; }
            .markdown-body { font-family: -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
              font-size: 16px; line-height: 1.5; word-wrap: break-word; }
            .markdown-body table { border-spacing: 0; border-collapse: collapse; display: block;
              width: max-content; max-width: 100%; overflow: auto; }
            .markdown-body td, .markdown-body th { padding: 6px 13px; border: 1px solid #d0d7de; }
            .markdown-body code { padding: .2em .4em; margin: 0; font-size: 85%; white-space: break-spaces;
              background-color: rgba(175,184,193,0.2); border-radius: 6px;
              font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; }
            .markdown-body pre { padding: 16px; overflow: auto; font-size: 85%; line-height: 1.45;
              background-color: #f6f8fa; border-radius: 6px; word-wrap: normal; }
            .markdown-body pre code { padding: 0; white-space: pre; background: transparent; font-size: 100%; }
            .markdown-body h4 { font-size: 1em; }
            """;

    @AfterAll
    static void writeMeasurements() throws IOException {
        Files.createDirectories(SHOTS);
        Files.write(SHOTS.resolve("comment-width.txt"), MEASURED);
        MEASURED.forEach(System.out::println);
    }

    @Test
    void everyReportFitsTheCommentColumnWithoutSidewaysScrolling() throws Exception {
        List<Graphs.Pair> pairs = new ArrayList<>(Graphs.present());
        pairs.addAll(Graphs.ROUTER_PAIRS);
        assertThat(pairs).hasSize(8);
        SoftAssertions soft = new SoftAssertions();
        for (Graphs.Pair pair : pairs) {
            for (boolean gate : new boolean[] {false, true}) {
                DiffOptions options = DiffOptions.DEFAULT;
                if (gate) {
                    // A gate that fails on every culprit: its reasons are a code block in the report.
                    options = options.withGate(GateThresholds.NONE.withAnyFrame(0.001));
                }
                DiffTree diff = Diffs.diff(Profiles.read(FixtureFiles.path(pair.base()), ReadOptions.DEFAULT),
                        Profiles.read(FixtureFiles.path(pair.head()), ReadOptions.DEFAULT), options);
                String name = pair.name() + (gate ? "-gate" : "");
                Path page = page(name, markdown(diff));
                FirstScreenTest.viewport(880, 900);
                chromium.open(page);
                Map<String, Object> seen = widths();
                MEASURED.add(String.format(Locale.ROOT,
                        "%s: comment %.0f px wide, document scrollWidth %.0f / clientWidth %.0f, widest table"
                                + " %.0f px of %.0f (%s), page %.0f px high",
                        name, num(seen, "comment"), num(seen, "scrollWidth"), num(seen, "clientWidth"),
                        num(seen, "widest"), num(seen, "room"), seen.get("what"), num(seen, "height")));
                if (!gate) {
                    Files.createDirectories(SHOTS);
                    Files.write(SHOTS.resolve("comment-" + name + ".png"),
                            chromium.driver().getScreenshotAs(OutputType.BYTES));
                }
                soft.assertThat(num(seen, "scrollWidth")).as("the page of %s scrolls sideways", name)
                        .isLessThanOrEqualTo(num(seen, "clientWidth"));
                soft.assertThat(num(seen, "comment")).as("the comment column of %s", name).isEqualTo(880);
                soft.assertThat((List<?>) seen.get("scrolling")).as("tables or blocks of %s that scroll sideways", name)
                        .isEmpty();
            }
        }
        soft.assertAll();
    }

    /**
     * Measures the page: the document's scroll and client widths, the comment's width, and every
     * table, code block and details block whose content is wider than its box.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> widths() {
        return (Map<String, Object>) chromium.js("""
                var doc = document.documentElement, scrolling = [], widest = 0, what = '';
                var body = document.querySelector('.markdown-body');
                document.querySelectorAll('.markdown-body table, .markdown-body pre, .markdown-body details,'
                    + ' .markdown-body p').forEach(function (e) {
                  var wide = e.tagName === 'TABLE' || e.tagName === 'PRE';
                  if (wide && e.scrollWidth > widest) { widest = e.scrollWidth; what = e.tagName.toLowerCase(); }
                  if (e.scrollWidth > e.clientWidth + 1) {
                    scrolling.push(e.tagName + ' ' + e.scrollWidth + ' > ' + e.clientWidth + ': '
                      + e.textContent.substring(0, 120));
                  }
                });
                return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth,
                  comment: document.querySelector('.comment').getBoundingClientRect().width,
                  room: body.clientWidth, widest: widest, what: what, scrolling: scrolling,
                  height: doc.scrollHeight };
                """);
    }

    private static String markdown(DiffTree diff) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new MarkdownRenderer().render(diff, RenderOptions.DEFAULT, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Renders the Markdown with cmark-gfm into a page holding it as a comment, details opened. */
    private static Path page(String name, String markdown) throws Exception {
        if (!Files.isExecutable(CMARK)) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new AssertionError(CMARK + " is missing: .ci/run must install cmark-gfm");
            }
            Assumptions.abort(CMARK + " is not installed (apt-get install cmark-gfm)");
        }
        Path dir = Files.createDirectories(Path.of("target", "comments"));
        Path md = dir.resolve(name + ".md");
        Files.writeString(md, markdown);
        Process p = new ProcessBuilder(CMARK.toString(), "--unsafe", "-e", "table", "-e", "autolink", md.toString())
                .redirectErrorStream(true).start();
        String html = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        Path page = dir.resolve(name + ".html").toAbsolutePath();
        Files.writeString(page, "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>" + GITHUB_CSS
                + "</style></head><body><div class=\"comment\"><div class=\"markdown-body\">"
                + html.replace("<details>", "<details open>") + "</div></div></body></html>");
        return page;
    }
}
