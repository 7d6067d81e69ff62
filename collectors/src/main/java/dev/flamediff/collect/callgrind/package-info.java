/**
 * Valgrind callgrind input ({@code callgrind.out.<pid>}), read by
 * {@link dev.flamediff.collect.callgrind.CallgrindReader}.
 *
 * <p>The data flow: {@code CallgrindParser} turns the lines into a {@code CallGraph} (self cost
 * per function, inclusive cost per call edge, one value per event), using {@code NameTable}s for
 * name compression and a {@code PositionDecoder} for subposition compression. Callgrind records
 * a call graph, not stacks, so the tree is built one of two ways:
 * <ul>
 *   <li>{@code ContextTreeBuilder}: when function names carry their callers
 *       ({@code --separate-callers=N}), each function's self cost goes on the stack its name
 *       spells out. Exact; nothing is invented.</li>
 *   <li>{@code ProportionalTreeBuilder}: otherwise each function's cost is spread over its
 *       callers in proportion to the call costs (the average-call assumption), with recursion
 *       and cycles cut where a function is already on the stack. The profile is marked
 *       approximate. Shares are split in integers that add up exactly, so the tree's total is
 *       the sum of the self costs for every event.</li>
 * </ul>
 * The sum of the self costs is the truth; the file's {@code totals:} and {@code summary:} lines
 * are checks, and a note says when they disagree.
 */
package dev.flamediff.collect.callgrind;
