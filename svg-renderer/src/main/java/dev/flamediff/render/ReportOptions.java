package dev.flamediff.render;

import java.util.Objects;
import java.util.Optional;

/**
 * What the Markdown report links to and how much it lists.
 *
 * @param link where the interactive flame graph is published (the report's link to it); empty for
 *     the placeholder {@code diff.svg}, for CI to replace
 * @param image where a PNG of the graph is published, embedded in the report; empty for none
 * @param minImpact the smallest change, as a share of the whole profile, that the report's tables
 *     list (0.005 = 0.5%, the default); smaller ones are only counted
 */
public record ReportOptions(Optional<String> link, Optional<String> image, double minImpact) {

    /** The defaults: no link, no image, 0.5%. */
    public static final ReportOptions DEFAULT = new ReportOptions(Optional.empty(), Optional.empty(), 0.005);

    /** Checks for nulls and a share in [0, 1). */
    public ReportOptions {
        Objects.requireNonNull(link, "link");
        Objects.requireNonNull(image, "image");
        if (!(minImpact >= 0 && minImpact < 1)) {
            throw new IllegalArgumentException("minImpact must be in [0, 1)");
        }
    }

    /** Returns a copy with the given link (null for none). */
    public ReportOptions withLink(String value) {
        return new ReportOptions(Optional.ofNullable(value), image, minImpact);
    }

    /** Returns a copy with the given image (null for none). */
    public ReportOptions withImage(String value) {
        return new ReportOptions(link, Optional.ofNullable(value), minImpact);
    }

    /** Returns a copy with the given minimum impact. */
    public ReportOptions withMinImpact(double value) {
        return new ReportOptions(link, image, value);
    }
}
