package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.NodeStatus;
import dev.flamediff.diff.NoiseModel;
import dev.flamediff.render.ReaderNotes;
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
    /**
     * The most rows of frames a fixed-size picture draws (3,200 pixels): a picture has no zoom,
     * and rasterizing 1,500 rows (a picture 24,000 pixels tall) took Batik most of a minute.
     */
    static final int PICTURE_ROWS = 200;

    private final DiffTree diff;
    private final RenderOptions options;
    private final FlameLayout layout;
    private final DiffColors colors;
    private final FrameText texts;
    private final FrameStrength strength;
    private final SystemFrames system;
    private final FunctionRows functions;
    private final SvgAssets assets;
    private final boolean fixedSize;

    SvgDocumentWriter(DiffTree diff, RenderOptions options, FlameLayout layout, SystemFrames system, SvgAssets assets,
                      boolean fixedSize) {
        this.fixedSize = fixedSize;
        this.diff = diff;
        this.options = options;
        this.layout = layout;
        this.colors = DiffColors.of(options.palette());
        this.texts = new FrameText(diff);
        this.strength = FrameStrength.of(diff);
        this.system = system;
        this.functions = FunctionRows.of(diff);
        this.assets = assets;
    }

    /** Writes the whole document. */
    void write(XMLStreamWriter xml) throws XMLStreamException {
        SvgOut out = new SvgOut(xml);
        int depth = layout.visibleDepth();
        int lastRow = fixedSize ? Math.min(depth, PICTURE_ROWS - 1) : depth;
        String warnings = HeaderText.warnings(diff, options, layout.minWidth());
        if (lastRow < depth) {
            warnings = (warnings.isEmpty() ? "warning: " : warnings + "; ") + "the picture shows the first "
                    + (lastRow + 1) + " of " + (depth + 1) + " levels (the SVG has them all)";
        }
        NotesLine notes = NotesLine.of(ReaderNotes.of(diff));
        String highlight = highlightLine();
        double barY = TITLE_Y + 3 * LINE + 10 + (warnings.isEmpty() ? 0 : LINE) + (notes.full().isEmpty() ? 0 : LINE)
                + (highlight.isEmpty() ? 0 : LINE);
        double framesTop = barY + ControlBarWriter.HEIGHT + 4;
        int rows = lastRow + 1;
        double framesBottom = framesTop + rows * SvgGeometry.FRAME_HEIGHT;
        long height = Math.round(framesBottom + 8 + (fixedSize ? 0 : 10 + FunctionListWriter.HEIGHT));

        xml.writeStartDocument("UTF-8", "1.0");
        out.nl();
        out.start("svg");
        xml.writeDefaultNamespace(SVG_NS);
        // Width 100% with the viewBox: the graph takes the window's width, whatever it is, and the
        // stylesheet lets browsers derive the height; rasterizers use the height given here.
        out.attr("version", "1.1").attr("width", fixedSize ? Integer.toString(SvgGeometry.WIDTH) : "100%")
                .attr("height", height)
                .attr("viewBox", "0 0 " + SvgGeometry.WIDTH + " " + height)
                .attr("class", "flamediff")
                .attr("data-width-mode", lower(options.widthMode()))
                .attr("data-color-by", lower(options.colorBy()))
                .attr("data-palette", lower(options.palette()))
                .attr("data-inverted", options.inverted() ? "true" : "false")
                .attr("data-top", ValueFormat.compact(framesTop))
                .attr("data-bar", ValueFormat.compact(barY))
                .attr("data-fn", functions.highlighted());
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
        // Frames first: the header and the bar are drawn over them when the page scrolls.
        writeFrames(out, framesTop, lastRow, lastRow < depth);
        if (!fixedSize) {
            FunctionListWriter.write(out, diff, functions, framesBottom + 10);
        }
        out.start("g").attr("id", "header");
        out.empty("rect").attr("class", "bg").attr("width", SvgGeometry.WIDTH).attr("height", ValueFormat.compact(barY));
        double center = SvgGeometry.WIDTH / 2.0;
        out.textElement("title", "title", center, TITLE_Y, "middle", title).nl();
        out.textElement("subtitle", "sub", center, TITLE_Y + LINE + 4, "middle", HeaderText.inputs(diff)).nl();
        out.textElement("measures", "sub", center, TITLE_Y + 2 * LINE + 4, "middle",
                HeaderText.measures(diff, options)).nl();
        out.textElement("noise", "sub", center, TITLE_Y + 3 * LINE + 4, "middle", HeaderText.noise(diff)).nl();
        // The statistics behind the plain words, one click away ("how this was tested").
        out.textElement("method", "sub", center, TITLE_Y + 3 * LINE + 4, "middle",
                SafeText.clean(HeaderText.method(diff))).nl();
        out.textElement("method-btn", "btn", SvgGeometry.WIDTH - SvgGeometry.MARGIN, TITLE_Y + 3 * LINE + 4, "end",
                "how this was tested").nl();
        if (!warnings.isEmpty()) {
            out.textElement("warnings", "warn", center, TITLE_Y + 4 * LINE + 4, "middle", warnings).nl();
        }
        int line = warnings.isEmpty() ? 4 : 5;
        if (!notes.full().isEmpty()) {
            // One line cut to the width, the losses first; the whole text is its tooltip.
            out.start("text").attr("id", "notes").attr("class", notes.loss() ? "warn" : "sub")
                    .attr("x", ValueFormat.compact(center)).attr("y", ValueFormat.compact(TITLE_Y + line++ * LINE + 4))
                    .attr("text-anchor", "middle");
            out.start("title").text(notes.full()).end();
            out.text(notes.shown()).end().nl();
        }
        if (!highlight.isEmpty()) {
            double y = TITLE_Y + line * LINE + 4;
            out.textElement("fn-label", "hl-label", center, y, "middle", highlight).nl();
        }
        out.end().nl();
        new ControlBarWriter(out, colors, options, system.any(), diff.significance().noiseModel() == NoiseModel.EXACT,
                dev.flamediff.diff.ChangeWords.of(diff.valueType())).write(barY);
        ControlBarWriter.writeOverlays(out);
        out.end().nl();
        xml.writeEndDocument();
    }

    /** Writes the frames; with {@code cut}, only those of the rows up to {@code lastRow}. */
    private void writeFrames(SvgOut out, double framesTop, int lastRow, boolean cut) throws XMLStreamException {
        ColorBy other = options.colorBy() == ColorBy.TOTAL ? ColorBy.SELF : ColorBy.TOTAL;
        out.start("g").attr("id", "frames").nl();
        int id = 0;
        for (PlacedFrame f : layout.frames()) {
            // Every frame: 4,096 frames with long names are tens of megabytes of text.
            RenderInterrupts.check();
            if (cut && f.depth() > lastRow) {
                continue;
            }
            int row = options.inverted() ? f.depth() : lastRow - f.depth();
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
            int fn = f.isElided() ? -1 : functions.rowOf(f.node());
            if (fn >= 0) {
                out.attr("data-fn", fn);
            }
            if (altFill != fill) {
                out.attr("data-f2", DiffColors.hex(altFill));
            }
            if (highlighted(f)) {
                // The fills it has once another function is highlighted (the script repaints).
                int plain = plainFill(f, status, options.colorBy());
                int plainAlt = plainFill(f, status, other);
                out.attr("data-n", DiffColors.hex(plain));
                if (plainAlt != plain) {
                    out.attr("data-n2", DiffColors.hex(plainAlt));
                }
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
        double total = Math.max(diff.base().total(), diff.head().total());
        // Merged frames have no test of their own; their sums are shown as they are.
        if (f.isElided()) {
            return colors.fill(status, f.base(), f.head(), true, 1, total);
        }
        if (highlighted(f)) {
            // The top culprit is drawn at full strength in every one of its frames, so many thin
            // slivers read as the one change they are; its callers' share of it is theirs only.
            // The script draws a function highlighted from the list the same way.
            return by == ColorBy.TOTAL ? colors.fill(status, f.base(), f.head(), significant(f), 1, total)
                    : colors.fill(status, f.baseSelf(), f.headSelf(), true, 1, total);
        }
        return plainFill(f, status, by);
    }

    /** The fill of a frame of a function that is not highlighted. */
    private int plainFill(PlacedFrame f, NodeStatus status, ColorBy by) {
        double total = Math.max(diff.base().total(), diff.head().total());
        if (by == ColorBy.TOTAL) {
            return colors.fill(status, f.base(), f.head(), significant(f), strength.of(f.node()), total);
        }
        return colors.fill(status, f.baseSelf(), f.headSelf(), diff.significance().selfSignificant(f.node()), 1, total);
    }

    private boolean highlighted(PlacedFrame f) {
        return !f.isElided() && functions.highlighted() >= 0 && functions.rowOf(f.node()) == functions.highlighted();
    }

    /**
     * The header line naming the top culprit; without one, what the function list offers instead
     * (nothing in a static picture, which has no list).
     */
    private String highlightLine() {
        FunctionRows.Row top = functions.top();
        if (top == null) {
            return fixedSize ? "" : "No function changed beyond the noise; click one in the list below the graph to"
                    + " highlight its frames";
        }
        return HeaderText.culprit(diff, top.culprit(), drawnPaths(functions.highlighted()));
    }

    /**
     * The call paths of a listed function the graph draws: its drawn frames with none of its own
     * above them, as the merged view counts the paths it merges (a path too narrow to draw, or a
     * recursive call's inner frame, is not one the reader can find outlined).
     */
    private int drawnPaths(int row) {
        int paths = 0;
        for (PlacedFrame f : layout.frames()) {
            if (f.isElided() || functions.rowOf(f.node()) != row) {
                continue;
            }
            boolean outermost = true;
            for (int a = diff.parent(f.node()); a > 0 && outermost; a = diff.parent(a)) {
                outermost = functions.rowOf(a) != row;
            }
            paths += outermost ? 1 : 0;
        }
        return paths;
    }

    /**
     * Whether the frame's total change is drawn as real: significant on its own, or a node of a
     * function whose inclusive change is significant, changed the same way (one method slower over
     * 65 call paths is one regression, not 65 slivers within the noise).
     */
    private boolean significant(PlacedFrame f) {
        return f.isElided() || functions.table().partOfSignificantChange(f.node());
    }

    private String classes(PlacedFrame f, NodeStatus status, int fill) {
        StringBuilder sb = new StringBuilder();
        String styled = f.isElided() ? "eli" : status == NodeStatus.ADDED ? "add" : status == NodeStatus.REMOVED ? "rem" : "";
        if (!styled.isEmpty()) {
            sb.append(' ').append(styled);
            if (f.right() - f.left() >= OUTLINE_MIN_WIDTH * 100) {
                sb.append(" o");
            }
        }
        if (highlighted(f)) {
            sb.append(" fh");
        }
        if (system.isSystem(f.node())) {
            sb.append(" sys");
        }
        // Changes within the noise, per color mode, for the "grey when within noise" switch.
        if (!f.isElided() && f.base() != f.head() && !significant(f)) {
            sb.append(" nz");
        }
        if (!f.isElided() && f.baseSelf() != f.headSelf() && !diff.significance().selfSignificant(f.node())) {
            sb.append(" nzs");
        }
        if (DiffColors.needsWhiteText(fill)) {
            sb.append(" w");
        }
        return sb.toString().strip();
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
