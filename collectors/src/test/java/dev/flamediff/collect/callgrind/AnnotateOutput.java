package dev.flamediff.collect.callgrind;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The expected values of a fixture: the committed output of
 * {@code callgrind_annotate --auto=no --threshold=100 --inclusive=no}, parsed back into the
 * self cost per function name (summed over files and objects) and the program totals.
 */
record AnnotateOutput(List<String> events, long[] programTotals, Map<String, long[]> selfByFunction) {

    private static final Pattern VALUE = Pattern.compile("\\s*([\\d,]+|\\.)(\\s*\\(\\s*[\\d.]+%\\))?");
    private static final Pattern OBJECT = Pattern.compile("\\s\\[[^\\[\\]]*\\]$");

    static AnnotateOutput read(Path path) throws IOException {
        List<String> lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        List<String> events = null;
        long[] totals = null;
        Map<String, long[]> self = new TreeMap<>();
        boolean rows = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("Events shown:")) {
                events = List.of(line.substring("Events shown:".length()).strip().split("\\s+"));
            } else if (line.endsWith("PROGRAM TOTALS")) {
                totals = values(line, events.size(), new int[1]);
            } else if (line.strip().endsWith("file:function")) {
                rows = true;
                i++; // the dashes under the heading
            } else if (rows && !line.isBlank()) {
                int[] end = new int[1];
                long[] v = values(line, events.size(), end);
                String where = OBJECT.matcher(line.substring(end[0]).strip()).replaceFirst("");
                String function = where.substring(where.indexOf(':') + 1);
                long[] into = self.computeIfAbsent(function, k -> new long[v.length]);
                for (int e = 0; e < v.length; e++) {
                    into[e] += v[e];
                }
            } else if (rows) {
                break;
            }
        }
        if (events == null || totals == null || self.isEmpty()) {
            throw new IOException(path + ": not a callgrind_annotate output");
        }
        return new AnnotateOutput(events, totals, self);
    }

    private static long[] values(String line, int count, int[] end) {
        long[] out = new long[count];
        Matcher m = VALUE.matcher(line);
        int at = 0;
        for (int e = 0; e < count; e++) {
            if (!m.find(at) || m.start() != at) {
                throw new IllegalArgumentException("expected " + count + " values: " + line);
            }
            String v = m.group(1);
            out[e] = v.equals(".") ? 0 : Long.parseLong(v.replace(",", ""));
            at = m.end();
        }
        end[0] = at;
        return out;
    }

    @Override
    public String toString() {
        return events + " " + Arrays.toString(programTotals) + " " + selfByFunction.size() + " functions";
    }
}
