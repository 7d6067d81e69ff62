package dev.flamediff.cli;

import dev.flamediff.render.ReportOptions;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The flags of the Markdown report (-o report.md): where the graph is published and what it lists. */
// Not a command: the annotation only spares picocli a search of its methods for subcommands.
@Command(addMethodSubcommands = false)
final class ReportFlags {

    @Option(names = "--report-link", paramLabel = "URL",
            description = "md: the URL where the SVG is published, for the report's link to it (default: diff.svg, "
                    + "a placeholder to replace)")
    private String link;

    @Option(names = "--report-image", paramLabel = "URL",
            description = "md: the URL where a PNG of the graph is published (-o diff.png), embedded in the report")
    private String image;

    @Option(names = "--report-min-impact", paramLabel = "PCT",
            description = "md: list only changes of at least PCT percent of the whole profile; default 0.5")
    private Double minImpact;

    /** Returns the report options with these flags applied. */
    ReportOptions apply(ReportOptions options) throws CliFailure {
        ReportOptions out = options.withLink(url("--report-link", link)).withImage(url("--report-image", image));
        if (minImpact != null) {
            if (!(minImpact >= 0 && minImpact < 100)) {
                throw CliFailure.badInput(String.format(Locale.ROOT,
                        "--report-min-impact must be a percentage in [0, 100), not %s", minImpact), null);
            }
            out = out.withMinImpact(minImpact / 100);
        }
        return out;
    }

    private static String url(String flag, String value) throws CliFailure {
        if (value == null) {
            return null;
        }
        if (value.isBlank() || value.chars().anyMatch(c -> c <= 0x20 || c == 0x7f)) {
            throw CliFailure.badInput(flag + " must be a URL without spaces or control characters", null);
        }
        return value;
    }
}
