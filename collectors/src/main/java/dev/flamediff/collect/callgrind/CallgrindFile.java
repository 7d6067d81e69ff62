package dev.flamediff.collect.callgrind;

import java.util.List;
import java.util.Map;

/**
 * What {@link CallgrindParser} read from one callgrind file.
 *
 * @param events the event names of {@code events:}, in the file's order
 * @param graph the functions with self and call costs
 * @param selfTotals the sum of all self costs per event: the truth for the tree's total
 * @param totals the sum of the {@code totals:} lines of all parts, or null if there were none
 * @param summary the sum of the {@code summary:} lines of all parts, or null if there were none
 * @param parts how many parts ({@code part:} sections, from {@code --combine-dumps}) were read
 * @param threads the {@code thread:} values, in order, for per-thread files
 * @param command the profiled command ({@code cmd:}), or empty
 * @param creator the writer ({@code creator:}), or empty
 * @param longNames the long names of events given by {@code event: name : long name} lines
 * @param truncated whether the file was cut short: its last part has a {@code summary:} but no
 *     {@code totals:} line; what was there was read, a broken last line left out
 */
record CallgrindFile(List<String> events, CallGraph graph, long[] selfTotals, long[] totals, long[] summary,
                     int parts, List<String> threads, String command, String creator, Map<String, String> longNames,
                     boolean truncated) {

    /**
     * Returns the unit of an event: {@code instructions} for {@code Ir}, a time unit when the
     * long name ends in {@code ns)}, {@code us)} or {@code ms)} ({@code --collect-systime}),
     * {@code events} otherwise (cache misses, branches: counted exactly, not sampled).
     */
    String unit(String event) {
        if (event.equals("Ir")) {
            return "instructions";
        }
        String longName = longNames.getOrDefault(event, "");
        if (longName.endsWith("ns)")) {
            return "nanoseconds";
        }
        if (longName.endsWith("us)")) {
            return "microseconds";
        }
        if (longName.endsWith("ms)")) {
            return "milliseconds";
        }
        return "events";
    }
}
