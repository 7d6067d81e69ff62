package dev.flamediff.render.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.OverallChange;
import dev.flamediff.diff.SummaryEntry;
import dev.flamediff.model.Frame;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.OutputNames;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * Writes a diff's {@link DiffSummary} (the ranked significant changes and the CI gate's verdict)
 * as the document's {@code summary} object; see the schema's {@code summary} definition.
 */
final class JsonSummaryWriter {

    private JsonSummaryWriter() {
    }

    /** Writes the summary; values are written in the value type's unit ({@link ValueType#value}). */
    static void write(JsonGenerator gen, DiffTree diff, DiffSummary summary, ValueType type) throws IOException {
        gen.writeObjectFieldStart("summary");
        OverallChange overall = summary.overall();
        gen.writeObjectFieldStart("overall");
        JsonText.numberField(gen, "base", type.value(overall.base()));
        JsonText.numberField(gen, "head", type.value(overall.head()));
        JsonText.numberField(gen, "delta", type.value(overall.delta()));
        JsonText.numberField(gen, "relative", overall.relative());
        JsonText.probabilityField(gen, "score", overall.score());
        JsonText.probabilityField(gen, "pValue", overall.pValue());
        gen.writeBooleanField("significant", overall.significant());
        gen.writeEndObject();
        JsonFunctionWriter.writeCulprits(gen, "culpritRegressions", diff, summary.culpritRegressions());
        JsonFunctionWriter.writeCulprits(gen, "culpritImprovements", diff, summary.culpritImprovements());
        entries(gen, type, "selfRegressions", summary.selfRegressions());
        entries(gen, type, "selfImprovements", summary.selfImprovements());
        entries(gen, type, "totalRegressions", summary.totalRegressions());
        entries(gen, type, "totalImprovements", summary.totalImprovements());
        entries(gen, type, "added", summary.added());
        entries(gen, type, "removed", summary.removed());
        gen.writeNumberField("belowNoise", summary.belowNoise());
        entries(gen, type, "withinNoise", summary.withinNoise());
        gen.writeObjectFieldStart("gate");
        gen.writeBooleanField("enabled", summary.gate().enabled());
        gen.writeBooleanField("failed", summary.gate().failed());
        gen.writeArrayFieldStart("reasons");
        for (String reason : summary.gate().reasons()) {
            gen.writeString(JsonText.safe(reason));
        }
        gen.writeEndArray();
        gen.writeEndObject();
        gen.writeEndObject();
    }

    private static void entries(JsonGenerator gen, ValueType type, String name, List<SummaryEntry> entries) throws IOException {
        gen.writeArrayFieldStart(name);
        for (SummaryEntry e : entries) {
            gen.writeStartObject();
            gen.writeStringField("name", JsonText.safe(OutputNames.capped(e.frame().name())));
            gen.writeStringField("kind", e.frame().kind().name().toLowerCase(Locale.ROOT));
            if (e.aggregatesPaths()) {
                gen.writeNullField("path");
            } else {
                gen.writeArrayFieldStart("path");
                for (Frame f : e.path()) {
                    gen.writeString(JsonText.safe(OutputNames.capped(f.name())));
                }
                gen.writeEndArray();
            }
            JsonText.numberField(gen, "base", type.value(e.base()));
            JsonText.numberField(gen, "head", type.value(e.head()));
            JsonText.numberField(gen, "delta", type.value(e.delta()));
            JsonText.numberField(gen, "relative", e.relative());
            JsonText.numberField(gen, "impact", e.impact());
            JsonText.probabilityField(gen, "score", e.score());
            JsonText.probabilityField(gen, "pValue", e.pValue());
            gen.writeBooleanField("significant", e.significant());
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }
}
