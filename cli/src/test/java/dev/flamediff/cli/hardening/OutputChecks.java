package dev.flamediff.cli.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.Renderers;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Renders a diff in every text format and checks each output is well-formed: the SVG parses as
 * XML with one script (the renderer's own), the JSON parses, the Markdown has no raw HTML tag
 * but the renderer's own and its table rows keep their column count, and each collapsed line
 * ends in two counts.
 */
final class OutputChecks {

    /** The formats checked; PNG is a raster of the SVG and has no text to inject into. */
    static final List<String> FORMATS = List.of("svg", "json", "markdown", "collapsed");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TAG = Pattern.compile("</?([A-Za-z][A-Za-z0-9-]*)");
    private static final List<String> MARKDOWN_TAGS = List.of("code", "details", "summary", "br", "wbr", "sub", "sup", "b",
            "i", "em", "strong", "p", "table", "tr", "td", "th");
    private static final Pattern COLLAPSED_LINE = Pattern.compile(".+ -?\\d+ -?\\d+");

    private OutputChecks() {
    }

    /** Renders with the renderer of the format (as the CLI names it) and returns the bytes. */
    static byte[] render(DiffTree diff, String format) throws IOException {
        DiffRenderer renderer = Renderers.byFormat(format).orElseThrow();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        renderer.render(diff, RenderOptions.DEFAULT, out);
        return out.toByteArray();
    }

    /** Renders every format and checks each; returns the outputs, in {@link #FORMATS} order. */
    static List<byte[]> renderAndCheck(DiffTree diff) throws IOException {
        List<byte[]> outputs = new java.util.ArrayList<>();
        for (String format : FORMATS) {
            byte[] bytes = render(diff, format);
            check(format, bytes);
            outputs.add(bytes);
        }
        return outputs;
    }

    static void check(String format, byte[] bytes) throws IOException {
        String text = strictUtf8(bytes);
        switch (format) {
            case "svg" -> checkSvg(bytes);
            case "json" -> checkJson(bytes);
            case "markdown" -> checkMarkdown(text);
            case "collapsed" -> checkCollapsed(text);
            default -> throw new IllegalArgumentException(format);
        }
    }

    /** Returns the text, failing when the bytes are not valid UTF-8 (a lone surrogate written out, say). */
    static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new AssertionError("output is not valid UTF-8: " + e, e);
        }
    }

    static Document checkSvg(byte[] bytes) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            Document doc = builder.parse(new ByteArrayInputStream(bytes));
            NodeList scripts = doc.getElementsByTagNameNS("*", "script");
            assertThat(scripts.getLength()).as("script elements in the SVG").isLessThanOrEqualTo(1);
            // The only foreign content is the renderer's own: the search box and the function list,
            // XHTML of a few elements with no event attributes.
            NodeList foreign = doc.getElementsByTagNameNS("*", "foreignObject");
            for (int i = 0; i < foreign.getLength(); i++) {
                org.w3c.dom.Element f = (org.w3c.dom.Element) foreign.item(i);
                assertThat(f.getAttribute("id")).as("foreignObject in the SVG").isIn("search-box", "fn-list");
                NodeList inside = f.getElementsByTagNameNS("*", "*");
                for (int k = 0; k < inside.getLength(); k++) {
                    org.w3c.dom.Element e = (org.w3c.dom.Element) inside.item(k);
                    assertThat(e.getLocalName()).as("element in a foreignObject")
                            .isIn("input", "div", "span", "table", "thead", "tbody", "tr", "th", "td");
                    for (int a = 0; a < e.getAttributes().getLength(); a++) {
                        assertThat(e.getAttributes().item(a).getNodeName()).doesNotStartWith("on");
                    }
                }
            }
            return doc;
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new AssertionError("SVG is not well-formed XML: " + e.getMessage(), e);
        }
    }

    static JsonNode checkJson(byte[] bytes) {
        try {
            return JSON.readTree(bytes);
        } catch (IOException e) {
            throw new AssertionError("JSON does not parse: " + e.getMessage(), e);
        }
    }

    static void checkMarkdown(String text) {
        // Names are shown in code spans and fenced blocks, where Markdown shows markup as text.
        Matcher m = TAG.matcher(outsideCode(text));
        while (m.find()) {
            assertThat(MARKDOWN_TAGS).as("HTML tag <%s> in the Markdown", m.group(1)).contains(m.group(1).toLowerCase());
        }
        int columns = -1;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("|")) {
                int pipes = (int) line.replace("\\|", "").chars().filter(c -> c == '|').count();
                if (columns < 0) {
                    columns = pipes;
                }
                assertThat(pipes).as("pipes in table row %s", line).isEqualTo(columns);
            } else {
                columns = -1;
            }
            assertThat(line).as("control characters in the Markdown").doesNotContainPattern("[\\x00-\\x08\\x0b-\\x1f\\x7f]");
        }
    }

    /** The Markdown without its fenced code blocks and code spans. */
    static String outsideCode(String text) {
        StringBuilder out = new StringBuilder();
        String fence = null;
        for (String line : text.split("\n", -1)) {
            if (fence != null) {
                if (line.equals(fence)) {
                    fence = null;
                }
                continue;
            }
            Matcher open = Pattern.compile("^(`{3,})").matcher(line);
            if (open.find()) {
                fence = open.group(1);
                continue;
            }
            out.append(CODE_SPAN.matcher(line).replaceAll("")).append('\n');
        }
        return out.toString();
    }

    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(?!`).*?(?<!`)\\1(?!`)");

    static void checkCollapsed(String text) {
        for (String line : text.split("\n")) {
            if (!line.isEmpty()) {
                assertThat(line).as("collapsed line").matches(COLLAPSED_LINE);
            }
        }
    }
}
