package dev.flamediff.render.collapsed;

import dev.flamediff.testkit.Goldens;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Normalization;
import dev.flamediff.render.RenderOptions;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/** The 3-column output compared with golden files; regenerate with {@code -Dflamediff.bless=true}. */
class CollapsedGoldenTest {

    private static void check(String name, DiffTree diff) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new CollapsedDiffRenderer().render(diff, RenderOptions.DEFAULT, out);
        Goldens.check("collapsed/" + name, out.toByteArray());
    }

    @Test
    void smallPair() throws Exception {
        check("small-none.collapsed", GoldenDiffs.small(DiffOptions.DEFAULT));
    }

    @Test
    void smallPairNormalizedToHeadsTotal() throws Exception {
        check("small-total.collapsed", GoldenDiffs.small(DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL)));
    }

    @Test
    void recordedFixtures() throws Exception {
        check("fixture-checksum-compress.collapsed", GoldenDiffs.fixture(DiffOptions.DEFAULT));
    }
}
