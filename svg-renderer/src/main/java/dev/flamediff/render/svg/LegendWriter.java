package dev.flamediff.render.svg;

import javax.xml.stream.XMLStreamException;

/**
 * Writes the legend row: the diverging scale from faster to slower, then the styles of new,
 * gone and merged frames, each swatch drawn with the same classes as the frames themselves.
 */
final class LegendWriter {

    private static final double[] STEPS = {1, 0.55, 0.2};
    private static final int SW = 14;
    private static final int SH = 11;

    private LegendWriter() {
    }

    /** Writes {@code <g id="legend">} with its top at {@code y}. */
    static void write(SvgOut out, DiffColors colors, boolean bySelf, boolean exact, dev.flamediff.diff.ChangeWords words,
                      double y) throws XMLStreamException {
        boolean time = words.equals(dev.flamediff.diff.ChangeWords.TIME);
        out.start("g").attr("id", "legend");
        double x = SvgGeometry.MARGIN;
        double ty = y + 10;
        // Memory grows and shrinks; only time is slower or faster.
        out.textElement(null, null, x, ty, null, time ? "faster" : "less");
        x += 42;
        for (double t : STEPS) {
            out.swatch(x, y, SW, SH, DiffColors.mix(DiffColors.NEUTRAL, colors.improvement(), t));
            x += SW;
        }
        out.swatch(x, y, SW, SH, DiffColors.NEUTRAL);
        x += SW;
        for (int i = STEPS.length - 1; i >= 0; i--) {
            out.swatch(x, y, SW, SH, DiffColors.mix(DiffColors.NEUTRAL, colors.regression(), STEPS[i]));
            x += SW;
        }
        out.textElement("legend-by", null, x + 4, ty, null, byText(bySelf, time ? "slower" : "more"));
        x += 110;
        x = item(out, "add", colors.regression(), x, y, "new in head");
        x = item(out, "rem", colors.improvement(), x, y, "gone in head");
        x = item(out, "eli", DiffColors.NEUTRAL, x, y, "narrow frames merged");
        if (exact) {
            // Exact counts have no noise to be pale about.
            out.end().nl();
            return;
        }
        item(out, null, DiffColors.mix(DiffColors.NEUTRAL, colors.regression(), DiffColors.NOISE_DIM), x, y,
                "pale: could be noise");
        out.end().nl();
    }

    /** Returns the legend's words for what the colors measure; the script swaps them too. */
    static String byText(boolean bySelf, String word) {
        return word + " (" + (bySelf ? "self" : "total") + " \u0394)";
    }

    private static double item(SvgOut out, String cls, int fill, double x, double y, String label)
            throws XMLStreamException {
        out.start("g");
        if (cls != null) {
            out.attr("class", cls + " o");
        }
        out.swatch(x, y, SW + 6, SH, fill);
        out.end();
        out.textElement(null, null, x + SW + 10, y + 10, null, label);
        return x + SW + 16 + label.length() * 6.2;
    }
}
