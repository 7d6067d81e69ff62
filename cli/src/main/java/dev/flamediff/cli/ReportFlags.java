package dev.flamediff.cli;

import dev.flamediff.render.ReportOptions;
import java.util.Locale;
import picocli.CommandLine.Model.OptionSpec;

/** The flags of the Markdown report (-o report.md): where the graph is published and what it lists. */
final class ReportFlags {

    private final OptionSpec link;
    private final OptionSpec image;
    private final OptionSpec minImpact;

    /** Declares the flags on the command, in this order. */
    ReportFlags(Flags flags) {
        link = flags.add(Flags.valued("URL", String.class, "--report-link")
                .description("md: the URL where the SVG is published, for the report's link to it (default: "
                        + "diff.svg, a placeholder to replace)"));
        image = flags.add(Flags.valued("URL", String.class, "--report-image")
                .description("md: the URL where a PNG of the graph is published (-o diff.png), embedded in the "
                        + "report"));
        minImpact = flags.add(Flags.valued("PCT", Double.class, "--report-min-impact")
                .description("md: list only changes of at least PCT percent of the whole profile; default 0.5"));
    }

    /** Returns the report options with these flags applied. */
    ReportOptions apply(ReportOptions options) throws CliFailure {
        ReportOptions out = options.withLink(url("--report-link", link.getValue()))
                .withImage(url("--report-image", image.getValue()));
        Double impact = minImpact.getValue();
        if (impact != null) {
            if (!(impact >= 0 && impact < 100)) {
                throw CliFailure.badInput(String.format(Locale.ROOT,
                        "--report-min-impact must be a percentage in [0, 100), not %s", impact), null);
            }
            out = out.withMinImpact(impact / 100);
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
