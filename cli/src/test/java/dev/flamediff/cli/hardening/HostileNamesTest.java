package dev.flamediff.cli.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.TreeLimits;
import dev.flamediff.model.ValueType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.NodeList;

/**
 * Frame names chosen by whoever wrote the code under test, through every text renderer: markup,
 * quotes, CDATA ends, every C0 control and DEL, bidirectional overrides, lone surrogates, a
 * 100 kB name, and invalid UTF-8 bytes in collapsed input. The SVG parses as XML, adds no element
 * or attribute a benign graph lacks and shows the name as text; the JSON parses and keeps the
 * names; the Markdown has no raw tag, no broken table row and no control or bidi character; the
 * collapsed output keeps one line per stack, and names with spaces read back unchanged.
 */
class HostileNamesTest {

    static final String SCRIPT = "<script>alert(1)</script>";
    static final String CONTROLS;
    static {
        StringBuilder b = new StringBuilder("ctl");
        for (char c = 0; c < 0x20; c++) {
            b.append(c);
        }
        CONTROLS = b.append('\u007f').append("end").toString();
    }

    static final List<String> NAMES = List.of(
            SCRIPT,
            "\"><img src=x onerror=alert(2)>",
            "quote's \"double\" `back` &amp; &lt;",
            "cdata ]]> end <![CDATA[ x",
            "<?xml-stylesheet href=\"evil\"?> <!-- comment --> <!DOCTYPE x>",
            CONTROLS,
            "bidi \u202Egnp.exe and \u2066isolate\u2069 \u200F",
            "lone \uD800 high and \uDC00 low",
            "| pipe | in | table |",
            "[link](javascript:alert(3)) ![img](x) *em* _u_ ~~s~~ # h",
            "{{constructor.constructor('alert(4)')()}} ${x}",
            "x".repeat(50_000) + SCRIPT + "y".repeat(50_000));

    private static Profile profile(String source, List<String> names, long weight) throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES), TreeLimits.NONE);
        int i = 0;
        for (String name : names) {
            b.addStack(List.of(Frame.of("main"), Frame.of(name)), weight + i++);
            b.addStack(List.of(Frame.of("main"), Frame.of(name), Frame.of("leaf " + name)), 3);
        }
        b.addStack(List.of(Frame.of("main"), Frame.of("benign")), 10);
        return new Profile(b.build(), ProfileMetadata.of(source, "collapsed", "cpu"));
    }

    private static DiffTree hostileDiff() throws Exception {
        // Half the names only in base (removed), half only in head (added), all changed in both.
        Profile base = profile("base <script>.jfr", NAMES.subList(0, 8), 5);
        Profile head = profile("head \"quoted\".jfr", NAMES, 9);
        return Diffs.diff(base, head, DiffOptions.DEFAULT);
    }

    private static DiffTree benignDiff() throws Exception {
        // Large enough for a culprit, so the benign graph has everything a graph can have.
        Profile base = profile("base", List.of("a", "b"), 400);
        Profile head = profile("head", List.of("a", "b", "c"), 400);
        return Diffs.diff(base, head, DiffOptions.DEFAULT);
    }

    @Test
    void theSvgParsesAddsNothingExecutableAndShowsTheNamesAsText() throws Exception {
        Document hostile = OutputChecks.checkSvg(OutputChecks.render(hostileDiff(), "svg"));
        Document benign = OutputChecks.checkSvg(OutputChecks.render(benignDiff(), "svg"));
        assertThat(elementAndAttributeNames(hostile)).isSubsetOf(elementAndAttributeNames(benign));
        String text = hostile.getDocumentElement().getTextContent();
        assertThat(text).contains(SCRIPT, "\"><img src=x onerror=alert(2)>", "cdata ]]> end", "| pipe | in | table |");
        assertThat(text).as("bidi overrides are neutralized").doesNotContain("\u202E", "\u2066");
        // The renderer's one script must not carry a name: names live in text nodes and attributes only.
        NodeList scripts = hostile.getElementsByTagNameNS("*", "script");
        for (int i = 0; i < scripts.getLength(); i++) {
            assertThat(scripts.item(i).getTextContent()).doesNotContain("alert(");
        }
    }

    @Test
    void theJsonParsesAndKeepsEveryNameThatJsonCanHold() throws Exception {
        JsonNode json = OutputChecks.checkJson(OutputChecks.render(hostileDiff(), "json"));
        Set<String> strings = new TreeSet<>();
        collectStrings(json, strings);
        for (String name : NAMES) {
            if (!name.startsWith("lone")) {
                // Names past the outputs' cap are kept up to it, with the count of what was cut.
                String kept = name.substring(0, Math.min(name.length(), dev.flamediff.render.OutputNames.MAX_CHARS));
                assertThat(strings).as("JSON strings").anyMatch(s -> s.equals(name) || s.endsWith(name)
                        || name.length() > kept.length() && s.startsWith(kept));
            }
        }
    }

    @Test
    void theMarkdownHasNoRawTagNoBrokenRowAndNoBidiOrControlCharacter() throws Exception {
        byte[] bytes = OutputChecks.render(hostileDiff(), "markdown");
        String text = OutputChecks.strictUtf8(bytes);
        OutputChecks.checkMarkdown(text);
        // Names are in code spans, where Markdown shows markup as text; outside them none is left.
        assertThat(OutputChecks.outsideCode(text)).doesNotContain("<script", "<img", "]]>", "javascript:");
        assertThat(text).doesNotContain("\u202E", "\u2066", "\u2069");
    }

    @Test
    void theCollapsedOutputKeepsOneLinePerStack() throws Exception {
        DiffTree diff = hostileDiff();
        String text = OutputChecks.strictUtf8(OutputChecks.render(diff, "collapsed"));
        OutputChecks.checkCollapsed(text);
        assertThat(text.lines()).hasSize(2 * NAMES.size() + 1);
    }

    @Test
    void namesWithSpacesRoundTripThroughCollapsedOutput() throws Exception {
        String input = "main;Foo bar baz.run;with  two  spaces 5\nmain;tab\there 2\nmain;trailing space ;x 1\n";
        Profile base = Profiles.read("base", new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                ReadOptions.DEFAULT);
        DiffTree diff = Diffs.diff(base, base, DiffOptions.DEFAULT);
        String out = OutputChecks.strictUtf8(OutputChecks.render(diff, "collapsed"));
        Map<String, String> stacks = new TreeMap<>();
        for (String line : out.split("\n")) {
            int head = line.lastIndexOf(' ');
            int base2 = line.lastIndexOf(' ', head - 1);
            stacks.put(line.substring(0, base2), line.substring(base2 + 1));
        }
        assertThat(stacks).containsEntry("main;Foo bar baz.run;with  two  spaces", "5 5")
                .containsEntry("main;trailing space ;x", "1 1");
        assertThat(stacks.keySet()).anyMatch(s -> s.startsWith("main;tab"));
    }

    @Test
    void invalidUtf8InCollapsedInputBecomesValidTextInEveryOutput() throws Exception {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        in.writeBytes("main;bad ".getBytes(StandardCharsets.US_ASCII));
        in.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xFE, (byte) 0xC0, (byte) 0xAF, (byte) 0xED, (byte) 0xA0,
            (byte) 0x80, (byte) 0xE2, (byte) 0x82});
        in.writeBytes(";<script>x</script> 4\nmain;ok 1\n".getBytes(StandardCharsets.US_ASCII));
        Profile head = Profiles.read("head", new ByteArrayInputStream(in.toByteArray()), ReadOptions.DEFAULT);
        Profile base = Profiles.read("base", new ByteArrayInputStream("main;ok 2\n".getBytes(StandardCharsets.US_ASCII)),
                ReadOptions.DEFAULT);
        OutputChecks.renderAndCheck(Diffs.diff(base, head, DiffOptions.DEFAULT));
    }

    private static Set<String> elementAndAttributeNames(Document doc) {
        Set<String> names = new TreeSet<>();
        NodeList all = doc.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            names.add("<" + e.getLocalName());
            NamedNodeMap attributes = e.getAttributes();
            for (int a = 0; a < attributes.getLength(); a++) {
                names.add(e.getLocalName() + "@" + attributes.item(a).getNodeName());
            }
        }
        return names;
    }

    private static void collectStrings(JsonNode node, Set<String> out) {
        if (node.isTextual()) {
            out.add(node.textValue());
        }
        for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
            collectStrings(it.next(), out);
        }
    }
}
