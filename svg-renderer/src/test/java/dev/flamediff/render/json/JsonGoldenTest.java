package dev.flamediff.render.json;

import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Normalization;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.collapsed.GoldenFiles;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/** The JSON output compared with golden files; regenerate with {@code -Dflamediff.bless=true}. */
class JsonGoldenTest {

    private static void check(String name, DiffTree diff) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new JsonDiffRenderer().render(diff, RenderOptions.DEFAULT, out);
        GoldenFiles.check("json", name, out.toByteArray());
    }

    @Test
    void smallPair() throws Exception {
        check("small-none.json", GoldenFiles.small(DiffOptions.DEFAULT));
    }

    @Test
    void smallPairWithFactors() throws Exception {
        check("small-factors.json", GoldenFiles.small(
                DiffOptions.DEFAULT.withNormalization(Normalization.factors(1.5, 0.5))));
    }

    @Test
    void recordedFixtures() throws Exception {
        check("fixture-checksum-compress.json", GoldenFiles.fixture(DiffOptions.DEFAULT));
    }
}
