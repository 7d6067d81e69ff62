package dev.flamediff.render.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.flamediff.diff.CalleeChange;
import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.FunctionDiff;
import dev.flamediff.diff.FunctionTable;
import dev.flamediff.model.Frame;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.DominantCaller;
import dev.flamediff.render.OutputNames;
import dev.flamediff.render.RenderInterrupts;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Writes the by-function view: the document's {@code functions} array (every function merged
 * over its call paths, in the order of {@link FunctionTable#all()}, which the tree's nodes refer
 * to by index) and the summary's culprit lists; see the schema's {@code function} and
 * {@code culprit} definitions.
 */
final class JsonFunctionWriter {

    private JsonFunctionWriter() {
    }

    static void writeFunctions(JsonGenerator gen, DiffTree diff) throws IOException {
        FunctionTable table = diff.functions();
        ValueType type = diff.valueType();
        gen.writeArrayFieldStart("functions");
        for (int i = 0; i < table.size(); i++) {
            RenderInterrupts.checkEvery(i);
            FunctionDiff f = table.get(i);
            gen.writeStartObject();
            frame(gen, f.frame());
            gen.writeStringField("status", f.status().name().toLowerCase(Locale.ROOT));
            gen.writeNumberField("paths", f.paths());
            JsonText.numberField(gen, "baseInclusive", type.value(f.baseInclusive()));
            JsonText.numberField(gen, "headInclusive", type.value(f.headInclusive()));
            JsonText.numberField(gen, "inclusiveDelta", type.value(f.inclusiveDelta()));
            JsonText.numberField(gen, "inclusiveImpact", f.inclusiveImpact());
            gen.writeBooleanField("inclusiveSignificant", f.inclusiveSignificant());
            JsonText.probabilityField(gen, "inclusiveQValue", f.inclusiveQValue());
            JsonText.probabilityField(gen, "inclusivePValue", f.inclusivePValue());
            JsonText.numberField(gen, "baseSelf", type.value(f.baseSelf()));
            JsonText.numberField(gen, "headSelf", type.value(f.headSelf()));
            JsonText.numberField(gen, "selfDelta", type.value(f.selfDelta()));
            JsonText.numberField(gen, "selfImpact", f.selfImpact());
            gen.writeBooleanField("selfSignificant", f.selfSignificant());
            JsonText.probabilityField(gen, "selfQValue", f.selfQValue());
            JsonText.probabilityField(gen, "selfPValue", f.selfPValue());
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }

    static void writeCulprits(JsonGenerator gen, String name, DiffTree diff, List<Culprit> culprits) throws IOException {
        List<FunctionDiff> all = diff.functions().all();
        ValueType type = diff.valueType();
        gen.writeArrayFieldStart(name);
        for (Culprit c : culprits) {
            gen.writeStartObject();
            frame(gen, c.function().frame());
            gen.writeNumberField("function", all.indexOf(c.function()));
            JsonText.numberField(gen, "base", type.value(c.base()));
            JsonText.numberField(gen, "head", type.value(c.head()));
            JsonText.numberField(gen, "delta", type.value(c.delta()));
            JsonText.numberField(gen, "impact", c.impact());
            JsonText.numberField(gen, "inclusiveImpact", c.function().inclusiveImpact());
            JsonText.probabilityField(gen, "score", c.score());
            JsonText.probabilityField(gen, "pValue", c.pValue());
            // The caller the Markdown headline and the SVG name ("on its calls from X (1 of 4
            // callers)"), so a service building its own report can say the same.
            Optional<DominantCaller> caller = DominantCaller.of(diff, c.function().frame());
            if (caller.isPresent()) {
                gen.writeObjectFieldStart("caller");
                frame(gen, caller.get().caller());
                gen.writeNumberField("callers", caller.get().callers());
                gen.writeEndObject();
            } else {
                gen.writeNullField("caller");
            }
            gen.writeArrayFieldStart("callees");
            for (CalleeChange callee : c.callees()) {
                gen.writeStartObject();
                frame(gen, callee.frame());
                JsonText.numberField(gen, "base", type.value(callee.base()));
                JsonText.numberField(gen, "head", type.value(callee.head()));
                JsonText.numberField(gen, "delta", type.value(callee.delta()));
                JsonText.numberField(gen, "impact", callee.impact());
                gen.writeBooleanField("new", callee.isNew());
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.writeEndObject();
        }
        gen.writeEndArray();
    }

    private static void frame(JsonGenerator gen, Frame frame) throws IOException {
        gen.writeStringField("name", JsonText.safe(OutputNames.capped(frame.name())));
        gen.writeStringField("kind", frame.kind().name().toLowerCase(Locale.ROOT));
    }
}
