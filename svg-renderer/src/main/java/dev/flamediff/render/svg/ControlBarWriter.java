package dev.flamediff.render.svg;

import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.ColorBy;
import java.util.List;
import javax.xml.stream.XMLStreamException;

/**
 * Writes the bar under the header that the script keeps in view while the page scrolls: the
 * controls (zoom reset, width and color switches, the search box, match stepping, the "?"
 * button) on one row and the legend with the matched share on the next; and the overlays drawn
 * over everything (the pointer's tooltip and the shortcuts panel). Without the script only the
 * legend shows: the controls are hidden by the stylesheet.
 */
final class ControlBarWriter {

    /** The bar's height in pixels. */
    static final int HEIGHT = 46;

    private static final String XHTML = "http://www.w3.org/1999/xhtml";
    private static final int SEARCH_WIDTH = 210;

    /** The keyboard shortcuts, as the "?" panel lists them. */
    static final List<String> SHORTCUTS = List.of(
            "click a frame\u2003zoom into it",
            "Backspace, u\u2003zoom out one level\u2003\u00b7\u2003r\u2003reset the zoom",
            "/ or Ctrl+F\u2003search frames (regular expression)",
            "Enter, n / N\u2003next / previous match\u2003\u00b7\u2003Esc\u2003clear the search",
            "b, h, d\u2003Base, Head or Diff view",
            "w\u2003next width mode\u2003\u00b7\u2003c\u2003color by total or self change",
            "g\u2003changes that could be noise in grey\u2003\u00b7\u2003j\u2003hide the JVM's own frames",
            "?\u2003show or hide this panel");

    private final SvgOut out;
    private final DiffColors colors;
    private final RenderOptions options;

    private final boolean systemFrames;
    private final boolean exact;

    private final dev.flamediff.diff.ChangeWords words;

    ControlBarWriter(SvgOut out, DiffColors colors, RenderOptions options, boolean systemFrames, boolean exact,
                     dev.flamediff.diff.ChangeWords words) {
        this.exact = exact;
        this.words = words;
        this.out = out;
        this.colors = colors;
        this.options = options;
        this.systemFrames = systemFrames;
    }

    /** Writes {@code <g id="bar">} with its top at {@code y}. */
    void write(double y) throws XMLStreamException {
        double right = SvgGeometry.WIDTH - SvgGeometry.MARGIN;
        double row = y + 17;
        out.start("g").attr("id", "bar");
        out.empty("rect").attr("class", "bg").attr("y", ValueFormat.compact(y))
                .attr("width", SvgGeometry.WIDTH).attr("height", HEIGHT);
        out.empty("rect").attr("class", "rule").attr("y", ValueFormat.compact(y + HEIGHT - 1))
                .attr("width", SvgGeometry.WIDTH).attr("height", 1);
        out.start("g").attr("id", "controls");
        writeViews(y + 4);
        out.textElement("reset", "btn off", 154, row, null, "Reset zoom");
        out.textElement("width-mode", "btn", 548, row, "end", "Width: " + WidthLabels.label(options.widthMode()));
        out.textElement("color-by", "btn", 655, row, "end",
                "Color: " + (options.colorBy() == ColorBy.SELF ? "self" : "total") + " \u0394");
        if (!exact) {
            out.textElement("noise-btn", "btn", 745, row, "end", "Noise: pale");
        }
        if (systemFrames) {
            out.textElement("sys-btn", "btn", 900, row, "end", "JVM internals: shown");
        }
        double searchX = right - 60 - SEARCH_WIDTH;
        out.start("foreignObject").attr("id", "search-box").attr("class", "btn")
                .attr("x", ValueFormat.compact(searchX)).attr("y", ValueFormat.compact(y + 3))
                .attr("width", SEARCH_WIDTH).attr("height", 22);
        out.empty("input").namespace(XHTML).attr("id", "search").attr("type", "search")
                .attr("placeholder", "Search frames (regex)  /").attr("spellcheck", "false")
                .attr("autocomplete", "off").attr("aria-label", "search frames by regular expression");
        out.end();
        out.textElement("prev", "btn off", right - 40, row, "end", "\u25c0");
        out.textElement("next", "btn off", right - 24, row, "end", "\u25b6");
        out.textElement("help-btn", "btn", right, row, "end", "?");
        out.end();
        LegendWriter.write(out, colors, options.colorBy() == ColorBy.SELF, exact, words, y + 24);
        out.textElement("matched", null, right, y + 34, "end", " ");
        writeHelp(right, y + HEIGHT + 4);
        out.end().nl();
    }

    /** The Base | Head | Diff segmented buttons; Diff is the static picture's view. */
    private void writeViews(double top) throws XMLStreamException {
        out.start("g").attr("id", "views").attr("class", "btn");
        String[][] views = {{"base", "Base"}, {"head", "Head"}, {"diff", "Diff"}};
        for (int i = 0; i < views.length; i++) {
            double x = SvgGeometry.MARGIN + 44 * i;
            out.start("g").attr("id", "view-" + views[i][0]).attr("class", i == 2 ? "seg on" : "seg");
            out.empty("rect").attr("x", ValueFormat.compact(x)).attr("y", ValueFormat.compact(top))
                    .attr("width", 44).attr("height", 18);
            out.textElement(null, null, x + 22, top + 13, "middle", views[i][1]);
            out.end();
        }
        out.end();
    }

    private void writeHelp(double right, double top) throws XMLStreamException {
        double w = 420;
        double x = right - w;
        out.start("g").attr("id", "help");
        out.empty("rect").attr("x", ValueFormat.compact(x)).attr("y", ValueFormat.compact(top))
                .attr("width", ValueFormat.compact(w)).attr("height", 30 + 16 * SHORTCUTS.size()).attr("rx", 4);
        out.textElement(null, "head", x + 12, top + 18, null, "Keyboard shortcuts");
        for (int i = 0; i < SHORTCUTS.size(); i++) {
            out.textElement(null, null, x + 12, top + 36 + 16 * i, null, SHORTCUTS.get(i));
        }
        out.end();
    }

    /** Writes the pointer's tooltip, empty until the script fills it on hover. */
    static void writeOverlays(SvgOut out) throws XMLStreamException {
        out.start("g").attr("id", "tip");
        out.empty("rect").attr("width", 0).attr("height", 0).attr("rx", 3);
        out.start("text").attr("id", "details").text(" ").end();
        out.end().nl();
    }
}
