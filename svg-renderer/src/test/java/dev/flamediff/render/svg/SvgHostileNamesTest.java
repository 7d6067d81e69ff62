package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Frame names, file names and titles are untrusted: they must come out as inert text. */
class SvgHostileNamesTest {

    private static final List<String> HOSTILE = List.of(
            "<script>alert(1)</script>",
            "</text></g><script>alert(2)</script>",
            "a]]>b<![CDATA[c",
            "quote\"apos'amp&lt;",
            "ctrl\u0000\u0001\u0008\u000b\u001f\u007f\u0085end",
            "tab\tnew\nline\rcr",
            "lone\ud800high and low\udc00",
            "pair \ud83d\udd25 ok",
            "bidi \u202eesrever\u202c \u2067iso\u2069",
            "noncharacter \ufffe\uffff",
            "javascript:alert(3)",
            "onload=alert(4)");

    private DiffTree hostileDiff(String source) {
        CallTreeBuilder base = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        CallTreeBuilder head = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        try {
            for (int i = 0; i < HOSTILE.size(); i++) {
                List<Frame> stack = List.of(Frame.of("root " + HOSTILE.get(i)), Frame.of(HOSTILE.get(i)));
                base.addStack(stack, 10 + i);
                head.addStack(stack, 20 + 2 * i);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return SvgTestSupport.diff(new Profile(base.build(), ProfileMetadata.of(source, "collapsed", "<b>cpu</b>")),
                new Profile(head.build(), ProfileMetadata.of("head\u0000.txt", "collapsed", "cpu")));
    }

    @Test
    void hostileNamesGiveAWellFormedDocumentWithOnlyOurScript() {
        String svg = SvgTestSupport.render(hostileDiff("<script>evil()</script>.collapsed"),
                RenderOptions.DEFAULT.withTitle("]]><script>alert('t')</script>").withMinWidth(0));
        Document doc = SvgTestSupport.parse(svg);
        NodeList scripts = doc.getElementsByTagName("script");
        assertThat(scripts.getLength()).isEqualTo(1);
        assertThat(scripts.item(0).getTextContent()).doesNotContain("alert");
        // The only foreign content is the renderer's: the search box (no text) and the function
        // list, whose names are character data.
        NodeList foreign = doc.getElementsByTagName("foreignObject");
        assertThat(foreign.getLength()).isEqualTo(2);
        assertThat(((Element) foreign.item(0)).getAttribute("id")).isEqualTo("fn-list");
        assertThat(((Element) foreign.item(1)).getAttribute("id")).isEqualTo("search-box");
        assertThat(foreign.item(1).getTextContent()).isEmpty();
        NodeList inside = ((Element) foreign.item(0)).getElementsByTagName("*");
        for (int i = 0; i < inside.getLength(); i++) {
            assertThat(inside.item(i).getNodeName()).isIn("div", "span", "input", "table", "thead", "tbody", "tr", "th", "td");
        }
        NodeList all = doc.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            for (int a = 0; a < e.getAttributes().getLength(); a++) {
                String attr = e.getAttributes().item(a).getNodeName();
                assertThat(attr).doesNotStartWith("on");
                assertThat(e.getAttributes().item(a).getNodeValue()).doesNotContain("alert");
            }
        }
        assertThat(SvgTestSupport.byId(doc, "title").getTextContent()).isEqualTo("]]><script>alert('t')</script>");
        assertThat(SvgTestSupport.byId(doc, "subtitle").getTextContent()).contains("<script>evil()</script>.collapsed");
    }

    @Test
    void namesAreShownAsTextWithUnsafeCharactersReplaced() {
        Document doc = SvgTestSupport.parse(SvgTestSupport.render(hostileDiff("b"), RenderOptions.DEFAULT.withMinWidth(0)));
        Set<String> names = SvgTestSupport.frames(doc).stream().map(SvgTestSupport::name).collect(Collectors.toSet());
        assertThat(names).contains(
                "<script>alert(1)</script>",
                "</text></g><script>alert(2)</script>",
                "a]]>b<![CDATA[c",
                "quote\"apos'amp&lt;",
                "ctrl\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffdend",
                "tab\ufffdnew\ufffdline\ufffdcr",
                "lone\ufffdhigh and low\ufffd",
                "pair \ud83d\udd25 ok",
                "bidi \ufffdesrever\ufffd \ufffdiso\ufffd",
                "noncharacter \ufffd\ufffd");
        for (String n : names) {
            for (int i = 0; i < n.length(); i++) {
                char c = n.charAt(i);
                assertThat(c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= '\u202a' && c <= '\u202e')
                        || (c >= '\u2066' && c <= '\u2069')).as("char %04x in %s", (int) c, n).isFalse();
            }
        }
    }

    @Test
    void truncatedLabelsNeverSplitASurrogatePair() {
        String name = "\ud83d\udd25".repeat(40);
        assertThat(SafeText.fit(name, 60)).isEqualTo("\u2026" + "\ud83d\udd25".repeat(6));
        String svg = SvgTestSupport.render(SvgTestSupport.diff(new String[] {name + ";x 1", "y 9"},
                new String[] {name + ";x 1", "y 9"}), RenderOptions.DEFAULT.withMinWidth(0));
        assertThat(svg).doesNotContainPattern("[\ud800-\udbff](?![\udc00-\udfff])");
    }
}
