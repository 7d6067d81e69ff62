package dev.flamediff.render.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.testkit.GitHubMarkdown;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The report as GitHub renders it: through cmark-gfm, GitHub's Markdown, with its table and
 * autolink extensions. Names chosen by whoever uploaded the profiles (links, e-mail addresses,
 * mentions, issue references, markup, pipes, backticks, line breaks) must come out as code only:
 * no link but the report's own, and none of them outside a {@code <code>} or {@code <pre>} element,
 * where GitHub also makes no mention or reference. Skipped without cmark-gfm, except in CI.
 */
class GitHubMarkdownTest {

    static final List<String> HOSTILE = List.of(
            "www.evil.example/login", "https://evil.example/x", "mailto:boss@evil.example", "boss@evil.example",
            "@octocat", "@org/team", "#123", "GH-456", "owner/repo#789", "<script>alert(1)</script>",
            "[click](https://evil.example)", "a|b|c", "`tick`s", "two\nlines @octocat", "<!-- x -->", "**bold**");

    @Test
    void noNameFromTheProfilesBecomesALinkAMentionOrMarkup() throws Exception {
        String md = render(hostileDiff());
        String html = GitHubMarkdown.html(md);
        Matcher links = Pattern.compile("<a [^>]*>").matcher(html);
        while (links.find()) {
            assertThat(links.group()).as("the only link is the report's own").isEqualTo("<a href=\"diff.svg\">");
        }
        assertThat(html).doesNotContain("<script", "<strong>bold", "<!-- x");
        String outsideCode = html.replaceAll("(?s)<code>.*?</code>", "").replaceAll("(?s)<pre>.*?</pre>", "")
                .replaceAll("<!-- flamediff: [^>]*-->", "");
        for (String token : List.of("evil.example", "mailto", "@octocat", "@org", "#123", "GH-456", "owner/repo",
                "alert(1)", "click")) {
            assertThat(outsideCode).as("%s outside code", token).doesNotContain(token);
        }
        // Every hostile name is shown, whole (line breaks as spaces): in a table or the gate's reasons.
        for (String name : HOSTILE) {
            String shown = name.replace('\n', ' ').replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                    .replace("\"", "&quot;");
            assertThat(html).as(name).contains(shown);
        }
        assertThat(html).contains("<code>**bold**</code>", "<code>@octocat/#123</code>");
        // The readers' notes, each in code, what was not read first.
        assertThat(html).contains("base: <code>lost www.evil.example/login @octocat #123</code>",
                "base: <code>command mailto:boss@evil.example</code>",
                "head: <code>note GH-456 owner/repo#789 [click](https://evil.example)</code>");
        assertThat(html.indexOf("<code>lost www")).isLessThan(html.indexOf("<code>command mailto"));
    }

    @Test
    void theTablesKeepTheirColumns() throws Exception {
        GitHubMarkdown.assertTablesKeepTheirColumns(GitHubMarkdown.html(render(hostileDiff())));
    }

    /** Every hostile name as a frame that grew, in a callgrind-like profile whose event is hostile too. */
    static DiffTree hostileDiff() throws Exception {
        ValueType type = new ValueType("@octocat", "#123");
        CallTreeBuilder base = new CallTreeBuilder(List.of(type));
        CallTreeBuilder head = new CallTreeBuilder(List.of(type));
        for (int i = 0; i < HOSTILE.size(); i++) {
            base.addStack(List.of(Frame.of("main"), Frame.of("caller " + HOSTILE.get(i)), Frame.of(HOSTILE.get(i))), 10);
            head.addStack(List.of(Frame.of("main"), Frame.of("caller " + HOSTILE.get(i)), Frame.of(HOSTILE.get(i))),
                    1000 + 10 * i);
        }
        base.addStack(List.of(Frame.of("main"), Frame.of("steady")), 5000);
        head.addStack(List.of(Frame.of("main"), Frame.of("steady")), 5000);
        // The readers' notes repeat input text too (a callgrind command, a filter's pattern).
        return Diffs.diff(new Profile(base.build(), ProfileMetadata.of("@octocat.out", "callgrind", "GH-456")
                        .withLoss("lost www.evil.example/login @octocat #123").withNote("command mailto:boss@evil.example")),
                new Profile(head.build(), ProfileMetadata.of("owner/repo#789.out", "callgrind", "ev")
                        .withNote("note GH-456 owner/repo#789 [click](https://evil.example)")),
                DiffOptions.DEFAULT.withRunVariation(0).withGate(GateThresholds.NONE.withAnyFrame(0.001)));
    }

    static String render(DiffTree diff) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new MarkdownRenderer().render(diff, RenderOptions.DEFAULT, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
