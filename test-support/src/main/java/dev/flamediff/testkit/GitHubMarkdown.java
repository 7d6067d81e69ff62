package dev.flamediff.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Markdown as GitHub renders it: through cmark-gfm, GitHub's Markdown, with its table and
 * autolink extensions. A test that needs it is skipped where cmark-gfm is not installed, and
 * fails in CI, whose set-up installs it.
 */
public final class GitHubMarkdown {

    /** Where cmark-gfm is installed. */
    public static final Path CMARK = Path.of("/usr/bin/cmark-gfm");

    private GitHubMarkdown() {
    }

    /** Returns the HTML cmark-gfm renders the Markdown into (raw HTML filtered, as on GitHub). */
    public static String html(String markdown) throws IOException, InterruptedException {
        if (!Files.isExecutable(CMARK)) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new AssertionError(CMARK + " is missing: .ci/run must install cmark-gfm");
            }
            Assumptions.abort(CMARK + " is not installed (apt-get install cmark-gfm)");
        }
        Path in = Files.createTempFile("report", ".md");
        try {
            Files.writeString(in, markdown);
            Process p = new ProcessBuilder(CMARK.toString(), "-e", "table", "-e", "autolink", in.toString())
                    .redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isZero();
            return new String(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(in);
        }
    }

    /**
     * Checks that every row of every table in the HTML has as many cells as its header: no
     * text in a cell added a column (a raw pipe) or ended the row.
     */
    public static void assertTablesKeepTheirColumns(String html) {
        for (String table : html.split("<table>")) {
            if (!table.contains("</table>")) {
                continue;
            }
            String body = table.substring(0, table.indexOf("</table>"));
            int columns = body.substring(0, body.indexOf("</tr>")).split("<th[ >]", -1).length - 1;
            for (String row : body.split("<tr>")) {
                if (row.contains("<td")) {
                    assertThat(row.split(Pattern.quote("<td"), -1).length - 1).as(row).isEqualTo(columns);
                }
            }
        }
    }
}
