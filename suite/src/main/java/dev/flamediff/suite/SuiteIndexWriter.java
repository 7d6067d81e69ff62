package dev.flamediff.suite;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * Writes {@code index.html}: the headline and one row per benchmark with its verdict, change and a
 * link to its graph, for browsing the published folder. Every name is HTML-escaped; no script.
 */
public final class SuiteIndexWriter {

    private final SuiteLinks links;

    /** Creates a writer whose links start with the link base. */
    public SuiteIndexWriter(SuiteLinks links) {
        this.links = links;
    }

    /** Writes the page. */
    public void write(SuiteReport report, OutputStream out) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        w.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<title>flamediff suite</title>\n<style>body{font-family:sans-serif;margin:2em}"
                + "table{border-collapse:collapse}td,th{padding:.3em .8em;border-bottom:1px solid #ddd;text-align:left}"
                + ".slower{color:#b00}.faster{color:#05a}.inconclusive{color:#a60}</style>\n</head>\n<body>\n");
        w.write("<h1>flamediff suite</h1>\n<p>" + html(SuiteHeadline.plain(report)) + "</p>\n");
        if (report.gateFailed()) {
            w.write("<h2>CI gate failed</h2>\n<ul>\n");
            for (String r : report.gateReasons()) {
                w.write("<li>" + html(r) + "</li>\n");
            }
            w.write("</ul>\n");
        }
        w.write("<table>\n<tr><th>benchmark</th><th>verdict</th><th>base \u2192 head</th><th>change</th>"
                + "<th>graph</th></tr>\n");
        for (BenchmarkReport b : report.benchmarks()) {
            String verdict = b.verdict().name().toLowerCase(java.util.Locale.ROOT);
            w.write("<tr><td><code>" + html(b.mode().isPresent() ? SuiteText.title(b) : b.key()) + "</code></td>"
                    + "<td class=\"" + verdict + "\">" + html(b.verdict().words()) + "</td><td>");
            if (b.score().isPresent()) {
                ScoreComparison s = b.score().get();
                w.write(html(SuiteText.score(s.base().score()) + " \u2192 " + SuiteText.score(s.head().score()) + " "
                        + s.unit()) + "</td><td>" + html(SuiteText.percent(s.change())
                        + (s.measurable() ? " " + SuiteText.interval(s) : "")));
            } else {
                w.write("</td><td>");
            }
            w.write("</td><td>");
            if (b.profile().graph().isPresent()) {
                w.write("<a href=\"" + html(links.to(b.profile().graph().get())) + "\">svg</a>");
            }
            if (b.profile().png().isPresent()) {
                w.write(" <a href=\"" + html(links.to(b.profile().png().get())) + "\">png</a>");
            }
            w.write("</td></tr>\n");
        }
        w.write("</table>\n<p><a href=\"" + html(links.to("report.md")) + "\">report.md</a> \u00b7 <a href=\""
                + html(links.to("suite.json")) + "\">suite.json</a></p>\n</body>\n</html>\n");
        w.flush();
    }

    /** Escapes text for HTML content and attributes; control characters become U+FFFD. */
    static String html(String text) {
        StringBuilder s = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> s.append("&amp;");
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '"' -> s.append("&quot;");
                case '\'' -> s.append("&#39;");
                default -> s.append(c < 0x20 || c == 0x7f || (c >= '\u202A' && c <= '\u202E')
                        || (c >= '\u2066' && c <= '\u2069') ? '\uFFFD' : c);
            }
        }
        return s.toString();
    }
}
