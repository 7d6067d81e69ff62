package dev.flamediff.render.collapsed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.Normalization;
import dev.flamediff.model.Profile;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The whole path on folded text: the real collapsed reader, the diff and the 3-column renderer,
 * against the difffolded.pl oracle on random pairs no other test has seen (their own seed).
 */
class CollapsedReadDiffRenderTest {

    // difffolded.pl compares the text as written; name normalization would rewrite some of it.
    private static final ReadOptions AS_WRITTEN = ReadOptions.DEFAULT.withNormalizeNames(false);

    private static Profile read(String name, List<String> lines) throws Exception {
        byte[] bytes = FoldedPairs.text(lines).getBytes(StandardCharsets.UTF_8);
        return Profiles.read(name, new ByteArrayInputStream(bytes), AS_WRITTEN);
    }

    @Test
    void readDiffRenderAgreesWithDiffFoldedOnUnseenPairs() throws Exception {
        Random random = new Random(0x5EED_2026L);
        for (int round = 0; round < 200; round++) {
            List<String> base = FoldedPairs.file(random, List.of());
            List<String> head = FoldedPairs.file(random, base);
            boolean normalize = round % 2 == 1;
            DiffTree diff = Diffs.diff(read("base.collapsed", base), read("head.collapsed", head),
                    DiffOptions.DEFAULT.withExactFrameKinds(true).withNormalization(normalize ? Normalization.TOTAL : Normalization.NONE));
            assertThat(CollapsedDiffRendererTest.lines(CollapsedDiffRendererTest.render(diff)))
                    .as("round %d (normalize %s):\n%s---\n%s", round, normalize,
                            FoldedPairs.text(base), FoldedPairs.text(head))
                    .containsExactlyElementsOf(DiffFoldedOracle.diff(base, head, normalize));
        }
    }

    @Test
    void collapsedToModelToCollapsedIsLossless() throws Exception {
        Random random = new Random(41);
        for (int round = 0; round < 200; round++) {
            List<String> lines = FoldedPairs.file(random, List.of());
            Profile p = read("p.collapsed", lines);
            List<String> out = CollapsedDiffRendererTest.lines(
                    CollapsedDiffRendererTest.render(Diffs.diff(p, p, DiffOptions.DEFAULT.withExactFrameKinds(true))));
            // Each 3-column line "stack c c" must give back the input's summed "stack c".
            List<String> twoColumn = new ArrayList<>();
            for (String line : out) {
                int last = line.lastIndexOf(' ');
                int middle = line.lastIndexOf(' ', last - 1);
                assertThat(line.substring(middle + 1, last)).isEqualTo(line.substring(last + 1));
                twoColumn.add(line.substring(0, last));
            }
            List<String> expected = new ArrayList<>();
            for (String line : DiffFoldedOracle.diff(lines, List.of(), false)) {
                expected.add(line.substring(0, line.lastIndexOf(' ')));
            }
            assertThat(twoColumn).as("round %d", round).containsExactlyElementsOf(expected);
        }
    }
}
