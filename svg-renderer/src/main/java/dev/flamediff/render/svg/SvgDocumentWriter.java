package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.NodeStatus;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.ColorBy;
import java.util.Locale;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes one differential flame graph document: header, legend, controls, frames and the
 * details line, with the static style and script. The DOM it writes is described in the
 * module's README ("SVG document structure"); browser tests rely on those ids and classes.
 */
final class SvgDocumentWriter {

    private static final String SVG_NS = "http://www.w3.org/2000/svg";
    private static final int TITLE_Y = 24;
    private static final int LINE = 16;
    /** The narrowest frame (pixels) whose added/removed/merged style includes an outline. */
    static final int OUTLINE_MIN_WIDTH = 4;

    private final DiffTree diff;
    private final RenderOptions options;
    private final FlameLayout layout;
    private final DiffColors colors;
    private final FrameText texts;
    private final SvgAssets assets;

    SvgDocumentWriter(DiffTree diff, RenderOptions options, FlameLayout layout, SvgAssets assets) {
        this.diff = diff;
        this.options = options;
        this.layout = layout;
        this.colors = DiffColors.of(options.palette());
        this.texts = new FrameText(diff);
        this.assets = assets;
    }

    /** Writes the whole document. */
    void write(XMLStreamWriter xml) throws XMLStreamException {
        SvgOut out = new SvgOut(xml);
        String warnings = HeaderText.warnings(diff, options, layout.minWidth());
        double legendY = TITLE_Y + 4 * LINE + (warnings.isEmpty() ? 0 : LINE);
        double framesTop = legendY + 24;
        int rows = layout.maxDepth() + 1;
        long height = Math.round(framesTop + rows * SvgGeometry.FRAME_HEIGHT + 28);

        xml.writeStartDocument("UTF-8", "1.0");
        out.nl();
        out.start("svg");
        xml.writeDefaultNamespace(SVG_NS);
        out.attr("version", "1.1").attr("width", SvgGeometry.WIDTH).attr("height", height)
                .attr("viewBox", "0 0 " + SvgGeometry.WIDTH + " " + height)
                .attr("class", "flamediff")
                .attr("data-width-mode", lower(options.widthMode()))
                .attr("data-color-by", lower(options.colorBy()))
                .attr("data-palette", lower(options.palette()))
                .attr("data-inverted", options.inverted() ? "true" : "false");
        out.nl();
        String title = HeaderText.title(options);
        out.start("title").text(title).end().nl();
        out.start("style").attr("type", "text/css");
        xml.writeCData(assets.css());
        out.end().nl();
        out.start("script").attr("type", "text/ecmascript");
        xml.writeCData(assets.script());
        out.end().nl();

        out.empty("rect").attr("id", "background").attr("width", "100%").attr("height", "100%")
                .attr("fill", "#ffffff").nl();
        double center = SvgGeometry.WIDTH / 2.0;
        out.textElement("title", "title", center, TITLE_Y, "middle", title).nl();
        out.textElement("subtitle", "sub", center, TITLE_Y + LINE + 4, "middle", HeaderText.inputs(diff)).nl();
        out.textElement("measures", "sub", center, TITLE_Y + 2 * LINE + 4, "middle",
                HeaderText.measures(diff, options)).nl();
        out.textElement("noise", "sub", center, TITLE_Y + 3 * LINE + 4, "middle", HeaderText.noise(diff)).nl();
        if (!warnings.isEmpty()) {
            out.textElement("warnings", "warn", center, TITLE_Y + 4 * LINE + 4, "middle", warnings).nl();
        }
        LegendWriter.write(out, colors, options.colorBy() == ColorBy.SELF, legendY);
        writeControls(out, legendY, height);
        writeFrames(out, framesTop);
        out.textElement("details", null, SvgGeometry.MARGIN, height - 10, null, " ").nl();
        out.end().nl();
        xml.writeEndDocument();
    }

    private void writeControls(SvgOut out, double legendY, long height) throws XMLStreamException {
        double right = SvgGeometry.WIDTH - SvgGeometry.MARGIN;
        out.start("g").attr("id", "controls");
        out.textElement("reset", "btn off", SvgGeometry.MARGIN, TITLE_Y, null, "Reset Zoom");
        out.textElement("search", "btn", right, TITLE_Y, "end", "Search");
        out.textElement("prev", "btn off", right - 60, TITLE_Y, "end", "\u25c0");
        out.textElement("next", "btn off", right - 46, TITLE_Y, "end", "\u25b6");
        out.textElement("width-mode", "btn", right - 110, legendY + 10, "end",
                "Width: " + lower(options.widthMode()));
        out.textElement("color-by", "btn", right, legendY + 10, "end",
                "Color: " + lower(options.colorBy()) + " \u0394");
        out.textElement("matched", null, right, height - 10, "end", " ");
        out.end().nl();
    }

    private void writeFrames(SvgOut out, double framesTop) throws XMLStreamException {
        ColorBy other = options.colorBy() == ColorBy.TOTAL ? ColorBy.SELF : ColorBy.TOTAL;
        out.start("g").attr("id", "frames").nl();
        int id = 0;
        for (PlacedFrame f : layout.frames()) {
            RenderInterrupts.checkEvery(id);
            int row = options.inverted() ? f.depth() : layout.maxDepth() - f.depth();
            double y = framesTop + row * SvgGeometry.FRAME_HEIGHT;
            NodeStatus status = FrameText.status(f);
            int fill = fill(f, status, options.colorBy());
            int altFill = fill(f, status, other);
            out.start("g").attr("id", "f" + id++);
            String cls = classes(f, status, fill);
            if (!cls.isEmpty()) {
                out.attr("class", cls);
            }
            out.attr("data-d", f.depth())
                    .attr("data-b", ValueFormat.compact(f.base()))
                    .attr("data-h", ValueFormat.compact(f.head()));
            if (f.isElided()) {
                out.attr("data-u", ValueFormat.compact(f.union()))
                        .attr("data-c", ValueFormat.compact(f.changes()));
            }
            if (altFill != fill) {
                out.attr("data-f2", DiffColors.hex(altFill));
            }
            out.start("title").text(texts.tooltip(f)).end();
            String x = ValueFormat.px(f.left());
            out.empty("rect").attr("x", x).attr("y", ValueFormat.compact(y))
                    .attr("width", ValueFormat.px(f.right() - f.left()))
                    .attr("height", SvgGeometry.RECT_HEIGHT).attr("fill", DiffColors.hex(fill));
            out.start("text").attr("x", ValueFormat.px(f.left() + 300))
                    .attr("y", ValueFormat.compact(y + 11.5))
                    .text(SafeText.fit(texts.name(f), f.widthPx())).end();
            out.end().nl();
        }
        out.end().nl();
    }

    private int fill(PlacedFrame f, NodeStatus status, ColorBy by) {
        // Merged frames have no test of their own; their sums are shown as they are.
        if (f.isElided()) {
            return colors.fill(status, f.base(), f.head(), true);
        }
        if (by == ColorBy.TOTAL) {
            return colors.fill(status, f.base(), f.head(), diff.significant(f.node()));
        }
        return colors.fill(status, f.baseSelf(), f.headSelf(), diff.selfSignificant(f.node()));
    }

    private static String classes(PlacedFrame f, NodeStatus status, int fill) {
        StringBuilder sb = new StringBuilder();
        if (f.isElided()) {
            sb.append("eli");
        } else if (status == NodeStatus.ADDED) {
            sb.append("add");
        } else if (status == NodeStatus.REMOVED) {
            sb.append("rem");
        }
        if (sb.length() > 0 && f.right() - f.left() >= OUTLINE_MIN_WIDTH * 100) {
            sb.append(" o");
        }
        if (DiffColors.needsWhiteText(fill)) {
            sb.append(sb.length() == 0 ? "" : " ").append('w');
        }
        return sb.toString();
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
