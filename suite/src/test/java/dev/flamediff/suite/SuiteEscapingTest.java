package dev.flamediff.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flamediff.testkit.GitHubMarkdown;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Benchmark names, parameters and units come from result files anyone can upload: the report
 * shows them as text, never as markup, table cells, links or script, and output file names stay
 * inside the output folder.
 */
class SuiteEscapingTest {

    @TempDir
    Path dir;

    private static final String HOSTILE = "a.B.<script>alert(1)</script>|**x**[y](javascript:z)\\n\u202e`";

    private static String result(String benchmark, String param, String unit, double[][] raw) throws Exception {
        ObjectMapper json = new ObjectMapper();
        var root = json.createArrayNode();
        var b = root.addObject();
        b.put("jmhVersion", "1.37").put("benchmark", benchmark).put("mode", "avgt");
        b.putObject("params").put("p|<b>", param);
        var metric = b.putObject("primaryMetric");
        metric.put("score", 1.0).put("scoreError", "NaN").put("scoreUnit", unit);
        var forks = metric.putArray("rawData");
        for (double[] fork : raw) {
            var f = forks.addArray();
            for (double v : fork) {
                f.add(v);
            }
        }
        return json.writeValueAsString(root);
    }

    @Test
    void hostileNamesAreTextInEveryOutput() throws Exception {
        Path base = Files.createDirectories(dir.resolve("base"));
        Path head = Files.createDirectories(dir.resolve("head"));
        String param = "1 | 2\n</details><img src=x onerror=alert(1)>";
        String unit = "ms/<i>op</i>|";
        Files.writeString(base.resolve("r.json"), result(HOSTILE, param, unit,
                new double[][] {{10, 10.1, 9.9}, {10.2, 10, 10.1}, {9.8, 10, 9.9}}));
        Files.writeString(head.resolve("r.json"), result(HOSTILE, param, unit,
                new double[][] {{20, 20.1, 19.9}, {20.2, 20, 20.1}, {19.8, 20, 19.9}}));
        SuiteOptions options = SuiteOptions.DEFAULT.withScoreGate(0.05);
        MemoryOutput out = new MemoryOutput();
        SuiteReport report = Suites.run(Suites.plan(base, head, List.of(), List.of(), options), options, out);
        assertThat(report.benchmarks()).singleElement()
                .satisfies(b -> assertThat(b.verdict()).isEqualTo(Verdict.SLOWER));
        String md = out.text("report.md");
        assertThat(md).doesNotContain("\u202e");
        // As GitHub renders it: the names are text inside code, no element of their own.
        String rendered = GitHubMarkdown.html(md);
        assertThat(rendered).doesNotContain("<script", "<img", "<b>", "<i>", "href=\"javascript", "</details><")
                .contains("&lt;script&gt;");
        // Every table row keeps its cells: no cell adds a column with a raw pipe.
        for (String line : md.lines().filter(l -> l.startsWith("| ")).toList()) {
            assertThat(line.replace("\\|", "").chars().filter(c -> c == '|').count()).as(line).isEqualTo(6);
        }
        String html = out.text("index.html");
        assertThat(html).doesNotContain("<script", "<img", "<b>", "<i>").contains("&lt;script&gt;");
        assertThat(new ObjectMapper().readTree(out.files.get("suite.json")).get("benchmarks").get(0).get("name")
                .asText()).isEqualTo(HOSTILE);
    }

    @Test
    void outputFileNamesAreSafeAndDistinct() {
        FileNames names = new FileNames();
        String a = names.of("../../etc/passwd");
        String b = names.of("__.._etc_passwd");
        String c = names.of("report");
        assertThat(a).doesNotContain("/").doesNotStartWith(".").matches("[A-Za-z0-9._-]+");
        assertThat(List.of(a, b, c)).doesNotHaveDuplicates();
        assertThat(c).startsWith("report-");
        assertThat(names.of("x".repeat(500)).length()).isLessThan(140);
    }

    @Test
    void linkBasesCannotBreakOutOfALink() {
        SuiteLinks links = new SuiteLinks(java.util.Optional.of("https://ci.example/a b)\"<x>"));
        assertThat(links.to("f.svg")).isEqualTo("https://ci.example/a%20b%29%22%3Cx%3E/f.svg");
        assertThat(new SuiteLinks(java.util.Optional.empty()).to("f.svg")).isEqualTo("f.svg");
    }
}
