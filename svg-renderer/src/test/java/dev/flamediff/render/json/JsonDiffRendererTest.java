package dev.flamediff.render.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.Normalization;
import dev.flamediff.diff.RunVariation;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.DominantCaller;
import dev.flamediff.render.RenderOptions;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class JsonDiffRendererTest {

    private static final JsonDiffRenderer RENDERER = new JsonDiffRenderer();
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static JsonSchema schema;

    @BeforeAll
    static void loadSchema() throws Exception {
        try (InputStream in = JsonDiffRenderer.class.getResourceAsStream(JsonDiffRenderer.SCHEMA_RESOURCE)) {
            assertThat(in).as("schema resource").isNotNull();
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    static byte[] render(DiffTree diff) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RENDERER.render(diff, RenderOptions.DEFAULT, out);
        return out.toByteArray();
    }

    private static final String[] NAMES = {"main", "run", "parse", "a b", "x\"y", "é", "\uD83D\uDE00"};

    static Profile randomProfile(Random random, String source) throws Exception {
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        int stacks = random.nextInt(25);
        for (int s = 0; s < stacks; s++) {
            List<Frame> stack = new ArrayList<>();
            int depth = 1 + random.nextInt(6);
            for (int d = 0; d < depth; d++) {
                FrameKind kind = FrameKind.values()[random.nextInt(FrameKind.values().length)];
                stack.add(new Frame(NAMES[random.nextInt(NAMES.length)], random.nextBoolean() ? FrameKind.UNKNOWN : kind));
            }
            b.addStack(stack, 1 + random.nextInt(50));
        }
        return new Profile(b.build(), ProfileMetadata.of(source, "collapsed", "cpu"));
    }

    private static List<JsonNode> preOrder(JsonNode root) {
        List<JsonNode> out = new ArrayList<>();
        List<JsonNode> stack = new ArrayList<>(List.of(root));
        while (!stack.isEmpty()) {
            JsonNode n = stack.remove(stack.size() - 1);
            out.add(n);
            JsonNode children = n.get("children");
            if (children != null) {
                for (int i = children.size() - 1; i >= 0; i--) {
                    stack.add(children.get(i));
                }
            }
        }
        return out;
    }

    @Test
    void randomDiffsValidateAgainstTheSchemaAndCarryEveryNodesValues() throws Exception {
        Random random = new Random(31);
        List<Normalization> norms = List.of(Normalization.NONE, Normalization.TOTAL, Normalization.factors(2, 0.5));
        for (int round = 0; round < 200; round++) {
            Normalization norm = norms.get(round % norms.size());
            DiffTree diff = Diffs.diff(randomProfile(random, "base"), randomProfile(random, "head"),
                    DiffOptions.DEFAULT.withNormalization(norm));
            JsonNode doc = MAPPER.readTree(render(diff));
            Set<ValidationMessage> errors = schema.validate(doc);
            assertThat(errors).as("round %d", round).isEmpty();
            assertThat(doc.get("schemaVersion").asInt()).isEqualTo(JsonDiffRenderer.SCHEMA_VERSION);
            assertThat(doc.at("/normalization/mode").asText()).isEqualTo(norm.mode().name().toLowerCase(Locale.ROOT));
            assertThat(doc.at("/base/scale").asDouble()).isEqualTo(diff.base().scale());
            assertThat(doc.at("/significance/noiseModel").asText())
                    .isEqualTo(diff.significance().noiseModel().name().toLowerCase(Locale.ROOT));
            assertThat(doc.at("/significance/level").asDouble()).isEqualTo(diff.significance().level());
            RunVariation c = diff.significance().runVariationDetails();
            assertThat(doc.at("/significance/runVariation").asDouble()).isEqualTo(c.value());
            assertThat(doc.at("/significance/runVariationSource").asText())
                    .isEqualTo(c.source().name().toLowerCase(Locale.ROOT));
            assertThat(doc.at("/significance/measuredRunVariation").isNull()).isEqualTo(!c.measured());
            assertThat(doc.at("/significance/runVariationNodes").asInt()).isEqualTo(c.nodes());
            assertThat(doc.at("/significance/nullShift").asDouble()).isEqualTo(c.shift() + 0.0);
            assertThat(doc.at("/head/total").asDouble()).isEqualTo(diff.head().total());
            List<JsonNode> nodes = preOrder(doc.get("tree"));
            assertThat(nodes).hasSize(diff.size());
            for (int n = 0; n < diff.size(); n++) {
                JsonNode j = nodes.get(n);
                assertThat(j.get("name").asText()).isEqualTo(diff.frame(n).name());
                assertThat(j.get("kind").asText()).isEqualTo(diff.frame(n).kind().name().toLowerCase(Locale.ROOT));
                assertThat(j.get("status").asText()).isEqualTo(diff.status(n).name().toLowerCase(Locale.ROOT));
                assertThat(j.get("baseSelf").asDouble()).isEqualTo(diff.baseSelf(n));
                assertThat(j.get("headSelf").asDouble()).isEqualTo(diff.headSelf(n));
                assertThat(j.get("baseTotal").asDouble()).isEqualTo(diff.baseTotal(n));
                assertThat(j.get("headTotal").asDouble()).isEqualTo(diff.headTotal(n));
                assertThat(j.get("selfDelta").asDouble()).isEqualTo(diff.selfDelta(n) + 0.0);
                assertThat(j.get("totalDelta").asDouble()).isEqualTo(diff.totalDelta(n) + 0.0);
                assertThat(j.get("totalImpact").asDouble()).isEqualTo(diff.totalImpact(n) + 0.0);
                if (Double.isNaN(diff.totalDeltaRelative(n))) {
                    assertThat(j.get("totalDeltaRelative").isNull()).isTrue();
                } else {
                    assertThat(j.get("totalDeltaRelative").asDouble()).isEqualTo(diff.totalDeltaRelative(n) + 0.0);
                }
                assertThat(j.get("significant").asBoolean()).isEqualTo(diff.significance().significant(n));
                if (Double.isNaN(diff.significance().qValue(n))) {
                    assertThat(j.get("qValue").isNull()).isTrue();
                } else {
                    assertThat(j.get("qValue").asDouble()).isCloseTo(diff.significance().qValue(n), within(diff.significance().qValue(n) * 1e-3));
                }
                assertThat(j.has("children")).isEqualTo(diff.firstChild(n) >= 0);
            }
        }
    }

    /**
     * A shared helper slower on one of its four callers' paths (that caller hands it four times
     * the data), and a second pair where it is slower under all four: each culprit's
     * {@code caller} is the caller the Markdown and the SVG name, or null where they name none,
     * and the document meets the schema either way.
     */
    @Test
    void aCulpritsDominantCallerIsTheOneTheReportsName() throws Exception {
        assertThat(callersWritten(true)).as("culprits whose change came from one caller").isEqualTo(1);
        assertThat(callersWritten(false)).as("the helper slower under every caller").isZero();
    }

    /** Renders the helper pair and checks each culprit's caller; returns how many name one. */
    private static int callersWritten(boolean oneCaller) throws Exception {
        CallTreeBuilder base = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        CallTreeBuilder head = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        for (String c : new String[] {"Reports.daily", "Reports.weekly", "Reports.monthly", "Reports.yearly"}) {
            List<Frame> helper = List.of(Frame.of("main"), Frame.of(c), Frame.of("Stats.sortedMedian"),
                    Frame.of("java.util.Arrays.sort"));
            base.addStack(List.of(Frame.of("main"), Frame.of(c)), 3000);
            head.addStack(List.of(Frame.of("main"), Frame.of(c)), 3000);
            base.addStack(helper, 200);
            head.addStack(helper, !oneCaller ? 400 : c.equals("Reports.weekly") ? 900 : 200);
        }
        DiffTree diff = Diffs.diff(new Profile(base.build(), ProfileMetadata.of("base", "collapsed", "cpu")),
                new Profile(head.build(), ProfileMetadata.of("head", "collapsed", "cpu")),
                DiffOptions.DEFAULT.withRunVariation(0.1));
        JsonNode doc = MAPPER.readTree(render(diff));
        assertThat(schema.validate(doc)).isEmpty();
        List<Culprit> culprits = new ArrayList<>(diff.summary().culpritRegressions());
        culprits.addAll(diff.summary().culpritImprovements());
        List<JsonNode> written = new ArrayList<>();
        doc.at("/summary/culpritRegressions").forEach(written::add);
        doc.at("/summary/culpritImprovements").forEach(written::add);
        assertThat(written).hasSameSizeAs(culprits).isNotEmpty();
        int named = 0;
        for (int i = 0; i < culprits.size(); i++) {
            var caller = DominantCaller.of(diff, culprits.get(i).function().frame());
            JsonNode c = written.get(i).get("caller");
            if (caller.isEmpty()) {
                assertThat(c.isNull()).as(written.get(i).toString()).isTrue();
                continue;
            }
            named++;
            assertThat(c.get("name").asText()).isEqualTo(caller.get().caller().name());
            assertThat(c.get("callers").asInt()).isEqualTo(caller.get().callers());
            assertThat(c.get("name").asText()).isEqualTo("Reports.weekly");
            assertThat(c.get("callers").asInt()).isEqualTo(4);
        }
        return named;
    }

    @Test
    void aRunThatLostDataListsItsLossesAmongItsNotes() throws Exception {
        Random random = new Random(33);
        Profile head = randomProfile(random, "h");
        head = new Profile(head.tree(), head.metadata().withNote("event cpu").withLoss("33 events were dropped"));
        JsonNode doc = MAPPER.readTree(render(Diffs.diff(randomProfile(random, "b"), head, DiffOptions.DEFAULT)));
        assertThat(schema.validate(doc)).isEmpty();
        assertThat(doc.at("/head/runs/0/notes").toString()).isEqualTo("[\"event cpu\",\"33 events were dropped\"]");
        assertThat(doc.at("/head/runs/0/losses").toString()).isEqualTo("[\"33 events were dropped\"]");
        assertThat(doc.at("/base/runs/0").has("losses")).isFalse();
        ObjectNode empty = doc.deepCopy();
        ((ObjectNode) empty.at("/head/runs/0")).putArray("losses");
        assertThat(schema.validate(empty)).as("losses, when present, are not empty").isNotEmpty();
    }

    @Test
    void theSchemaRejectsDocumentsThatBreakIt() throws Exception {
        Random random = new Random(32);
        DiffTree diff = Diffs.diff(randomProfile(random, "b"), randomProfile(random, "h"), DiffOptions.DEFAULT);
        ObjectNode doc = (ObjectNode) MAPPER.readTree(render(diff));
        assertThat(schema.validate(doc)).isEmpty();
        ObjectNode badStatus = doc.deepCopy();
        ((ObjectNode) badStatus.get("tree")).put("status", "changed");
        assertThat(schema.validate(badStatus)).isNotEmpty();
        ObjectNode noTree = doc.deepCopy();
        noTree.remove("tree");
        assertThat(schema.validate(noTree)).isNotEmpty();
        ObjectNode badVersion = doc.deepCopy();
        badVersion.put("schemaVersion", 1);
        assertThat(schema.validate(badVersion)).isNotEmpty();
    }

    @Test
    void theSchemaListsExactlyTheFrameKinds() throws Exception {
        JsonNode doc;
        try (InputStream in = JsonDiffRenderer.class.getResourceAsStream(JsonDiffRenderer.SCHEMA_RESOURCE)) {
            doc = MAPPER.readTree(in);
        }
        List<String> listed = new ArrayList<>();
        doc.at("/$defs/frameKind/enum").forEach(k -> listed.add(k.asText()));
        assertThat(listed).containsExactlyElementsOf(
                Arrays.stream(FrameKind.values()).map(k -> k.name().toLowerCase(Locale.ROOT)).toList());
        // Every frame's kind (nodes, functions, culprits, their callers and callees, summary entries)
        // is that list, not a copy of it (the value type's kind is a free string).
        List<JsonNode> kindFields = doc.findValues("kind").stream()
                .filter(k -> k.has("enum") || k.has("$ref")).toList();
        assertThat(kindFields).hasSizeGreaterThanOrEqualTo(6)
                .allSatisfy(k -> assertThat(k.path("$ref").asText()).isEqualTo("#/$defs/frameKind"));
    }

    @Test
    void hostileNamesAreEscapedAndReadBackUnchanged() throws Exception {
        List<String> names = List.of("\"quoted\"", "back\\slash", "new\nline\ttab\r", "nul\u0000bell\u0007",
                "</script><script>alert(1)</script>", "{\"json\":true}", "\u2028\u2029", "emoji \uD83D\uDD25",
                "é中文");
        CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        for (String name : names) {
            b.addStack(List.of(Frame.of("root"), Frame.of(name)), 1);
        }
        b.addStack(List.of(Frame.of("lone \uD800 surrogate")), 1);
        ProfileMetadata meta = ProfileMetadata.of("we\"ird\nfile.collapsed", "collapsed", "cpu")
                .withNote("note with \"quotes\" and \\ and \u0001");
        Profile p = new Profile(b.build(), meta);
        byte[] bytes = render(Diffs.diff(p, p, DiffOptions.DEFAULT));
        String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        assertThat(text).doesNotContain("\n\"").doesNotContain("\u0000").endsWith("}\n");
        assertThat(text.indexOf('\n')).isEqualTo(text.length() - 1);
        JsonNode doc = MAPPER.readTree(bytes);
        assertThat(schema.validate(doc)).isEmpty();
        List<String> read = new ArrayList<>();
        preOrder(doc.get("tree")).forEach(n -> read.add(n.get("name").asText()));
        assertThat(read).containsAll(names).contains("lone \uFFFD surrogate");
        assertThat(doc.at("/base/runs/0/source").asText()).isEqualTo("we\"ird\nfile.collapsed");
        assertThat(doc.at("/head/runs/0/notes/0").asText()).isEqualTo("note with \"quotes\" and \\ and \u0001");
    }

    @Test
    void sameInputGivesTheSameBytes() throws Exception {
        byte[] first = render(Diffs.diff(randomProfile(new Random(33), "b"), randomProfile(new Random(34), "h"),
                DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL)));
        byte[] second = render(Diffs.diff(randomProfile(new Random(33), "b"), randomProfile(new Random(34), "h"),
                DiffOptions.DEFAULT.withNormalization(Normalization.TOTAL)));
        assertThat(second).isEqualTo(first);
        assertThat(RENDERER.format()).isEqualTo("json");
    }

    @Test
    void sidesDescribeEveryRun() throws Exception {
        Profile b1 = randomProfile(new Random(35), "b1.jfr").withMetadata(
                ProfileMetadata.of("b1.jfr", "jfr", "jdk.ExecutionSample").withDurationNanos(3_000_000_000L)
                        .withTruncated(true).withNote("cut at 50%"));
        Profile b2 = randomProfile(new Random(36), "b2.jfr");
        Profile h = randomProfile(new Random(37), "h.out").withMetadata(
                ProfileMetadata.of("h.out", "callgrind", "Ir").withApproximate(true));
        DiffTree diff = Diffs.diff(List.of(b1, b2), List.of(h), DiffOptions.DEFAULT.withNormalization(
                Normalization.factors(0.5, 2)));
        JsonNode doc = MAPPER.readTree(render(diff));
        assertThat(schema.validate(doc)).isEmpty();
        assertThat(doc.at("/base/runs")).hasSize(2);
        assertThat(doc.at("/base/runs/0/format").asText()).isEqualTo("jfr");
        assertThat(doc.at("/base/runs/0/event").asText()).isEqualTo("jdk.ExecutionSample");
        assertThat(doc.at("/base/runs/0/durationNanos").asLong()).isEqualTo(3_000_000_000L);
        assertThat(doc.at("/base/runs/0/truncated").asBoolean()).isTrue();
        assertThat(doc.at("/base/runs/0/notes/0").asText()).isEqualTo("cut at 50%");
        assertThat(doc.at("/base/runs/1/durationNanos").isNull()).isTrue();
        assertThat(doc.at("/head/runs/0/approximate").asBoolean()).isTrue();
        assertThat(doc.at("/normalization/factors/base").asDouble()).isEqualTo(0.5);
        assertThat(doc.at("/normalization/factors/head").asDouble()).isEqualTo(2.0);
        assertThat(doc.at("/normalization/description").asText()).isEqualTo("factors (base ×0.5, head ×2)");
        assertThat(doc.at("/valueType/kind").asText()).isEqualTo("samples");
        assertThat(doc.at("/valueType/unit").asText()).isEqualTo("count");
    }

    @Test
    void tenThousandFrameStackIsWrittenWithoutRecursion() throws Exception {
        List<Frame> base = new ArrayList<>();
        List<Frame> head = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            base.add(Frame.of("f"));
            head.add(Frame.of(i == 9_000 ? "g" : "f"));
        }
        CallTreeBuilder bb = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        bb.addStack(base, 1);
        CallTreeBuilder hb = new CallTreeBuilder(List.of(ValueType.SAMPLES));
        hb.addStack(head, 1);
        DiffTree diff = Diffs.diff(new Profile(bb.build(), ProfileMetadata.of("b", "t", "cpu")),
                new Profile(hb.build(), ProfileMetadata.of("h", "t", "cpu")), DiffOptions.DEFAULT);
        byte[] bytes = render(diff);
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build())
                .build();
        int depth = 0;
        int maxDepth = 0;
        int names = 0;
        try (JsonParser parser = factory.createParser(bytes)) {
            for (JsonToken t = parser.nextToken(); t != null; t = parser.nextToken()) {
                if (t.isStructStart()) {
                    maxDepth = Math.max(maxDepth, ++depth);
                } else if (t.isStructEnd()) {
                    depth--;
                } else if (t == JsonToken.FIELD_NAME && parser.currentName().equals("name")) {
                    names++;
                }
            }
        }
        assertThat(depth).isZero();
        // A name per node, per function, and per culprit and callee of the summary.
        dev.flamediff.diff.DiffSummary summary = dev.flamediff.diff.DiffSummary.of(diff);
        int culpritNames = java.util.stream.Stream.concat(summary.culpritRegressions().stream(),
                summary.culpritImprovements().stream()).mapToInt(c -> 1 + c.callees().size()).sum();
        assertThat(names).isEqualTo(diff.size() + diff.functions().size() + culpritNames);
        // document object, tree root, then an array and an object per frame
        assertThat(maxDepth).isEqualTo(2 + 2 * 10_000);
    }
}
