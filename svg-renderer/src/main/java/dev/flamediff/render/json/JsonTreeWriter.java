package dev.flamediff.render.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.model.Frame;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.OutputNames;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;

/**
 * Writes a diff tree as nested JSON objects, each with a {@code children} array when it has
 * children. The diff's nodes are already in pre-order, so a node's object is opened when its
 * turn comes and closed once the walk passes the end of its subtree: an explicit stack of open
 * nodes instead of recursion, so a stack of any depth fits.
 */
final class JsonTreeWriter {

    private JsonTreeWriter() {
    }

    /** Writes the whole tree, root first, as one JSON object value. */
    static void write(JsonGenerator gen, DiffTree diff) throws IOException {
        int[] open = new int[64];
        int depth = 0;
        for (int n = 0; n < diff.size(); n++) {
            RenderInterrupts.checkEvery(n);
            while (depth > 0 && diff.end(open[depth - 1]) <= n) {
                close(gen);
                depth--;
            }
            writeNode(gen, diff, n);
            if (diff.firstChild(n) >= 0) {
                gen.writeArrayFieldStart("children");
                if (depth == open.length) {
                    open = Arrays.copyOf(open, depth * 2);
                }
                open[depth++] = n;
            } else {
                gen.writeEndObject();
            }
        }
        while (depth > 0) {
            close(gen);
            depth--;
        }
    }

    private static void close(JsonGenerator gen) throws IOException {
        gen.writeEndArray();
        gen.writeEndObject();
    }

    private static void writeNode(JsonGenerator gen, DiffTree diff, int n) throws IOException {
        Frame frame = diff.frame(n);
        gen.writeStartObject();
        gen.writeStringField("name", JsonText.safe(OutputNames.capped(frame.name())));
        gen.writeStringField("kind", frame.kind().name().toLowerCase(Locale.ROOT));
        gen.writeStringField("status", diff.status(n).name().toLowerCase(Locale.ROOT));
        if (n == 0) {
            gen.writeNullField("function");
        } else {
            gen.writeNumberField("function", diff.functions().indexOf(n));
        }
        gen.writeBooleanField("partOfSignificantChange", diff.functions().partOfSignificantChange(n));
        JsonText.numberField(gen, "baseSelf", diff.valueType().value(diff.baseSelf(n)));
        JsonText.numberField(gen, "headSelf", diff.valueType().value(diff.headSelf(n)));
        JsonText.numberField(gen, "baseTotal", diff.valueType().value(diff.baseTotal(n)));
        JsonText.numberField(gen, "headTotal", diff.valueType().value(diff.headTotal(n)));
        JsonText.numberField(gen, "selfDelta", diff.valueType().value(diff.selfDelta(n)));
        JsonText.numberField(gen, "totalDelta", diff.valueType().value(diff.totalDelta(n)));
        JsonText.numberField(gen, "totalDeltaRelative", diff.totalDeltaRelative(n));
        JsonText.numberField(gen, "totalImpact", diff.totalImpact(n));
        gen.writeBooleanField("significant", diff.significance().significant(n));
        JsonText.probabilityField(gen, "qValue", diff.significance().qValue(n));
        JsonText.probabilityField(gen, "pValue", diff.significance().pValue(n));
        JsonText.probabilityField(gen, "score", diff.significance().score(n));
        gen.writeBooleanField("selfSignificant", diff.significance().selfSignificant(n));
        JsonText.probabilityField(gen, "selfQValue", diff.significance().selfQValue(n));
        JsonText.probabilityField(gen, "selfPValue", diff.significance().selfPValue(n));
        JsonText.probabilityField(gen, "selfScore", diff.significance().selfScore(n));
    }
}
