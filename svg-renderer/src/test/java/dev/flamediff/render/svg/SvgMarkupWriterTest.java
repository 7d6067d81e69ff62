package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.junit.jupiter.api.Test;

/**
 * {@link SvgMarkupWriter} writes what the JDK's XML writer writes for the calls the SVG makes,
 * encoded as a UTF-8 {@link OutputStreamWriter} encodes it.
 */
class SvgMarkupWriterTest {

    /** Markup characters, one- to three-byte characters, a surrogate pair, and lone surrogates. */
    private static final String ALPHABET = "ab &<>\"'\n\t;$.:\u2192\u0394\u00e9\uFFFD]]\uD83D\uDE00\uD800\uDFFF";

    @Test
    void writesTheJdkWritersBytesForRandomDocuments() throws XMLStreamException, IOException {
        Random random = new Random(20261201);
        for (int doc = 0; doc < 2000; doc++) {
            long seed = random.nextLong();
            ByteArrayOutputStream ours = new ByteArrayOutputStream();
            StringWriter jdks = new StringWriter();
            write(new SvgMarkupWriter(ours), new Random(seed));
            write(XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(jdks), new Random(seed));
            assertThat(ours.toByteArray()).as("document of seed %d", seed).isEqualTo(utf8(jdks.toString()));
        }
    }

    @Test
    void writesLongTextThroughItsBuffer() throws XMLStreamException, IOException {
        StringBuilder text = new StringBuilder();
        Random random = new Random(7);
        for (int i = 0; i < 300_000; i++) {
            text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        ByteArrayOutputStream ours = new ByteArrayOutputStream();
        StringWriter jdks = new StringWriter();
        for (XMLStreamWriter xml : new XMLStreamWriter[] {new SvgMarkupWriter(ours),
                XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(jdks)}) {
            xml.writeStartElement("g");
            xml.writeAttribute("id", text.substring(0, 100_000));
            xml.writeCharacters(text.toString());
            xml.writeEndDocument();
            xml.flush();
        }
        assertThat(ours.toByteArray()).isEqualTo(utf8(jdks.toString()));
    }

    @Test
    void escapesMarkupInTextAndAttributes() throws XMLStreamException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SvgMarkupWriter xml = new SvgMarkupWriter(out);
        xml.writeStartElement("g");
        xml.writeAttribute("data-n", "a<b>&\"c\"");
        xml.writeStartElement("title");
        xml.writeCharacters("x<y> & \"z\"");
        xml.writeEndElement();
        xml.writeEmptyElement("rect");
        xml.writeAttribute("x", "1");
        xml.writeEndDocument();
        xml.flush();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("<g data-n=\"a&lt;b&gt;&amp;&quot;c&quot;\"><title>x&lt;y&gt; &amp; \"z\"</title>"
                + "<rect x=\"1\"/></g>");
    }

    @Test
    void refusesCdataThatWouldEndEarlyAndAttributesOutsideAStartTag() throws XMLStreamException {
        SvgMarkupWriter xml = new SvgMarkupWriter(new ByteArrayOutputStream());
        assertThatThrownBy(() -> xml.writeCData("a]]>b")).isInstanceOf(XMLStreamException.class);
        xml.writeStartElement("g");
        xml.writeCharacters("t");
        assertThatThrownBy(() -> xml.writeAttribute("x", "1")).isInstanceOf(XMLStreamException.class);
    }

    /** A random document made of the calls SvgDocumentWriter makes. */
    private static void write(XMLStreamWriter xml, Random random) throws XMLStreamException {
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeStartElement("svg");
        xml.writeDefaultNamespace("http://www.w3.org/2000/svg");
        int depth = 1;
        int steps = 1 + random.nextInt(40);
        boolean attributesAllowed = true;
        for (int i = 0; i < steps; i++) {
            int what = random.nextInt(7);
            if (what == 0) {
                xml.writeStartElement(random.nextBoolean() ? "g" : "text");
                depth++;
                attributesAllowed = true;
            } else if (what == 1) {
                xml.writeEmptyElement("rect");
                attributesAllowed = true;
            } else if (what == 2 && attributesAllowed) {
                xml.writeAttribute(random.nextBoolean() ? "id" : "data-b", text(random));
            } else if (what == 3) {
                xml.writeCharacters(text(random));
                attributesAllowed = false;
            } else if (what == 4) {
                String data = text(random).replace("]]>", "");
                xml.writeCData(data);
                attributesAllowed = false;
            } else if (what == 5 && depth > 1) {
                xml.writeEndElement();
                depth--;
                attributesAllowed = false;
            } else if (what == 6) {
                xml.writeCharacters("\n");
                attributesAllowed = false;
            }
        }
        if (random.nextBoolean()) {
            while (depth-- > 0) {
                xml.writeEndElement();
            }
        }
        xml.writeEndDocument();
        xml.flush();
        xml.close();
    }

    /** The bytes the renderer wrote before: the JDK writer's text through a buffered UTF-8 OutputStreamWriter. */
    private static byte[] utf8(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Writer writer = new java.io.BufferedWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), 1 << 16);
        writer.write(text);
        writer.flush();
        return bytes.toByteArray();
    }

    private static String text(Random random) {
        StringBuilder sb = new StringBuilder();
        int n = random.nextInt(12);
        for (int i = 0; i < n; i++) {
            sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }
}
