package dev.flamediff.render.json;

import dev.flamediff.testkit.Goldens;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Normalization;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.collapsed.GoldenDiffs;
import java.io.ByteArrayOutputStream;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The JSON output compared with golden files; regenerate with {@code -Dflamediff.bless=true}. */
class JsonGoldenTest {

    /**
     * The significance numbers belong to the diff engine's noise model, which has its own tests and
     * is still being tuned; the goldens pin this renderer's shape and values, so those two fields
     * are compared for presence only. JsonDiffRendererTest checks they carry the diff's values.
     */
    private static final Pattern SIGNIFICANCE = Pattern.compile("\"significant\":(true|false),\"qValue\":[^,}]+"
            + "(,\"pValue\":[^,}]+,\"score\":[^,}]+,\"selfSignificant\":(true|false),\"selfQValue\":[^,}]+"
            + ",\"selfPValue\":[^,}]+,\"selfScore\":[^,}]+)?");
    /** The ranked summary is made of the same significance numbers; JsonDiffRendererTest checks it. */
    private static final Pattern SUMMARY = Pattern.compile(",\"summary\":\\{.*\\}\\}\\s*$", Pattern.DOTALL);

    private static void check(String name, DiffTree diff) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new JsonDiffRenderer().render(diff, RenderOptions.DEFAULT, out);
        Goldens.check("json/" + name, out.toByteArray(),
                text -> SUMMARY.matcher(SIGNIFICANCE.matcher(text).replaceAll("\"significant\":_,\"qValue\":_"))
                        .replaceAll(",\"summary\":_}"));
    }

    @Test
    void smallPair() throws Exception {
        check("small-none.json", GoldenDiffs.small(DiffOptions.DEFAULT));
    }

    @Test
    void smallPairWithFactors() throws Exception {
        check("small-factors.json", GoldenDiffs.small(
                DiffOptions.DEFAULT.withNormalization(Normalization.factors(1.5, 0.5))));
    }

    @Test
    void recordedFixtures() throws Exception {
        check("fixture-checksum-compress.json", GoldenDiffs.fixture(DiffOptions.DEFAULT));
    }
}
