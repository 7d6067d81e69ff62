package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.ReaderNotes;
import dev.flamediff.render.RenderOptions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The header line with the readers' notes: losses of both sides first, each keeping a share of
 * the cut line, the whole text in its tooltip, inert whatever the notes say.
 */
class SvgNotesLineTest {

    private static final String DROPPED = " events were dropped: their fields run past the size the event declares"
            + " (a damaged event, or a layout the parser does not know)";
    private static final String EVENT = "event cpu (the recording's default): 584 jdk.ExecutionSample events, read by"
            + " the flamediff parser";

    private static Profile profile(String source, ProfileMetadata metadata) throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        b.addStack(List.of(Frame.of("main"), Frame.of("work")), 10);
        return new Profile(b.build(), metadata.withSource(source));
    }

    private static DiffTree diff(ProfileMetadata base, ProfileMetadata head) throws Exception {
        return SvgTestSupport.diff(profile("base.jfr", base), profile("head.jfr", head));
    }

    private static Element notes(DiffTree diff) {
        Document doc = SvgTestSupport.parse(SvgTestSupport.render(diff, RenderOptions.DEFAULT));
        return SvgTestSupport.byId(doc, "notes");
    }

    private static String shown(Element notes) {
        // The text after the tooltip.
        return notes.getLastChild().getTextContent();
    }

    private static ProfileMetadata jfr() {
        return ProfileMetadata.of("x", "jfr", "cpu");
    }

    @Test
    void headsLossLeadsBeforeBasesNotesThatOnlyInform() throws Exception {
        ProfileMetadata base = jfr().withNote(EVENT).withNote("also in the recording: alloc (5677 events), lock"
                + " (129 events), wall (650 events)");
        ProfileMetadata head = jfr().withNote(EVENT).withLoss(59 + DROPPED);
        Element notes = notes(diff(base, head));
        assertThat(shown(notes)).startsWith("notes: head: 59 events were dropped").hasSize(NotesLine.LOSS_MAX_CHARS);
        assertThat(notes.getAttribute("class")).isEqualTo("warn");
        assertThat(SvgTestSupport.child(notes, "title").getTextContent()).isEqualTo("notes: head: 59" + DROPPED
                + " \u00b7 base: " + EVENT + " \u00b7 base: also in the recording: alloc (5677 events), lock (129 events),"
                + " wall (650 events) \u00b7 head: " + EVENT);
    }

    @Test
    void lossesOfBothSidesThatDoNotFitEachKeepTheirCount() throws Exception {
        String cut = "read 1 of 2 chunks; the recording was cut at byte 500000, inside chunk 2 (bytes 307428 to 678782)";
        ProfileMetadata base = jfr().withLoss(cut).withLoss(7 + DROPPED).withNote(EVENT);
        ProfileMetadata head = jfr().withNote(EVENT).withLoss(59 + DROPPED);
        String shown = shown(notes(diff(base, head)));
        assertThat(shown).hasSizeLessThanOrEqualTo(NotesLine.LOSS_MAX_CHARS)
                .startsWith("notes: base: read 1 of 2 chunks")
                .contains(" \u00b7 base: 7 events were dropped", " \u00b7 head: 59 events were dropped")
                .doesNotContain("event cpu");
    }

    @Test
    void notesThatOnlyInformAreGreyAndCutWithAnEllipsis() throws Exception {
        ProfileMetadata base = jfr().withNote(EVENT).withNote("x".repeat(300));
        Element notes = notes(diff(base, jfr()));
        assertThat(notes.getAttribute("class")).isEqualTo("sub");
        assertThat(shown(notes)).startsWith("notes: base: event cpu").endsWith("\u2026").hasSize(NotesLine.MAX_CHARS);
    }

    @Test
    void withoutNotesThereIsNoLine() throws Exception {
        assertThat(SvgTestSupport.render(diff(jfr(), jfr()), RenderOptions.DEFAULT)).doesNotContain("id=\"notes\"");
    }

    @Test
    void hostileNotesStayText() throws Exception {
        String hostile = "</title></text><script>alert(1)</script> ]]> \u202e\u0007 \ud83d\udd25";
        ProfileMetadata base = jfr().withLoss("lost " + hostile);
        ProfileMetadata head = jfr().withNote("note " + hostile);
        String svg = SvgTestSupport.render(diff(base, head), RenderOptions.DEFAULT);
        Document doc = SvgTestSupport.parse(svg);
        assertThat(doc.getElementsByTagName("script").getLength()).isEqualTo(1);
        Element notes = SvgTestSupport.byId(doc, "notes");
        assertThat(notes.getElementsByTagName("*").getLength()).isEqualTo(1);
        assertThat(notes.getTextContent()).contains("<script>alert(1)</script> ]]>").doesNotContain("\u202e", "\u0007")
                .contains("\ud83d\udd25");
    }

    @Test
    void sharesNeverSplitASurrogatePairAndFillTheBudget() {
        List<String> cut = NotesLine.shares(List.of("\ud83d\udd25".repeat(100), "short", "y".repeat(300)), 120);
        assertThat(cut.get(1)).isEqualTo("short");
        assertThat(String.join(" \u00b7 ", cut)).hasSizeLessThanOrEqualTo(120)
                .doesNotContainPattern("[\ud800-\udbff](?![\udc00-\udfff])");
        assertThat(cut.get(0)).endsWith("\u2026");
        assertThat(cut.get(2)).endsWith("\u2026").hasSizeGreaterThan(50);
    }

    @Test
    void theNotesOfOneThreeColumnFileAreSaidOnce() throws Exception {
        ProfileMetadata both = ProfileMetadata.of("diff.folded", "collapsed", "samples").withNote("3-column stacks");
        DiffTree diff = SvgTestSupport.diff(profile("diff.folded", both), profile("diff.folded",
                both.withNote("--include x kept 1 of 2 samples")));
        assertThat(ReaderNotes.of(diff).lines()).containsExactly("base and head: 3-column stacks",
                "head: --include x kept 1 of 2 samples");
    }
}
