package dev.flamediff.render.collapsed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.Normalization;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.testkit.FoldedProfiles;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CollapsedDiffRendererTest {

    private static final CollapsedDiffRenderer RENDERER = new CollapsedDiffRenderer();

    static String render(DiffTree diff) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RENDERER.render(diff, RenderOptions.DEFAULT, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    static List<String> lines(String text) {
        return text.isEmpty() ? List.of() : List.of(text.split("\n", -1)).subList(0, text.split("\n", -1).length - 1);
    }

    @Test
    void agreesWithTheDiffFoldedOracleOnRandomPairs() throws Exception {
        Random random = new Random(21);
        for (int round = 0; round < 500; round++) {
            List<String> base = FoldedPairs.file(random, List.of());
            List<String> head = FoldedPairs.file(random, base);
            DiffTree diff = Diffs.diff(FoldedProfiles.profile("base", ValueType.SAMPLES, base), FoldedProfiles.profile("head", ValueType.SAMPLES, head),
                    DiffOptions.DEFAULT.withExactFrameKinds(true));
            String text = render(diff);
            assertThat(text).endsWith("\n");
            assertThat(lines(text)).as("round %d:\n%s\n---\n%s", round, FoldedPairs.text(base), FoldedPairs.text(head))
                    .containsExactlyElementsOf(DiffFoldedOracle.diff(base, head, false));
        }
    }

    @Test
    void totalNormalizationTruncatesBaseLikeDiffFoldedMinusN() throws Exception {
        Random random = new Random(22);
        for (int round = 0; round < 500; round++) {
            List<String> base = FoldedPairs.file(random, List.of());
            List<String> head = FoldedPairs.file(random, base);
            DiffTree diff = Diffs.diff(FoldedProfiles.profile("base", ValueType.SAMPLES, base), FoldedProfiles.profile("head", ValueType.SAMPLES, head),
                    DiffOptions.DEFAULT.withExactFrameKinds(true).withNormalization(Normalization.TOTAL));
            assertThat(lines(render(diff))).as("round %d", round)
                    .containsExactlyElementsOf(DiffFoldedOracle.diff(base, head, true));
        }
    }

    @Test
    void writesKindSuffixesBackAsAsyncProfilerDoes() throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        b.addStack(List.of(new Frame("Main.main", FrameKind.INTERPRETED), new Frame("Main.work", FrameKind.JIT),
                new Frame("Main.inl", FrameKind.INLINED), new Frame("Main.c1", FrameKind.C1),
                new Frame("libc_read", FrameKind.NATIVE), new Frame("JVM::op", FrameKind.CPP),
                new Frame("do_syscall_64", FrameKind.KERNEL)), 4);
        b.addStack(List.of(new Frame("[main tid=1]", FrameKind.THREAD)), 1);
        Profile p = new Profile(b.build(), ProfileMetadata.of("p", "test", "cpu"));
        assertThat(render(Diffs.diff(p, p, DiffOptions.DEFAULT.withExactFrameKinds(true)))).isEqualTo(
                "Main.main_[0];Main.work_[j];Main.inl_[i];Main.c1_[1];libc_read;JVM::op;do_syscall_64_[k] 4 4\n"
                + "[main tid=1] 1 1\n");
    }

    @Test
    void pathsThatPrintTheSameTextAreSummedIntoOneLine() throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        b.addStack(List.of(Frame.of("main"), Frame.of("read")), 2);
        b.addStack(List.of(Frame.of("main"), new Frame("read", FrameKind.NATIVE)), 3);
        Profile base = new Profile(b.build(), ProfileMetadata.of("b", "test", "cpu"));
        Profile head = FoldedProfiles.profile("h", ValueType.SAMPLES, List.of("main;read 7"));
        assertThat(render(Diffs.diff(base, head, DiffOptions.DEFAULT.withExactFrameKinds(true)))).isEqualTo("main;read 5 7\n");
    }

    @Test
    void linesAreInCodePointOrderOfTheirWholeText() throws Exception {
        // The separator sorts above a space, '!' and '.': "a b" and "a.x" come before "a;b", though
        // the frame "a" sorts before them; a frame above U+FFFF after U+FF5E (code points, not
        // UTF-16 units); a stack before its longer ones.
        List<String> stacks = List.of("a;b 1", "a 2", "a b 3", "a!;c 4", "a;\uff5e 5", "a;\ud83d\udd25 6", "a;b;c 7",
                "ab 8", "a.x;y 9", "a;b c 10");
        Profile p = FoldedProfiles.profile("p", ValueType.SAMPLES, stacks);
        List<String> expected = new ArrayList<>();
        for (String s : stacks) {
            int sp = s.lastIndexOf(' ');
            expected.add(s + " " + s.substring(sp + 1));
        }
        expected.sort(Comparator.comparing((String s) -> s.substring(0, s.lastIndexOf(' ', s.lastIndexOf(' ') - 1))
                .codePoints().toArray(), Arrays::compare));
        assertThat(lines(render(Diffs.diff(p, p, DiffOptions.DEFAULT.withExactFrameKinds(true)))))
                .containsExactlyElementsOf(expected);
    }

    @Test
    void leavesOutTheRootAndPathsWithoutSelfValues() throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        b.addStack(List.<Frame>of(), 9);
        b.addStack(List.of(Frame.of("main"), Frame.of("idle")), 0);
        b.addStack(List.of(Frame.of("main"), Frame.of("work")), 1);
        Profile p = new Profile(b.build(), ProfileMetadata.of("p", "test", "cpu"));
        assertThat(render(Diffs.diff(p, p, DiffOptions.DEFAULT.withExactFrameKinds(true)))).isEqualTo("main;work 1 1\n");
    }

    @Test
    void meansOfSeveralRunsKeepTheirFraction() throws Exception {
        Profile b1 = FoldedProfiles.profile("b1", ValueType.SAMPLES, List.of("main;a 1", "main;b 1"));
        Profile b2 = FoldedProfiles.profile("b2", ValueType.SAMPLES, List.of("main;a 2"));
        Profile b3 = FoldedProfiles.profile("b3", ValueType.SAMPLES, List.of("main;a 2"));
        Profile h = FoldedProfiles.profile("h", ValueType.SAMPLES, List.of("main;a 4"));
        assertThat(render(Diffs.diff(List.of(b1, b2, b3), List.of(h), DiffOptions.DEFAULT.withExactFrameKinds(true))))
                .isEqualTo("main;a 1.66666666666667 4\nmain;b 0.333333333333333 0\n");
    }

    @Test
    void factorsScaleBothColumnsAndTruncate() throws Exception {
        Profile b = FoldedProfiles.profile("b", ValueType.SAMPLES, List.of("main;a 3", "main;b 5"));
        Profile h = FoldedProfiles.profile("h", ValueType.SAMPLES, List.of("main;a 3"));
        assertThat(render(Diffs.diff(b, h, DiffOptions.DEFAULT.withExactFrameKinds(true).withNormalization(Normalization.factors(0.5, 3)))))
                .isEqualTo("main;a 1 9\nmain;b 2 0\n");
    }

    @Test
    void emptyDiffWritesNothing() throws Exception {
        Profile empty = FoldedProfiles.profile("e", ValueType.SAMPLES, List.of());
        assertThat(render(Diffs.diff(empty, empty, DiffOptions.DEFAULT.withExactFrameKinds(true)))).isEmpty();
    }

    @Test
    void tenThousandFrameStackRendersWithoutRecursion() throws Exception {
        List<String> frames = new ArrayList<>(Collections.nCopies(10_000, "f"));
        Profile p = FoldedProfiles.profile("deep", ValueType.SAMPLES, List.of(String.join(";", frames) + " 3"));
        String text = render(Diffs.diff(p, p, DiffOptions.DEFAULT.withExactFrameKinds(true)));
        assertThat(text).isEqualTo(String.join(";", frames) + " 3 3\n");
    }

    @Test
    void sameDiffGivesTheSameBytes() throws Exception {
        Random random = new Random(23);
        List<String> base = FoldedPairs.file(random, List.of());
        List<String> head = FoldedPairs.file(random, base);
        DiffTree diff = Diffs.diff(FoldedProfiles.profile("base", ValueType.SAMPLES, base), FoldedProfiles.profile("head", ValueType.SAMPLES, head),
                DiffOptions.DEFAULT.withExactFrameKinds(true));
        assertThat(render(diff)).isEqualTo(render(diff));
        assertThat(RENDERER.format()).isEqualTo("collapsed");
    }

    @Test
    void registeredUnderItsFormatAndFileExtensions() {
        assertThat(dev.flamediff.render.Renderers.byFormat("collapsed")).containsInstanceOf(CollapsedDiffRenderer.class);
        assertThat(dev.flamediff.render.Renderers.byFormat("json"))
                .containsInstanceOf(dev.flamediff.render.json.JsonDiffRenderer.class);
        assertThat(dev.flamediff.render.Renderers.formatForFileName("diff.folded")).contains("collapsed");
    }

    @Test
    void countFormattingFollowsPerl() {
        assertThat(FoldedCount.exact(12)).isEqualTo("12");
        assertThat(FoldedCount.exact(0)).isEqualTo("0");
        assertThat(FoldedCount.exact(2.5)).isEqualTo("2.5");
        assertThat(FoldedCount.truncated(2.9999999999999996)).isEqualTo("3");
        assertThat(FoldedCount.truncated(2.99)).isEqualTo("2");
        assertThat(FoldedCount.truncated(0.4)).isEqualTo("0");
        assertThat(FoldedCount.truncated(123456789.0000000001)).isEqualTo("123456789");
    }
}
