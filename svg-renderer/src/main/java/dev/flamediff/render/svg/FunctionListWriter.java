package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.FunctionDiff;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.render.RenderInterrupts;
import javax.xml.stream.XMLStreamException;

/**
 * Writes the function list below the graph: a {@code foreignObject} with an XHTML filter box and
 * a table, one row per function of the diff engine's by-function diff (inclusive and self, base →
 * head and impact on the whole profile, whether the inclusive change is likely real, and which
 * functions are culprits, where a change starts). The script sorts it by a clicked column, filters it as one types, and highlights all
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
            java.util.List.of("si", "Self impact"), java.util.List.of("p", "Paths"), java.util.List.of("c", "Change"));

    private FunctionListWriter() {
    }

    static void write(SvgOut out, DiffTree diff, FunctionRows functions, double y) throws XMLStreamException {
        ValueFormat values = ValueFormat.of(diff.valueType());
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
        boolean exact = diff.significance().noiseModel() == NoiseModel.EXACT;
        dev.flamediff.diff.ChangeWords words = dev.flamediff.diff.ChangeWords.of(diff.valueType());
        for (int i = 0; i < functions.rows().size(); i++) {
            RenderInterrupts.check();
            FunctionRows.Row r = functions.rows().get(i);
            FunctionDiff f = r.function();
            out.start("tr").attr("data-fn", i);
            if (i == functions.highlighted()) {
                out.attr("class", "sel");
            }
            cell(out, "name", SafeText.clean(f.frame().name()), "");
            cell(out, "ib", values.format(f.baseInclusive()), ValueFormat.compact(f.baseInclusive()));
            cell(out, "ih", values.format(f.headInclusive()), ValueFormat.compact(f.headInclusive()));
            cell(out, "ii", values.signedPct(f.inclusiveImpact()), ValueFormat.compact(f.inclusiveImpact()));
            cell(out, "sb", values.format(f.baseSelf()), ValueFormat.compact(f.baseSelf()));
            cell(out, "sh", values.format(f.headSelf()), ValueFormat.compact(f.headSelf()));
            cell(out, "si", values.signedPct(f.selfImpact()), ValueFormat.compact(f.selfImpact()));
            cell(out, "p", Integer.toString(f.paths()), Integer.toString(f.paths()));
            int rank = change(r, exact);
            // A culprit's own attributed change beside the word: its inclusive impact, two columns
            // left, can even go the other way (a method slower itself while its callees got faster).
            cell(out, "c", rank <= 1 ? culprit(rank == 0, words) + " " + values.signedPct(r.culprit().impact())
                    : CHANGES.get(rank), Integer.toString(rank));
            out.end();
        }
        out.end().end().end().end();
        out.end().nl();
    }

    /** The change column's words, in the order the column sorts them. */
    private static final java.util.List<String> CHANGES = java.util.List.of("culprit (slower)", "culprit (faster)",
            "likely real", "changed", "could be noise", "no change");

    /** "culprit (slower)", or for memory "culprit (more)": the column is narrow. */
    private static String culprit(boolean regression, dev.flamediff.diff.ChangeWords words) {
        if (words.equals(dev.flamediff.diff.ChangeWords.TIME)) {
            return CHANGES.get(regression ? 0 : 1);
        }
        return regression ? "culprit (more)" : "culprit (less)";
    }

    private static int change(FunctionRows.Row r, boolean exact) {
        FunctionDiff f = r.function();
        if (r.culprit() != null) {
            return r.culprit().regression() ? 0 : 1;
        }
        if (f.inclusiveDelta() == 0) {
            return 5;
        }
        // Exact counts (callgrind) have no noise: every change is one, and "likely" would hedge.
        return exact ? 3 : f.inclusiveSignificant() ? 2 : 4;
    }

    private static void cell(SvgOut out, String key, String text, String value) throws XMLStreamException {
        out.start("td").attr("class", key);
        if (!value.isEmpty()) {
            out.attr("data-v", value);
        }
        out.text(text).end();
    }
}
