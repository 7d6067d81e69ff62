package dev.flamediff.render.svg;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Deque;
import javax.xml.namespace.NamespaceContext;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The part of {@link XMLStreamWriter} the SVG document uses (elements without prefixes,
 * attributes, the default namespace, characters and CDATA), writing the bytes the JDK's own
 * writer writes for them into a UTF-8 {@code OutputStreamWriter}, straight into a stream
 * ({@link Utf8Output}). The JDK's writer checks and escapes every string character by character
 * through several layers; on a diff of a few hundred KB its cost was about a third of the whole
 * render, most of it before the JIT had compiled it. The other methods of the interface throw
 * {@link UnsupportedOperationException}.
 *
 * <p>Escaping, as the JDK's writer does it: {@code & < >} in text, and also {@code "} in
 * attribute values. Not thread-safe.
 */
final class SvgMarkupWriter implements XMLStreamWriter {

    private final Utf8Output out;
    private final Deque<String> open = new ArrayDeque<>();
    /** A start tag whose attributes may still follow: 0 none, 1 an element's, 2 an empty element's. */
    private int pending;

    /** Creates the writer of UTF-8 markup into the stream, which {@link #flush()} flushes and nothing closes. */
    SvgMarkupWriter(OutputStream out) {
        this.out = new Utf8Output(out);
    }

    @Override
    public void writeStartDocument(String encoding, String version) throws XMLStreamException {
        write("<?xml version=\"" + version + "\" encoding=\"" + encoding + "\"?>");
    }

    @Override
    public void writeStartElement(String localName) throws XMLStreamException {
        closeStartTag();
        write("<");
        write(localName);
        open.push(localName);
        pending = 1;
    }

    @Override
    public void writeEmptyElement(String localName) throws XMLStreamException {
        closeStartTag();
        write("<");
        write(localName);
        pending = 2;
    }

    @Override
    public void writeAttribute(String localName, String value) throws XMLStreamException {
        if (pending == 0) {
            throw new XMLStreamException("attribute " + localName + " outside a start tag");
        }
        try {
            out.write(" ", Utf8Output.RAW);
            out.write(localName, Utf8Output.RAW);
            out.write("=\"", Utf8Output.RAW);
            out.write(value, Utf8Output.ATTRIBUTE);
            out.write("\"", Utf8Output.RAW);
        } catch (IOException e) {
            throw new XMLStreamException(e);
        }
    }

    @Override
    public void writeDefaultNamespace(String namespaceURI) throws XMLStreamException {
        writeAttribute("xmlns", namespaceURI);
    }

    @Override
    public void writeCharacters(String text) throws XMLStreamException {
        closeStartTag();
        try {
            out.write(text, Utf8Output.TEXT);
        } catch (IOException e) {
            throw new XMLStreamException(e);
        }
    }

    @Override
    public void writeCharacters(char[] text, int start, int len) throws XMLStreamException {
        writeCharacters(new String(text, start, len));
    }

    @Override
    public void writeCData(String data) throws XMLStreamException {
        if (data.contains("]]>")) {
            throw new XMLStreamException("CDATA cannot contain ]]>");
        }
        closeStartTag();
        write("<![CDATA[");
        write(data);
        write("]]>");
    }

    @Override
    public void writeEndElement() throws XMLStreamException {
        closeStartTag();
        if (open.isEmpty()) {
            throw new XMLStreamException("no element to end");
        }
        write("</");
        write(open.pop());
        write(">");
    }

    @Override
    public void writeEndDocument() throws XMLStreamException {
        while (!open.isEmpty()) {
            writeEndElement();
        }
        closeStartTag();
    }

    @Override
    public void flush() throws XMLStreamException {
        try {
            out.flush();
        } catch (IOException e) {
            throw new XMLStreamException(e);
        }
    }

    /** Flushes; the underlying writer stays open, as the JDK's writer leaves it. */
    @Override
    public void close() throws XMLStreamException {
        flush();
    }

    private void closeStartTag() throws XMLStreamException {
        if (pending == 1) {
            write(">");
        } else if (pending == 2) {
            write("/>");
        }
        pending = 0;
    }

    private void write(String s) throws XMLStreamException {
        try {
            out.write(s, Utf8Output.RAW);
        } catch (IOException e) {
            throw new XMLStreamException(e);
        }
    }

    // ---- not used by the SVG document

    @Override
    public void writeStartElement(String namespaceURI, String localName) {
        throw unsupported();
    }

    @Override
    public void writeStartElement(String prefix, String localName, String namespaceURI) {
        throw unsupported();
    }

    @Override
    public void writeEmptyElement(String namespaceURI, String localName) {
        throw unsupported();
    }

    @Override
    public void writeEmptyElement(String prefix, String localName, String namespaceURI) {
        throw unsupported();
    }

    @Override
    public void writeAttribute(String prefix, String namespaceURI, String localName, String value) {
        throw unsupported();
    }

    @Override
    public void writeAttribute(String namespaceURI, String localName, String value) {
        throw unsupported();
    }

    @Override
    public void writeNamespace(String prefix, String namespaceURI) {
        throw unsupported();
    }

    @Override
    public void writeComment(String data) {
        throw unsupported();
    }

    @Override
    public void writeProcessingInstruction(String target) {
        throw unsupported();
    }

    @Override
    public void writeProcessingInstruction(String target, String data) {
        throw unsupported();
    }

    @Override
    public void writeDTD(String dtd) {
        throw unsupported();
    }

    @Override
    public void writeEntityRef(String name) {
        throw unsupported();
    }

    @Override
    public void writeStartDocument() {
        throw unsupported();
    }

    @Override
    public void writeStartDocument(String version) {
        throw unsupported();
    }

    @Override
    public String getPrefix(String uri) {
        throw unsupported();
    }

    @Override
    public void setPrefix(String prefix, String uri) {
        throw unsupported();
    }

    @Override
    public void setDefaultNamespace(String uri) {
        throw unsupported();
    }

    @Override
    public void setNamespaceContext(NamespaceContext context) {
        throw unsupported();
    }

    @Override
    public NamespaceContext getNamespaceContext() {
        throw unsupported();
    }

    @Override
    public Object getProperty(String name) {
        throw new IllegalArgumentException("no property " + name);
    }

    private static UnsupportedOperationException unsupported() {
        return new UnsupportedOperationException("not used by the SVG writer");
    }
}
