package dev.flamediff.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.TreeLimits;
import dev.flamediff.model.ValueType;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Frame names longer than {@link OutputNames#MAX_CHARS} are cut in every output. */
class OutputNamesTest {

    @Test
    void shortNamesAreKeptAndLongOnesCutVisibly() {
        assertThat(OutputNames.capped("main")).isEqualTo("main");
        String exact = "a".repeat(OutputNames.MAX_CHARS);
        assertThat(OutputNames.capped(exact)).isSameAs(exact);
        assertThat(OutputNames.capped("b".repeat(65_000)))
                .isEqualTo("b".repeat(OutputNames.MAX_CHARS) + "\u2026[+" + (65_000 - OutputNames.MAX_CHARS) + " chars]");
        // A surrogate pair across the cut is not split.
        String pair = "c".repeat(OutputNames.MAX_CHARS - 1) + "\uD83D\uDE00" + "d";
        assertThat(OutputNames.capped(pair)).startsWith("c".repeat(OutputNames.MAX_CHARS - 1) + "\u2026[+3 chars]");
    }

    @Test
    void jsonAndCollapsedOutputsCutLongNames() throws Exception {
        String longName = "x".repeat(100_000);
        DiffTree diff = Diffs.diff(profile(longName), profile(longName), DiffOptions.DEFAULT.withExactFrameKinds(true));
        for (String format : List.of("json", "collapsed")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Renderers.byFormat(format).orElseThrow().render(diff, RenderOptions.DEFAULT, out);
            String text = out.toString(StandardCharsets.UTF_8);
            assertThat(text).as(format).contains("x".repeat(OutputNames.MAX_CHARS) + "\u2026[+91808 chars]")
                    .doesNotContain("x".repeat(OutputNames.MAX_CHARS + 1));
        }
    }

    @Test
    void svgAndMarkdownOutputsCutLongNames() throws Exception {
        String longName = "x".repeat(100_000);
        // A change large enough to be named in the Markdown report's tables and call paths.
        DiffTree diff = Diffs.diff(profile(longName, 50), profile(longName, 5000), DiffOptions.DEFAULT);
        for (String format : List.of("svg", "markdown")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Renderers.byFormat(format).orElseThrow().render(diff, RenderOptions.DEFAULT, out);
            // The Markdown's tables cut a long name into code spans joined by <wbr>, so that it wraps.
            String text = out.toString(StandardCharsets.UTF_8).replace("`<wbr>`", "");
            assertThat(text).as(format).contains("x".repeat(OutputNames.MAX_CHARS) + "\u2026[+91808 chars]")
                    .doesNotContain("x".repeat(OutputNames.MAX_CHARS + 1));
        }
    }

    private static Profile profile(String name) throws Exception {
        return profile(name, 5);
    }

    private static Profile profile(String name, long count) throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES), TreeLimits.DEFAULT);
        b.addStack(List.of(new Frame("main", FrameKind.NATIVE), new Frame(name, FrameKind.NATIVE)), count);
        b.addStack(List.of(new Frame("main", FrameKind.NATIVE), new Frame("other", FrameKind.NATIVE)), 1000);
        return new Profile(b.build(), ProfileMetadata.of("p", "collapsed", "cpu"));
    }
}
