package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import javax.xml.stream.XMLStreamException;

/**
 * Writes the function list below the graph: a {@code foreignObject} with an XHTML filter box and
 * a table, one row per function (inclusive and self, base → head, Δ and impact on the whole
 * profile). The script sorts it by a clicked column, filters it as one types, and highlights all
 * frames of a clicked row's function. Names are character data, escaped by the writer like every
 * other name. Browsers only: a rasterizer draws no foreign content, so the PNG has no list.
 */
final class FunctionListWriter {

    private static final String XHTML = "http://www.w3.org/1999/xhtml";
    /** The list's height in pixels; longer lists scroll inside it. */
    static final int HEIGHT = 330;

    private static final java.util.List<java.util.List<String>> COLUMNS = java.util.List.of(
            java.util.List.of("name", "Function"), java.util.List.of("ib", "Base"), java.util.List.of("ih", "Head"),
            java.util.List.of("ii", "Impact"), java.util.List.of("sb", "Self base"), java.util.List.of("sh", "Self head"),
            java.util.List.of("si", "Self impact"), java.util.List.of("p", "Paths"));

    private FunctionListWriter() {
    }

    static void write(SvgOut out, DiffTree diff, FunctionRows functions, double y) throws XMLStreamException {
        ValueFormat values = ValueFormat.of(diff.valueType());
        double total = diff.base().total();
        out.start("foreignObject").attr("id", "fn-list").attr("class", "btn")
                .attr("x", SvgGeometry.MARGIN).attr("y", ValueFormat.compact(y))
                .attr("width", SvgGeometry.PLOT_WIDTH).attr("height", HEIGHT);
        out.start("div").namespace(XHTML).attr("class", "fl");
        out.start("div").attr("class", "fl-head");
        out.start("span").attr("class", "fl-title").text("Functions").end();
        out.text(" (merged over their call paths; click a row to highlight its frames, a column to sort) ");
        out.empty("input").attr("id", "fn-filter").attr("type", "search").attr("placeholder", "Filter functions")
                .attr("spellcheck", "false").attr("autocomplete", "off");
        out.end();
        out.start("div").attr("class", "fl-body");
        out.start("table").attr("id", "fn-table");
        out.start("thead").start("tr");
        for (java.util.List<String> c : COLUMNS) {
            out.start("th").attr("data-k", c.get(0)).text(c.get(1)).end();
        }
        out.end().end();
        out.start("tbody");
        for (int i = 0; i < functions.rows().size(); i++) {
            FunctionRows.Row r = functions.rows().get(i);
            out.start("tr").attr("data-fn", i);
            if (i == functions.highlighted()) {
                out.attr("class", "sel");
            }
            cell(out, "name", SafeText.clean(r.frame().name()), "");
            cell(out, "ib", values.format(r.baseInclusive()), ValueFormat.compact(r.baseInclusive()));
            cell(out, "ih", values.format(r.headInclusive()), ValueFormat.compact(r.headInclusive()));
            double ii = total > 0 ? (r.headInclusive() - r.baseInclusive()) / total : 0;
            cell(out, "ii", values.signedPct(ii), ValueFormat.compact(ii));
            cell(out, "sb", values.format(r.baseSelf()), ValueFormat.compact(r.baseSelf()));
            cell(out, "sh", values.format(r.headSelf()), ValueFormat.compact(r.headSelf()));
            double si = total > 0 ? (r.headSelf() - r.baseSelf()) / total : 0;
            cell(out, "si", values.signedPct(si), ValueFormat.compact(si));
            cell(out, "p", Integer.toString(r.paths()), Integer.toString(r.paths()));
            out.end();
        }
        out.end().end().end().end();
        out.end().nl();
    }

    private static void cell(SvgOut out, String key, String text, String value) throws XMLStreamException {
        out.start("td").attr("class", key);
        if (!value.isEmpty()) {
            out.attr("data-v", value);
        }
        out.text(text).end();
    }
}
