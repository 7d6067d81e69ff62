package dev.flamediff.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.flamediff.testkit.GitHubMarkdown;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite's report as GitHub renders it (cmark-gfm with the table and autolink extensions):
 * benchmark names, parameters, units, frame names and profile file names that whoever uploaded
 * the results chose (mentions, issue references, bare links, e-mail addresses) come out inside
 * {@code <code>} or {@code <pre>} only, where GitHub makes no mention, reference or link. An
 * entity-escaped {@code &#64;octocat} outside code would still mention: GitHub finds mentions
 * and references in the text after entities are decoded. Skipped without cmark-gfm, except in CI.
 */
class SuiteGitHubMarkdownTest {

    /** The tokens that must not reach the rendered text outside code. */
    private static final List<String> TOKENS = List.of("@octocat", "#123", "owner/repo#789", "www.evil.example",
            "mailto:", "boss@evil.example", "GH-456");

    @TempDir
    Path dir;

    @Test
    void hostileBenchmarkFrameAndFileNamesStayInCode() throws Exception {
        String benchmark = "com.acme.Bench@octocat.parse_#123_owner/repo#789";
        String param = "www.evil.example mailto:boss@evil.example";
        String unit = "ops/@octocat";
        // A frame per hostile token, each slower in head, so the culprit column and the gate name them.
        String hot = "com.acme.Hot.www.evil.example/@octocat #123 owner/repo#789 mailto:boss@evil.example";
        for (String side : List.of("base", "head")) {
            Path folder = Files.createDirectories(dir.resolve(side));
            double score = side.equals("base") ? 10 : 2;
            Files.writeString(folder.resolve("results.json"), results(benchmark, param, unit, score));
            Path profiles = Files.createDirectories(folder.resolve("profiles").resolve(
                    encode(benchmark) + "-Throughput-p-" + encode(param)));
            int slow = side.equals("base") ? 100 : 2000;
            Files.writeString(profiles.resolve("collapsed-cpu.csv"), "main;steady 3000\nmain;" + hot + " " + slow + "\n");
            // A profile pair without scores, paired by its (hostile) file name.
            Files.writeString(folder.resolve("GH-456 @octocat #123.collapsed"),
                    "main;steady 3000\nmain;" + hot + " " + slow + "\n");
        }
        SuiteOptions options = SuiteOptions.DEFAULT.withScoreGate(0.05);
        MemoryOutput out = new MemoryOutput();
        SuiteReport report = Suites.run(Suites.plan(dir.resolve("base"), dir.resolve("head"), List.of(), List.of(),
                options), options, out);
        assertThat(report.benchmarks()).hasSize(2);
        assertThat(report.gateFailed()).isTrue();
        String md = out.text("report.md");
        String html = GitHubMarkdown.html(md);
        Matcher links = Pattern.compile("<a [^>]*>").matcher(html);
        while (links.find()) {
            assertThat(links.group()).as("only the report's own links to its graphs").matches("<a href=\"[^\"]+\\.svg\">");
        }
        String outsideCode = html.replaceAll("(?s)<code>.*?</code>", "").replaceAll("(?s)<pre>.*?</pre>", "")
                .replaceAll("<a href=\"[^\"]+\\.svg\">", "<a>");
        for (String token : TOKENS) {
            assertThat(outsideCode).as("%s outside code in%n%s", token, md).doesNotContain(token);
        }
        // Each name is shown whole, in code: the benchmark in the table, its parameters, its unit,
        // the frame in the culprit column, the profile pair by its file name, the gate's reasons.
        assertThat(html).contains("<code>Bench@octocat.parse_#123_owner/repo#789</code>",
                "<code>p=www.evil.example mailto:boss@evil.example</code>", "<code>ops/@octocat</code>",
                "<code>GH-456 @octocat #123.collapsed</code>", "<li><code>Bench@octocat.parse_#123_owner/repo#789 (p=");
        assertThat(html).containsPattern("<code>[^<]*Hot\\.www\\.evil\\.example/@octocat #123 owner/repo#789 mailto:"
                + "boss@evil\\.example</code>");
        GitHubMarkdown.assertTablesKeepTheirColumns(html);
    }

    private static String encode(String part) {
        return URLEncoder.encode(part, StandardCharsets.UTF_8);
    }

    private static String results(String benchmark, String param, String unit, double score) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ArrayNode root = json.createArrayNode();
        var b = root.addObject();
        b.put("jmhVersion", "1.37").put("benchmark", benchmark).put("mode", "thrpt");
        b.putObject("params").put("p", param);
        var metric = b.putObject("primaryMetric");
        metric.put("score", score).put("scoreError", "NaN").put("scoreUnit", unit);
        var forks = metric.putArray("rawData");
        for (int fork = 0; fork < 3; fork++) {
            var f = forks.addArray();
            for (int i = 0; i < 3; i++) {
                f.add(score * (1 + 0.01 * (fork - 1) + 0.005 * (i - 1)));
            }
        }
        return json.writeValueAsString(root);
    }
}
