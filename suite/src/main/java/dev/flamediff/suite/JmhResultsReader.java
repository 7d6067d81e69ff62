package dev.flamediff.suite;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH's JSON result files ({@code -rf json -rff results.json}): an array with one object
 * per benchmark, mode and parameter set. Scores JMH could not compute are written as the string
 * {@code "NaN"}, which is read as NaN. Stateless.
 */
public final class JmhResultsReader {

    /** Result files larger than this are not JMH's (a 1000-benchmark suite writes a few MB). */
    static final long MAX_BYTES = 256L << 20;

    // Nesting deeper than JMH's five levels is not a result file; Jackson's default allows 1000.
    private final ObjectMapper json = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build()).build());

    /**
     * Returns whether the file looks like JMH results from its first bytes: a {@code .json} file
     * holding an array whose first object names a benchmark and a primary metric.
     */
    public static boolean looksLikeResults(Path file) {
        if (!file.getFileName().toString().endsWith(".json") || !Files.isRegularFile(file)) {
            return false;
        }
        byte[] head = new byte[8192];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            return false;
        }
        String text = new String(head, 0, n, StandardCharsets.UTF_8).stripLeading();
        return text.startsWith("[") && text.contains("\"benchmark\"")
                && (text.contains("\"primaryMetric\"") || text.contains("\"jmhVersion\""));
    }

    /**
     * Reads every benchmark of a result file.
     *
     * @return the benchmarks in file order
     * @throws SuiteInputException naming the file and, for a malformed entry, its index and field
     * @throws IOException if the file cannot be read
     */
    public List<JmhResult> read(Path file) throws SuiteInputException, IOException {
        String name = file.toString();
        if (Files.size(file) > MAX_BYTES) {
            throw new SuiteInputException(name + ": JMH results: larger than " + (MAX_BYTES >> 20)
                    + " MB, not a JMH result file", null);
        }
        JsonNode root;
        try (InputStream in = Files.newInputStream(file)) {
            root = json.readTree(in);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() != null
                    ? "line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()
                    : e.getOriginalMessage();
            throw new SuiteInputException(name + ": JMH results: not valid JSON (" + where + ")", e);
        }
        if (root == null || !root.isArray()) {
            throw new SuiteInputException(name + ": JMH results: expected a JSON array of benchmarks (-rf json)", null);
        }
        List<JmhResult> out = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            out.add(entry(root.get(i), name, i));
        }
        return out;
    }

    private static JmhResult entry(JsonNode node, String file, int index) throws SuiteInputException {
        String where = file + ": JMH results, benchmark " + index;
        if (!node.isObject()) {
            throw new SuiteInputException(where + ": expected an object", null);
        }
        String benchmark = text(node, "benchmark", where);
        String mode = text(node, "mode", where);
        JsonNode metric = node.get("primaryMetric");
        if (metric == null || !metric.isObject()) {
            throw new SuiteInputException(where + " (" + benchmark + "): no primaryMetric", null);
        }
        Map<String, String> params = new LinkedHashMap<>();
        JsonNode p = node.get("params");
        if (p != null && p.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = p.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                params.put(e.getKey(), e.getValue().asText());
            }
        }
        String unit = metric.hasNonNull("scoreUnit") ? metric.get("scoreUnit").asText() : "";
        return new JmhResult(benchmark, mode, params, number(metric.get("score")), number(metric.get("scoreError")),
                unit, iterations(metric, where + " (" + benchmark + ")"), file);
    }

    private static List<List<Double>> iterations(JsonNode metric, String where) throws SuiteInputException {
        List<List<Double>> forks = new ArrayList<>();
        JsonNode raw = metric.get("rawData");
        JsonNode histogram = metric.get("rawDataHistogram");
        if (raw != null && raw.isArray()) {
            for (JsonNode fork : raw) {
                List<Double> values = new ArrayList<>();
                for (JsonNode v : array(fork, where + ": rawData")) {
                    values.add(finite(number(v), where + ": rawData"));
                }
                forks.add(values);
            }
        } else if (histogram != null && histogram.isArray()) {
            // Sample mode: per fork, per iteration, [value, count] pairs; an iteration's score is their mean.
            for (JsonNode fork : histogram) {
                List<Double> values = new ArrayList<>();
                for (JsonNode iteration : array(fork, where + ": rawDataHistogram")) {
                    double sum = 0;
                    double count = 0;
                    for (JsonNode bin : array(iteration, where + ": rawDataHistogram")) {
                        if (!bin.isArray() || bin.size() != 2) {
                            throw new SuiteInputException(where + ": rawDataHistogram: expected [value, count] pairs", null);
                        }
                        double c = finite(number(bin.get(1)), where + ": rawDataHistogram");
                        sum += finite(number(bin.get(0)), where + ": rawDataHistogram") * c;
                        count += c;
                    }
                    if (count > 0) {
                        values.add(sum / count);
                    }
                }
                forks.add(values);
            }
        }
        return forks;
    }

    private static JsonNode array(JsonNode node, String where) throws SuiteInputException {
        if (node == null || !node.isArray()) {
            throw new SuiteInputException(where + ": expected an array per fork and iteration", null);
        }
        return node;
    }

    private static String text(JsonNode node, String field, String where) throws SuiteInputException {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) {
            throw new SuiteInputException(where + ": no \"" + field + "\"", null);
        }
        return v.asText();
    }

    /** JMH writes numbers, and NaN or infinities as strings. */
    private static double number(JsonNode v) {
        if (v == null || v.isNull()) {
            return Double.NaN;
        }
        if (v.isNumber()) {
            return v.asDouble();
        }
        if (v.isTextual()) {
            try {
                return Double.parseDouble(v.asText().trim());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    private static double finite(double v, String where) throws SuiteInputException {
        if (!Double.isFinite(v)) {
            throw new SuiteInputException(where + ": a measurement is not a finite number", null);
        }
        return v;
    }
}
