package dev.flamediff.render.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.diff.SummaryEntry;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The significance, run and summary fields of the JSON output, against the diff and the schema. */
class JsonSignificanceTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static JsonSchema schema;

    @BeforeAll
    static void loadSchema() throws Exception {
        try (InputStream in = JsonDiffRenderer.class.getResourceAsStream(JsonDiffRenderer.SCHEMA_RESOURCE)) {
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    private static Profile run(String source, long slow, long other) throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        b.addStack(List.of(Frame.of("main"), Frame.of("slow")), slow);
        b.addStack(List.of(Frame.of("main"), Frame.of("other")), other);
        b.addStack(List.of(Frame.of("main"), Frame.of("third")), 500);
        b.addStack(List.of(Frame.of("main"), Frame.of("fourth")), 400);
        return new Profile(b.build(), ProfileMetadata.of(source, "collapsed", "cpu"));
    }

    @Test
    void threeRunsPerSideCarryRunCountsVariationSignificanceAndTheSummary() throws Exception {
        List<Profile> base = List.of(run("b1", 1000, 1000), run("b2", 1030, 980), run("b3", 990, 1010));
        List<Profile> head = List.of(run("h1", 1500, 1000), run("h2", 1480, 1020), run("h3", 1530, 990));
        DiffTree diff = Diffs.diff(base, head, DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withAnyFrame(0.05)));

        JsonNode doc = MAPPER.readTree(JsonDiffRendererTest.render(diff));

        assertThat(schema.validate(doc)).isEmpty();
        assertThat(doc.at("/significance/baseRuns").asInt()).isEqualTo(3);
        assertThat(doc.at("/significance/headRuns").asInt()).isEqualTo(3);
        assertThat(doc.at("/significance/baseVariation").asDouble()).isCloseTo(diff.significance().baseVariation(), within(1e-12));
        assertThat(doc.at("/significance/runVariation").asDouble()).isEqualTo(diff.significance().runVariation());
        List<JsonNode> nodes = new ArrayList<>();
        collect(doc.get("tree"), nodes);
        for (int n = 0; n < diff.size(); n++) {
            JsonNode j = nodes.get(n);
            assertThat(j.get("selfSignificant").asBoolean()).isEqualTo(diff.significance().selfSignificant(n));
            assertThat(j.get("pValue").asDouble()).isCloseTo(diff.significance().pValue(n), within(diff.significance().pValue(n) * 1e-3));
            assertThat(j.get("score").asDouble()).isCloseTo(diff.significance().score(n), within(Math.abs(diff.significance().score(n)) * 1e-3));
        }
        DiffSummary summary = DiffSummary.of(diff);
        SummaryEntry top = summary.selfRegressions().get(0);
        assertThat(top.frame().name()).isEqualTo("slow");
        JsonNode first = doc.at("/summary/selfRegressions/0");
        assertThat(first.get("name").asText()).isEqualTo("slow");
        assertThat(first.get("path").isNull()).isTrue();
        assertThat(first.get("impact").asDouble()).isCloseTo(top.impact(), within(1e-12));
        assertThat(doc.at("/summary/gate/failed").asBoolean()).isTrue();
        assertThat(doc.at("/summary/gate/reasons/0").asText()).startsWith("slow grew by +");
        assertThat(doc.at("/summary/overall/significant").asBoolean()).isEqualTo(summary.overall().significant());
    }

    @Test
    void exactValuesWriteInfiniteScoresAsNull() throws Exception {
        ValueType ir = new ValueType("Ir", "instructions");
        CallTreeBuilder a = new CallTreeBuilder(List.of(ir));
        a.addStack(List.of(Frame.of("main"), Frame.of("f")), 100);
        CallTreeBuilder b = new CallTreeBuilder(List.of(ir));
        b.addStack(List.of(Frame.of("main"), Frame.of("f")), 101);
        DiffTree diff = Diffs.diff(new Profile(a.build(), ProfileMetadata.of("a", "callgrind", "Ir")),
                new Profile(b.build(), ProfileMetadata.of("b", "callgrind", "Ir")), DiffOptions.DEFAULT);

        JsonNode doc = MAPPER.readTree(JsonDiffRendererTest.render(diff));

        assertThat(schema.validate(doc)).isEmpty();
        assertThat(doc.at("/significance/noiseModel").asText()).isEqualTo("exact");
        assertThat(doc.at("/tree/significant").asBoolean()).isTrue();
        assertThat(doc.at("/tree/score").isNull()).isTrue();
        assertThat(doc.at("/summary/selfRegressions/0/name").asText()).isEqualTo("f");
    }

    private static void collect(JsonNode node, List<JsonNode> out) {
        out.add(node);
        if (node.has("children")) {
            for (JsonNode c : node.get("children")) {
                collect(c, out);
            }
        }
    }
}
