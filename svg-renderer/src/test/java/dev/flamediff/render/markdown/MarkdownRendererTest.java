package dev.flamediff.render.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.testkit.Goldens;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.diff.Normalization;
import dev.flamediff.diff.RunVariation;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.ReportOptions;
import dev.flamediff.render.Renderers;
import dev.flamediff.render.collapsed.GoldenDiffs;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownRendererTest {

    private static final String HOSTILE = "Evil|Name`<script>alert(1)</script>&amp;[link](http://x)\n# *bold* _it_ ~s~ @user";

    @Test
    void isRegisteredAsMarkdownForMdFiles() {
        assertThat(Renderers.byFormat("markdown")).get().isInstanceOf(MarkdownRenderer.class);
        assertThat(Renderers.formatForFileName("report.md")).contains("markdown");
    }

    @Test
    void escapesEveryMarkdownAndHtmlCharacter() {
        String escaped = MarkdownText.escape(HOSTILE);

        assertThat(escaped).contains("&#124;", "&#96;", "&#60;script&#62;", "&#38;amp;", "&#91;link&#93;");
        assertThat(escaped.replaceAll("&#[0-9]+;", ""))
                .doesNotContain("|", "`", "<", ">", "[", "]", "(", ")", "\n", "*", "_", "~", "#", "@", "&", "$");
        assertThat(MarkdownText.escape("a\r\nb\u0007")).isEqualTo("a  b&#xFFFD;");
        assertThat(MarkdownText.escape("java.lang.String.compareTo")).isEqualTo("java.lang.String.compareTo");
    }

    @Test
    void codeSpansCannotBeClosedFromInsideAndPipesStayInTheirCell() {
        assertThat(MarkdownText.span("Foo.bar")).isEqualTo("`Foo.bar`");
        assertThat(MarkdownText.span("a`b")).isEqualTo("``a`b``");
        assertThat(MarkdownText.span("`x``")).isEqualTo("``` `x`` ```");
        assertThat(MarkdownText.span("a|b")).isEqualTo("`a|b`");
        assertThat(MarkdownText.cell("a|b")).isEqualTo("`a\\|b`");
        assertThat(MarkdownText.span("a\nb\u202Ec")).isEqualTo("`a b\uFFFDc`");
        assertThat(MarkdownText.items(List.of("one ```", "two"))).isEqualTo("- ```` one ``` ````\n- `two`\n");
    }

    @Test
    void longNamesInTableCellsWrapAtTheirSeparatorsAndReadAsOne() {
        String method = "org.example.very.deep.pkg.SomeLongClassName$InnerBuilder.buildEverything(int, java.lang.String)";
        String cell = MarkdownText.wrappedCell(method);
        assertThat(cell).isEqualTo("`org.example.very.deep.pkg.`<wbr>`SomeLongClassName$InnerBuilder.`<wbr>"
                + "`buildEverything(int,` `java.lang.String)`".replace("` `", " "));
        // Each span holds at most WRAP characters without a space; without a separator the cut is anywhere.
        assertThat(MarkdownText.wrappedCell("x".repeat(90))).isEqualTo(
                "`" + "x".repeat(40) + "`<wbr>`" + "x".repeat(40) + "`<wbr>`" + "x".repeat(10) + "`");
        assertThat(MarkdownText.wrappedCell("Short.name|x")).isEqualTo(MarkdownText.cell("Short.name|x"));
        // A surrogate pair is never cut in two.
        String emoji = "a".repeat(39) + "\uD83D\uDE00" + "b".repeat(5);
        assertThat(MarkdownText.wrappedCell(emoji)).isEqualTo("`" + "a".repeat(39) + "`<wbr>`\uD83D\uDE00bbbbb`");
    }

    @Test
    void hostileFrameNamesStayInTheirCell() throws Exception {
        CallTreeBuilder base = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        CallTreeBuilder head = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        base.addStack(List.of(Frame.of("main"), Frame.of(HOSTILE)), 10);
        base.addStack(List.of(Frame.of("main"), Frame.of("other")), 1000);
        head.addStack(List.of(Frame.of("main"), Frame.of(HOSTILE)), 20000);
        head.addStack(List.of(Frame.of("main"), Frame.of("other")), 1000);
        DiffTree diff = Diffs.diff(profile(base, "b|a`se"), profile(head, "head"),
                DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withAnyFrame(0.01)));

        String md = render(diff, RenderOptions.DEFAULT.withTitle("nightly [bench]"));

        for (String line : md.split("\n")) {
            if (line.startsWith("| ") && line.contains("Evil")) {
                // 4 pipes in the short table, 5 in the culprits table, 6 in the other details tables: none from the name.
                assertThat(line.replace("\\|", "").chars().filter(c -> c == '|').count()).as(line).isIn(4L, 5L, 6L);
            }
        }
        // The gate failed on the hostile frame: said in the headline, the reason a list item in code.
        String headline = md.substring(0, md.indexOf('\n'));
        assertThat(headline).startsWith("**nightly &#91;bench&#93;**").endsWith("gate: **failed**");
        assertThat(md).contains("**CI gate failed:**\n\n- `");
    }

    @Test
    void reportHasHeadlineShortTableDetailsAndLink() throws Exception {
        DiffTree diff = fixtureDiff(DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL));

        String md = render(diff, RenderOptions.DEFAULT);
        String[] lines = md.split("\n");

        // One line: the culprit first, where its cost went, then the whole profile and what was compared.
        assertThat(lines[0]).startsWith("**flamediff** \u00b7 **Slower: `FixtureApp.parseRecords` +")
                .contains(" of the profile**, now spent in `FixtureApp.splitWithRegex` (new)",
                        " \u00b7 whole profile ", " \u00b7 `samples/count`")
                .doesNotContain("gate");
        assertThat(lines[1]).isEmpty();
        assertThat(md).contains("| Impact | ", " | Base \u2192 head (samples) |",
                "<details>\n<summary>Details: ", "</details>",
                "#### How this was measured", "[Open the interactive flame graph](diff.svg)",
                "`fixture.FixtureApp.computeChecksum`", "`FixtureApp.computeChecksum`");
        String first = md.substring(0, md.indexOf("<details>"));
        assertThat(first).doesNotContain("| p |", "fixture.FixtureApp.");
        assertThat(first.lines().filter(l -> !l.isBlank()).count()).as("lines before the details").isLessThanOrEqualTo(15);
        RunVariation c = diff.significance().runVariationDetails();
        assertThat(c.measured()).isTrue();
        assertThat(md).contains("one run per side: a run-to-run variation of "
                + String.format(java.util.Locale.ROOT, "%.2f%%", 100 * c.value()) + " per node",
                " call paths of this diff", "changes judged against the bulk of the profile, which moved by \u2212");
    }

    /** The headline names what the first table lists first: they come from the same ranking. */
    @Test
    void theHeadlineNamesTheFirstRowOfTheTable() throws Exception {
        String md = render(fixtureDiff(DiffOptions.DEFAULT), RenderOptions.DEFAULT);
        String headline = md.substring(0, md.indexOf('\n'));
        String lead = headline.substring(headline.indexOf("**Slower: "));
        String named = lead.substring(lead.indexOf('`') + 1, lead.indexOf('`', lead.indexOf('`') + 1));
        String firstRow = md.lines().filter(l -> l.startsWith("| \u25b2 ")).findFirst().orElseThrow();
        assertThat(firstRow).contains("`" + named + "`");
        assertThat(md).doesNotContain("no change stands out");
    }

    @Test
    void theLinksGoWhereTheGraphIsPublishedAndTheImageIsEmbedded() throws Exception {
        DiffTree diff = fixtureDiff(DiffOptions.DEFAULT);
        String md = render(diff, RenderOptions.DEFAULT.withReport(ReportOptions.DEFAULT
                .withLink("https://ci.example/run/7/diff.svg").withImage("https://ci.example/run/7/diff (1).png")));
        assertThat(md).contains("[Open the interactive flame graph](https://ci.example/run/7/diff.svg)",
                "[![differential flame graph](https://ci.example/run/7/diff%20%281%29.png)](https://ci.example/run/7/diff.svg)")
                .doesNotContain("replace diff.svg");
        assertThat(render(diff, RenderOptions.DEFAULT)).contains("](diff.svg) <!-- flamediff: replace diff.svg");
    }

    @Test
    void changesBelowTheMinimumImpactAreCountedNotListed() throws Exception {
        DiffTree diff = fixtureDiff(DiffOptions.DEFAULT);
        String all = render(diff, RenderOptions.DEFAULT.withReport(ReportOptions.DEFAULT.withMinImpact(0)));
        String some = render(diff, RenderOptions.DEFAULT.withReport(ReportOptions.DEFAULT.withMinImpact(0.05)));
        assertThat(all).doesNotContain("Not listed: ");
        assertThat(some).containsPattern("Not listed: [0-9]+ changes smaller than 5.00% of the profile");
        assertThat(some.lines().filter(l -> l.startsWith("| ")).count())
                .isLessThan(all.lines().filter(l -> l.startsWith("| ")).count());
        for (String row : some.lines().filter(l -> l.startsWith("| \u25b2 ") || l.startsWith("| \u25bc ")).toList()) {
            double pct = Double.parseDouble(row.substring(4, row.indexOf('%')).replace('\u2212', '-'));
            assertThat(Math.abs(pct)).as(row).isGreaterThanOrEqualTo(5);
        }
    }

    @Test
    void aFixedRunVariationIsCalledAssumed() throws Exception {
        DiffTree diff = fixtureDiff(DiffOptions.DEFAULT.withRunVariation(0.25));

        assertThat(render(diff, RenderOptions.DEFAULT)).contains("one run per side: an assumed 25.00% run-to-run variation");
    }

    @Test
    void aPassedGateIsSaidInTheHeadline() throws Exception {
        DiffTree diff = fixtureDiff(DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL)
                .withGate(GateThresholds.NONE.withAnyFrame(0.5)));

        String md = render(diff, RenderOptions.DEFAULT);

        assertThat(md.substring(0, md.indexOf('\n'))).endsWith("gate: passed");
        assertThat(md).doesNotContain("CI gate failed").contains("- CI gate: passed");
    }

    @Test
    void golden() throws Exception {
        byte[] out = render(GoldenDiffs.small(DiffOptions.DEFAULT), RenderOptions.DEFAULT).getBytes(StandardCharsets.UTF_8);
        Goldens.check("markdown/small-none.md", out);
        // Sampling noise only: the small pair's changes are significant, so the tables and the
        // escaping of its hostile GC frame name show in a golden.
        byte[] tables = render(GoldenDiffs.small(DiffOptions.DEFAULT.withRunVariation(0)), RenderOptions.DEFAULT)
                .getBytes(StandardCharsets.UTF_8);
        Goldens.check("markdown/small-sampling-noise.md", tables);
        byte[] fixture = render(fixtureDiff(DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL)),
                RenderOptions.DEFAULT).getBytes(StandardCharsets.UTF_8);
        Goldens.check("markdown/fixture-base-head-total.md", fixture);
    }

    @Test
    void severalRunsAreDescribedWithTheirVariation() throws Exception {
        List<Profile> base = List.of(run("b1", 1000), run("b2", 1050), run("b3", 980));
        List<Profile> head = List.of(run("h1", 1600), run("h2", 1550), run("h3", 1620));

        String md = render(Diffs.diff(base, head, DiffOptions.DEFAULT), RenderOptions.DEFAULT);

        assertThat(md).contains("- Base: 3 runs (`b1`, `b2`, `b3`), "
                + "run-to-run variation of the total ", "several runs: Welch's t-test");
        assertThat(md.substring(0, md.indexOf('\n'))).contains("(likely real)");
        assertThat(md).contains("**Slower: `slow` ");
    }

    private static Profile run(String source, long slow) throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        b.addStack(List.of(Frame.of("main"), Frame.of("slow")), slow);
        b.addStack(List.of(Frame.of("main"), Frame.of("steady")), 2000);
        b.addStack(List.of(Frame.of("main"), Frame.of("more")), 700);
        b.addStack(List.of(Frame.of("main"), Frame.of("rest")), 500);
        return profile(b, source);
    }

    /**
     * A shared helper slower on one of its four callers' paths only (that caller hands it four
     * times the data), the caller's own work large beside it, so the helper is the culprit: the
     * headline names the helper and the caller its change came from; a helper slower under all
     * four names none.
     */
    @Test
    void aCulpritSlowerOnOneCallersPathOnlyNamesThatCaller() throws Exception {
        String[] callers = {"Reports.daily", "Reports.weekly", "Reports.monthly", "Reports.yearly"};
        CallTreeBuilder base = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        CallTreeBuilder head = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        CallTreeBuilder all = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        for (String c : callers) {
            for (CallTreeBuilder b : List.of(base, head, all)) {
                b.addStack(List.of(Frame.of("main"), Frame.of(c)), 3000);
            }
            base.addStack(List.of(Frame.of("main"), Frame.of(c), Frame.of("Stats.sortedMedian"), Frame.of("java.util.Arrays.sort")), 200);
            head.addStack(List.of(Frame.of("main"), Frame.of(c), Frame.of("Stats.sortedMedian"), Frame.of("java.util.Arrays.sort")),
                    c.equals("Reports.weekly") ? 900 : 200);
            all.addStack(List.of(Frame.of("main"), Frame.of(c), Frame.of("Stats.sortedMedian"), Frame.of("java.util.Arrays.sort")), 400);
        }

        // The wording is under test, not the noise model: a run variation given, not measured.
        DiffOptions options = DiffOptions.DEFAULT.withRunVariation(0.1);
        Profile before = profile(base, "base");
        String one = render(Diffs.diff(before, profile(head, "head"), options), RenderOptions.DEFAULT);
        String everywhere = render(Diffs.diff(before, profile(all, "head"), options), RenderOptions.DEFAULT);

        assertThat(one.lines().findFirst().orElseThrow()).contains("**Slower: `Stats.sortedMedian` +")
                .contains(", on its calls from `Reports.weekly` (1 of 4 callers)");
        assertThat(everywhere.lines().findFirst().orElseThrow()).contains("**Slower: `Stats.sortedMedian` +")
                .doesNotContain("on its calls from");
    }

    @Test
    void renderingTwiceGivesTheSameBytes() throws Exception {
        DiffTree diff = fixtureDiff(DiffOptions.DEFAULT);
        assertThat(render(diff, RenderOptions.DEFAULT)).isEqualTo(render(diff, RenderOptions.DEFAULT));
    }

    private static Profile profile(CallTreeBuilder builder, String source) {
        return new Profile(builder.build(), ProfileMetadata.of(source, "collapsed", "cpu"));
    }

    private static DiffTree fixtureDiff(DiffOptions options) throws Exception {
        Profile base = Profiles.read(FixtureFiles.path("collapsed/base.collapsed"), ReadOptions.DEFAULT);
        Profile head = Profiles.read(FixtureFiles.path("collapsed/head.collapsed"), ReadOptions.DEFAULT);
        base = base.withMetadata(base.metadata().withSource("base.collapsed"));
        head = head.withMetadata(head.metadata().withSource("head.collapsed"));
        return Diffs.diff(base, head, options);
    }

    private static String render(DiffTree diff, RenderOptions options) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new MarkdownRenderer().render(diff, options, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
