package dev.flamediff.render.png;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.render.RenderOptions;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** A diff rendered both as SVG (parsed, for frame positions) and as PNG (decoded, for pixels). */
record RenderedGraph(Document svg, byte[] png, BufferedImage image) {

    static RenderedGraph of(DiffTree diff, RenderOptions options) throws Exception {
        String text = PngRendererTest.svg(diff, options);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        byte[] png = PngRendererTest.render(diff, options);
        return new RenderedGraph(doc, png, ImageIO.read(new ByteArrayInputStream(png)));
    }

    int svgWidth() {
        return Integer.parseInt(svg.getDocumentElement().getAttribute("width"));
    }

    int svgHeight() {
        return Integer.parseInt(svg.getDocumentElement().getAttribute("height"));
    }

    /** Returns the most common color inside the widest frame whose method is named {@code method}. */
    int fill(String method) {
        Element rect = rect(widest(method));
        double x = Double.parseDouble(rect.getAttribute("x"));
        double y = Double.parseDouble(rect.getAttribute("y"));
        double w = Double.parseDouble(rect.getAttribute("width"));
        double h = Double.parseDouble(rect.getAttribute("height"));
        Map<Integer, Integer> counts = new HashMap<>();
        // The interior only: the outline and anti-aliased edges blend with the neighbours.
        for (int px = (int) Math.ceil(x) + 2; px < (int) Math.floor(x + w) - 2; px++) {
            for (int py = (int) Math.ceil(y) + 2; py < (int) Math.floor(y + h) - 2; py++) {
                counts.merge(image.getRGB(px, py) & 0xffffff, 1, Integer::sum);
            }
        }
        return counts.entrySet().stream().max(Map.Entry.comparingByValue())
                .orElseThrow(() -> new AssertionError(method + " is too narrow to sample")).getKey();
    }

    /** Returns the fill the SVG declares for the widest frame whose method is named {@code method}. */
    int declaredFill(String method) {
        return Integer.parseInt(rect(widest(method)).getAttribute("fill").substring(1), 16);
    }

    private Element widest(String method) {
        Element best = null;
        double bestWidth = -1;
        NodeList gs = svg.getElementsByTagNameNS("*", "g");
        for (int i = 0; i < gs.getLength(); i++) {
            Element g = (Element) gs.item(i);
            if (!g.getAttribute("id").matches("f\\d+")) {
                continue;
            }
            String name = g.getElementsByTagNameNS("*", "title").item(0).getTextContent().split("\n", -1)[0];
            String simple = name.substring(Math.max(name.lastIndexOf('.'), name.lastIndexOf('/')) + 1);
            double width = Double.parseDouble(rect(g).getAttribute("width"));
            if (simple.equals(method) && width > bestWidth) {
                best = g;
                bestWidth = width;
            }
        }
        if (best == null) {
            throw new AssertionError("no frame named " + method);
        }
        return best;
    }

    private static Element rect(Element g) {
        return (Element) g.getElementsByTagNameNS("*", "rect").item(0);
    }
}
