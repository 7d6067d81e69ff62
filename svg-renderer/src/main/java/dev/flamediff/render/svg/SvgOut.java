package dev.flamediff.render.svg;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A thin helper over {@link XMLStreamWriter} for the elements the SVG repeats. Every string goes
 * through the writer, which escapes it; nothing is concatenated into markup.
 */
final class SvgOut {

    private final XMLStreamWriter x;

    SvgOut(XMLStreamWriter x) {
        this.x = x;
    }

    SvgOut start(String element) throws XMLStreamException {
        x.writeStartElement(element);
        return this;
    }

    /** Starts an element without content ({@code <rect/>}); its attributes follow, no {@link #end()}. */
    SvgOut empty(String element) throws XMLStreamException {
        x.writeEmptyElement(element);
        return this;
    }

    SvgOut attr(String name, String value) throws XMLStreamException {
        x.writeAttribute(name, value);
        return this;
    }

    SvgOut attr(String name, long value) throws XMLStreamException {
        x.writeAttribute(name, Long.toString(value));
        return this;
    }

    /** Declares the default namespace of the element just started (XHTML inside a foreignObject). */
    SvgOut namespace(String uri) throws XMLStreamException {
        x.writeDefaultNamespace(uri);
        return this;
    }

    SvgOut text(String text) throws XMLStreamException {
        x.writeCharacters(text);
        return this;
    }

    SvgOut end() throws XMLStreamException {
        x.writeEndElement();
        return this;
    }

    /** Writes a line break between top-level elements, so that the file diffs line by line. */
    SvgOut nl() throws XMLStreamException {
        x.writeCharacters("\n");
        return this;
    }

    /** Writes {@code <text id x y class>text</text>}; attributes with a null value are left out. */
    SvgOut textElement(String id, String cls, double px, double py, String anchor, String text)
            throws XMLStreamException {
        start("text");
        if (id != null) {
            attr("id", id);
        }
        if (cls != null) {
            attr("class", cls);
        }
        attr("x", ValueFormat.compact(px)).attr("y", ValueFormat.compact(py));
        if (anchor != null) {
            attr("text-anchor", anchor);
        }
        return text(text).end();
    }

    /** Writes a swatch {@code <rect>} of the legend. */
    SvgOut swatch(double px, double py, int w, int h, int fill) throws XMLStreamException {
        return empty("rect").attr("x", ValueFormat.compact(px)).attr("y", ValueFormat.compact(py))
                .attr("width", w).attr("height", h).attr("fill", DiffColors.hex(fill));
    }
}
