package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.util.Random;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.junit.jupiter.api.Test;

/** {@link SvgMarkupWriter} writes what the JDK's XML writer writes for the calls the SVG makes. */
class SvgMarkupWriterTest {

    private static final String ALPHABET = "ab &<>\"'\n\t;$.:\u2192\u0394\u00e9\uFFFD]]";

    @Test
    void writesTheJdkWritersBytesForRandomDocuments() throws XMLStreamException {
        Random random = new Random(20261201);
        for (int doc = 0; doc < 500; doc++) {
            long seed = random.nextLong();
            StringWriter ours = new StringWriter();
            StringWriter jdks = new StringWriter();
            write(new SvgMarkupWriter(ours), new Random(seed));
            write(XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(jdks), new Random(seed));
            assertThat(ours.toString()).as("document of seed %d", seed).isEqualTo(jdks.toString());
        }
    }

    @Test
    void escapesMarkupInTextAndAttributes() throws XMLStreamException {
        StringWriter out = new StringWriter();
        SvgMarkupWriter xml = new SvgMarkupWriter(out);
        xml.writeStartElement("g");
        xml.writeAttribute("data-n", "a<b>&\"c\"");
        xml.writeStartElement("title");
        xml.writeCharacters("x<y> & \"z\"");
        xml.writeEndElement();
        xml.writeEmptyElement("rect");
        xml.writeAttribute("x", "1");
        xml.writeEndDocument();
        assertThat(out).hasToString("<g data-n=\"a&lt;b&gt;&amp;&quot;c&quot;\"><title>x&lt;y&gt; &amp; \"z\"</title>"
                + "<rect x=\"1\"/></g>");
    }

    @Test
    void refusesCdataThatWouldEndEarlyAndAttributesOutsideAStartTag() throws XMLStreamException {
        SvgMarkupWriter xml = new SvgMarkupWriter(new StringWriter());
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

    private static String text(Random random) {
        StringBuilder sb = new StringBuilder();
        int n = random.nextInt(12);
        for (int i = 0; i < n; i++) {
            sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }
}
