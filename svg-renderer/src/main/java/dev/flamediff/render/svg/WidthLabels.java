package dev.flamediff.render.svg;

import dev.flamediff.render.RenderOptions.WidthMode;

/**
 * The width modes in the words the graph shows them (the script repeats these words when it
 * switches): what a reader asks ("which run's time is this width?"), not how it is computed.
 */
final class WidthLabels {

    private WidthLabels() {
    }

    /** Returns the label of a width mode. */
    static String label(WidthMode mode) {
        return switch (mode) {
            case UNION -> "larger of base and head";
            case HEAD -> "head";
            case BASE -> "base";
            case SUM -> "base + head";
            case CHANGES -> "changed part only";
        };
    }
}
