package dev.flamediff.suite;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code suite.json}: every benchmark with its verdict, both sides' scores and noise, the
 * change with its interval, the gate figures and the profile diff's findings; the schema is
 * documented in docs/benchmark-suites.md and {@link #SCHEMA_VERSION} changes with it. NaN is
 * written as null. Deterministic.
 */
public final class SuiteJsonWriter {

    /** The version of suite.json's schema. */
    public static final int SCHEMA_VERSION = 1;

    private final JsonFactory factory = new JsonFactory();
    private final SuiteLinks links;

    /** Creates a writer whose graph links start with the link base. */
    public SuiteJsonWriter(SuiteLinks links) {
        this.links = links;
    }

    /** Writes the report as JSON. */
    public void write(SuiteReport report, OutputStream out) throws IOException {
        try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
            g.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField("schemaVersion", SCHEMA_VERSION);
            g.writeStringField("headline", SuiteHeadline.plain(report));
            number(g, "level", report.level());
            g.writeObjectFieldStart("gate");
            g.writeBooleanField("enabled", report.gateEnabled());
            g.writeBooleanField("failed", report.gateFailed());
            number(g, "scoreRegression", report.scoreGate().isPresent() ? report.scoreGate().getAsDouble() : Double.NaN);
            number(g, "frameRegression", report.frameGate().isPresent() ? report.frameGate().getAsDouble() : Double.NaN);
            strings(g, "reasons", report.gateReasons());
            g.writeEndObject();
            g.writeArrayFieldStart("benchmarks");
            for (BenchmarkReport b : report.benchmarks()) {
                benchmark(g, b, report);
            }
            g.writeEndArray();
            strings(g, "warnings", report.warnings());
            g.writeEndObject();
        }
    }

    private void benchmark(JsonGenerator g, BenchmarkReport b, SuiteReport report) throws IOException {
        g.writeStartObject();
        g.writeStringField("key", b.key());
        g.writeStringField("name", b.name());
        if (b.mode().isPresent()) {
            g.writeStringField("mode", b.mode().get());
        } else {
            g.writeNullField("mode");
        }
        g.writeObjectFieldStart("params");
        for (Map.Entry<String, String> e : b.params().entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeStringField("verdict", b.verdict().name().toLowerCase(java.util.Locale.ROOT));
        if (b.score().isPresent()) {
            ScoreComparison s = b.score().get();
            g.writeObjectFieldStart("score");
            g.writeStringField("unit", s.unit());
            g.writeBooleanField("higherIsBetter", s.higherIsBetter());
            side(g, "base", s.base());
            side(g, "head", s.head());
            number(g, "change", s.change());
            number(g, "low", s.low());
            number(g, "high", s.high());
            number(g, "pValue", s.pValue());
            number(g, "qValue", b.qValue());
            SuiteMeasures m = SuiteMeasures.of(s, report.scoreGate(), report.level());
            g.writeObjectFieldStart("noise");
            number(g, "threshold", m.threshold());
            g.writeBooleanField("thresholdFromGate", m.fromGate());
            number(g, "cv", m.cv());
            g.writeBooleanField("cvBetweenForks", m.cvOfForks());
            number(g, "falseAlert", m.falseAlert());
            if (m.forksNeeded() < 0 || m.forksNeeded() == Integer.MAX_VALUE) {
                g.writeNullField("forksNeeded");
            } else {
                g.writeNumberField("forksNeeded", m.forksNeeded());
            }
            g.writeEndObject();
            g.writeEndObject();
        } else {
            g.writeNullField("score");
        }
        profile(g, b.profile());
        strings(g, "gateReasons", b.gateReasons());
        g.writeEndObject();
    }

    private static void side(JsonGenerator g, String name, SideScores s) throws IOException {
        g.writeObjectFieldStart(name);
        number(g, "score", s.score());
        g.writeNumberField("forks", s.forks());
        g.writeNumberField("iterations", s.iterations());
        number(g, "cv", s.cv());
        g.writeBooleanField("cvBetweenForks", s.cvOfForks());
        number(g, "iterationCv", s.iterationCv());
        g.writeEndObject();
    }

    private void profile(JsonGenerator g, ProfileFinding f) throws IOException {
        g.writeObjectFieldStart("profile");
        if (f.graph().isPresent()) {
            g.writeStringField("graph", links.to(f.graph().get()));
        } else {
            g.writeNullField("graph");
        }
        if (f.png().isPresent()) {
            g.writeStringField("png", links.to(f.png().get()));
        }
        frames(g, "regressions", f.regressions());
        frames(g, "improvements", f.improvements());
        number(g, "overall", f.overall());
        g.writeNumberField("baseRuns", f.baseRuns());
        g.writeNumberField("headRuns", f.headRuns());
        g.writeStringField("normalization", f.normalization());
        g.writeStringField("threads", f.threads());
        if (f.problem().isPresent() && !f.problem().get().isEmpty()) {
            g.writeStringField("problem", f.problem().get());
        } else {
            g.writeNullField("problem");
        }
        g.writeEndObject();
    }

    private static void frames(JsonGenerator g, String name, List<FrameChange> frames) throws IOException {
        g.writeArrayFieldStart(name);
        for (FrameChange f : frames) {
            g.writeStartObject();
            g.writeStringField("frame", f.name());
            number(g, "impact", f.impact());
            g.writeStringField("status", f.status());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void strings(JsonGenerator g, String name, List<String> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    private static void number(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isFinite(v)) {
            g.writeNumberField(name, v);
        } else {
            g.writeNullField(name);
        }
    }
}
