package dev.flamediff.render.svg;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.testkit.FoldedProfiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Builds diffs from folded stack lines and parses rendered graphs, for the SVG tests. */
final class SvgTestSupport {

    private SvgTestSupport() {
    }

    /** Returns the diff of two sample-count profiles given as folded lines. */
    static DiffTree diff(String[] base, String[] head) {
        return diff(FoldedProfiles.profile("base.collapsed", ValueType.SAMPLES, base),
                FoldedProfiles.profile("head.collapsed", ValueType.SAMPLES, head));
    }

    /** Returns the diff of two profiles with default options. */
    static DiffTree diff(Profile base, Profile head) {
        try {
            return Diffs.diff(base, head, DiffOptions.DEFAULT);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The diff of the fixture program's shape: parseRecords slower, computeChecksum faster,
     * compressBlock only in head, validate only in base, sortRecords unchanged.
     */
    static DiffTree fixtureLike() {
        String[] base = {
            "Thread.run;Main.main;Worker.run;Parser.parseRecords@JIT 300",
            "Thread.run;Main.main;Worker.run;Checksum.computeChecksum@JIT 200",
            "Thread.run;Main.main;Worker.run;Sorter.sortRecords;Sorter.lambda$sortRecords$0@INLINED 150",
            "Thread.run;Main.main;Worker.run;Validator.validate 40",
            "Thread.run;Main.main;Worker.run 10",
            "libjvm.so;GCTaskThread::run@CPP 25",
        };
        String[] head = {
            "Thread.run;Main.main;Worker.run;Parser.parseRecords@JIT 330",
            "Thread.run;Main.main;Worker.run;Parser.parseRecords@JIT;Parser.parseRecordsSlow@JIT 240",
            "Thread.run;Main.main;Worker.run;Checksum.computeChecksum@JIT 60",
            "Thread.run;Main.main;Worker.run;Sorter.sortRecords;Sorter.lambda$sortRecords$0@INLINED 150",
            "Thread.run;Main.main;Worker.run;Compressor.compressBlock@JIT 120",
            "Thread.run;Main.main;Worker.run 10",
            "libjvm.so;GCTaskThread::run@CPP 30",
        };
        return diff(base, head);
    }

    /** Returns a random diff: two random trees over a shared small frame vocabulary. */
    static DiffTree random(long seed) {
        Random r = new Random(seed);
        int vocabulary = 3 + r.nextInt(8);
        String[][] sides = new String[2][];
        for (int s = 0; s < 2; s++) {
            int stacks = 1 + r.nextInt(40);
            sides[s] = new String[stacks];
            for (int i = 0; i < stacks; i++) {
                int depth = 1 + r.nextInt(7);
                StringBuilder sb = new StringBuilder();
                for (int d = 0; d < depth; d++) {
                    sb.append(d == 0 ? "" : ";").append("f").append(r.nextInt(vocabulary));
                }
                // Many small counts so that some frames fall under the minimum width.
                long count = r.nextInt(5) == 0 ? 1 + r.nextInt(2000) : r.nextInt(4);
                sides[s][i] = sb.append(' ').append(count).toString();
            }
        }
        return diff(sides[0], sides[1]);
    }

    /** Returns the rendered graph as a string. */
    static String render(DiffTree diff, RenderOptions options) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new SvgRenderer().render(diff, options, out);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Parses the SVG with the JDK's DOM parser (namespace-aware); fails on malformed XML. */
    static Document parse(String svg) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError("not well-formed: " + e.getMessage(), e);
        }
    }

    /** Returns the frame groups ({@code #frames > g}) in document order. */
    static List<Element> frames(Document doc) {
        Element frames = byId(doc, "frames");
        List<Element> out = new ArrayList<>();
        NodeList kids = frames.getChildNodes();
        for (int i = 0; i < kids.getLength(); i++) {
            if (kids.item(i) instanceof Element e && e.getTagName().equals("g")) {
                out.add(e);
            }
        }
        return out;
    }

    /** Returns the element with the id, or fails. */
    static Element byId(Document doc, String id) {
        NodeList all = doc.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (id.equals(e.getAttribute("id"))) {
                return e;
            }
        }
        throw new AssertionError("no element with id " + id);
    }

    /** Returns the first child element with the tag. */
    static Element child(Element parent, String tag) {
        return (Element) parent.getElementsByTagName(tag).item(0);
    }

    /** Returns the tooltip of a frame group. */
    static String tooltip(Element g) {
        return child(g, "title").getTextContent();
    }

    /** Returns the frame's full name: the first line of its tooltip. */
    static String name(Element g) {
        return tooltip(g).split("\n", -1)[0];
    }

    static double x(Element g) {
        return Double.parseDouble(child(g, "rect").getAttribute("x"));
    }

    static double width(Element g) {
        return Double.parseDouble(child(g, "rect").getAttribute("width"));
    }

    static int depth(Element g) {
        return Integer.parseInt(g.getAttribute("data-d"));
    }

    /** Returns the index (in {@code frames}) of each frame's parent, from the depths; -1 for the root. */
    static int[] parents(List<Element> frames) {
        int[] parent = new int[frames.size()];
        int[] stack = new int[frames.size() + 1];
        for (int i = 0; i < frames.size(); i++) {
            int d = depth(frames.get(i));
            parent[i] = d == 0 ? -1 : stack[d - 1];
            stack[d] = i;
        }
        return parent;
    }
}
