package dev.flamediff.collect.callgrind;

import java.util.List;

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
 */
record CallgrindFile(List<String> events, CallGraph graph, long[] selfTotals, long[] totals, long[] summary,
                     int parts, List<String> threads, String command, String creator) {
}
