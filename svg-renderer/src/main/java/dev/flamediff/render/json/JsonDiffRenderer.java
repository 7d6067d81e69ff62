package dev.flamediff.render.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.flamediff.diff.DiffSide;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Normalization;
import dev.flamediff.diff.RunVariation;
import dev.flamediff.model.ValueType;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;

/**
 * Writes a diff as one JSON document described by the JSON Schema
 * {@code dev/flamediff/render/json/flamediff-diff.schema.json} (a resource of this module):
 * {@code schemaVersion}, the value type, the normalization, how significance was tested, the base
 * and head sides with their runs, the union tree as nested {@code children} arrays, and the
 * ranked summary of significant changes with the CI gate's verdict.
 *
 * <p>Written with Jackson's streaming generator, one node at a time from the diff's pre-order
 * arrays, so the document is never held in memory and deep trees need no recursion. The output
 * is compact UTF-8 ending in a newline; fields come in a fixed order and numbers print the same
 * way every time, so the same diff always gives the same bytes.
 */
public final class JsonDiffRenderer implements DiffRenderer {

    /**
     * The version of the document's shape; raised whenever a field changes meaning or goes away
     * (adding a field does not raise it). Version 2: {@code significance.runVariation} is the
     * variation the one-run tests used, measured on the diff by default (it was always assumed),
     * and those tests are centered on the bulk of the profile ({@code nullShift}); new fields say
     * where it came from.
     */
    public static final int SCHEMA_VERSION = 3;

    /** The class-path location of the JSON Schema the output follows. */
    public static final String SCHEMA_RESOURCE = "/dev/flamediff/render/json/flamediff-diff.schema.json";

    // Jackson refuses to nest deeper than 1000 by default, which a 500-frame stack reaches; the
    // tree writer does not recurse, so the depth is bounded only by the diff itself.
    private final JsonFactory factory = JsonFactory.builder()
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build())
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    /** Returns {@code json}. */
    @Override
    public String format() {
        return "json";
    }

    /**
     * Writes the diff as a JSON document in UTF-8. The options do not apply to this format and are
     * ignored.
     *
     * @throws IOException if writing fails
     */
    @Override
    public void render(DiffTree diff, RenderOptions options, OutputStream out) throws IOException {
        try (JsonGenerator gen = factory.createGenerator(out, JsonEncoding.UTF8)) {
            gen.writeStartObject();
            gen.writeNumberField("schemaVersion", SCHEMA_VERSION);
            gen.writeObjectFieldStart("valueType");
            gen.writeStringField("kind", JsonText.safe(diff.valueType().kind()));
            gen.writeStringField("unit", JsonText.safe(diff.valueType().unit()));
            gen.writeEndObject();
            writeNormalization(gen, diff.normalization());
            gen.writeObjectFieldStart("significance");
            gen.writeStringField("noiseModel", diff.significance().noiseModel().name().toLowerCase(Locale.ROOT));
            gen.writeBooleanField("runToRunSpread", diff.significance().usesRunToRunSpread());
            JsonText.numberField(gen, "level", diff.significance().level());
            JsonText.numberField(gen, "runVariation", diff.significance().runVariation());
            RunVariation variation = diff.significance().runVariationDetails();
            gen.writeStringField("runVariationSource", variation.source().name().toLowerCase(Locale.ROOT));
            JsonText.numberField(gen, "measuredRunVariation", variation.estimate());
            gen.writeNumberField("runVariationNodes", variation.nodes());
            JsonText.numberField(gen, "nullShift", variation.shift());
            gen.writeNumberField("baseRuns", diff.baseRuns());
            gen.writeNumberField("headRuns", diff.headRuns());
            JsonText.numberField(gen, "baseVariation", diff.significance().baseVariation());
            JsonText.numberField(gen, "headVariation", diff.significance().headVariation());
            JsonText.numberField(gen, "baseRunSpread", diff.significance().baseRunSpread());
            JsonText.numberField(gen, "headRunSpread", diff.significance().headRunSpread());
            gen.writeBooleanField("runsScaledToTotals", diff.significance().runsScaledToTheirTotals());
            gen.writeEndObject();
            writeSide(gen, "base", diff.base(), diff.valueType());
            writeSide(gen, "head", diff.head(), diff.valueType());
            gen.writeFieldName("tree");
            JsonTreeWriter.write(gen, diff);
            JsonFunctionWriter.writeFunctions(gen, diff);
            JsonSummaryWriter.write(gen, diff, diff.summary(), diff.valueType());
            gen.writeEndObject();
            gen.writeRaw('\n');
        }
        // A render interrupted after its last check must not end as if it had not been.
        RenderInterrupts.checkEvery(0);
        out.flush();
    }

    private static void writeNormalization(JsonGenerator gen, Normalization normalization) throws IOException {
        gen.writeObjectFieldStart("normalization");
        gen.writeStringField("mode", normalization.mode().name().toLowerCase(Locale.ROOT));
        if (normalization.mode() == Normalization.Mode.FACTORS) {
            gen.writeObjectFieldStart("factors");
            JsonText.numberField(gen, "base", normalization.baseFactor());
            JsonText.numberField(gen, "head", normalization.headFactor());
            gen.writeEndObject();
        } else {
            gen.writeNullField("factors");
        }
        gen.writeStringField("description", normalization.describe());
        gen.writeEndObject();
    }

    private static void writeSide(JsonGenerator gen, String name, DiffSide side, ValueType type) throws IOException {
        gen.writeObjectFieldStart(name);
        gen.writeArrayFieldStart("runs");
        for (ProfileMetadata run : side.runs()) {
            gen.writeStartObject();
            gen.writeStringField("source", JsonText.safe(run.source()));
            gen.writeStringField("format", JsonText.safe(run.format()));
            gen.writeStringField("event", JsonText.safe(run.event()));
            if (run.durationNanos() >= 0) {
                gen.writeNumberField("durationNanos", run.durationNanos());
            } else {
                gen.writeNullField("durationNanos");
            }
            gen.writeBooleanField("truncated", run.truncated());
            gen.writeBooleanField("approximate", run.approximate());
            gen.writeArrayFieldStart("notes");
            for (String note : run.notes()) {
                gen.writeString(JsonText.safe(note));
            }
            gen.writeEndArray();
            // Only when the run lost data, so the documents of whole inputs keep their shape.
            if (!run.losses().isEmpty()) {
                gen.writeArrayFieldStart("losses");
                for (String note : run.losses()) {
                    gen.writeString(JsonText.safe(note));
                }
                gen.writeEndArray();
            }
            gen.writeEndObject();
        }
        gen.writeEndArray();
        JsonText.numberField(gen, "scale", side.scale());
        JsonText.numberField(gen, "total", type.value(side.total()));
        gen.writeEndObject();
    }
}
