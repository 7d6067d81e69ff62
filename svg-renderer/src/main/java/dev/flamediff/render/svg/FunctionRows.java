package dev.flamediff.render.svg;

import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.FunctionDiff;
import dev.flamediff.diff.FunctionTable;
import dev.flamediff.render.RenderInterrupts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The graph's function list, read from the diff engine's by-function diff ({@link FunctionTable}):
 * one row per function merged over its call paths, with its inclusive values (counted once under
 * recursion), its self values, its impact and whether its change is likely real. The culprits
 * come first, as the engine ranks them ({@link FunctionTable#culprits()}), then the other
 * functions by their inclusive impact. The function the graph opens on is the top culprit: the
 * top regression, else the top improvement ({@link FunctionTable#leadingCulprit()}).
 *
 * @param table the diff's functions
 * @param rows the listed functions, in order
 * @param highlighted the row highlighted by default, or -1 when the diff has no culprit
 * @param rowOfFunction per function of the table, its row, or -1 when it is not listed
 */
record FunctionRows(FunctionTable table, List<Row> rows, int highlighted, int[] rowOfFunction) {

    /** The most functions listed: the list is for finding what changed, not an inventory. */
    static final int LIMIT = 60;

    /**
     * One listed function.
     *
     * @param function the function's values and tests
     * @param index its index in the table
     * @param culprit the culprit it is, or null when a change does not start there
     */
    record Row(FunctionDiff function, int index, Culprit culprit) {
    }

    FunctionRows {
        rows = List.copyOf(rows);
    }

    /** Returns the list of the diff's functions. */
    static FunctionRows of(DiffTree diff) {
        FunctionTable table = diff.functions();
        Map<FunctionDiff, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < table.size(); i++) {
            RenderInterrupts.checkEvery(i);
            index.put(table.get(i), i);
        }
        List<Row> rows = new ArrayList<>();
        int[] rowOf = new int[table.size()];
        Arrays.fill(rowOf, -1);
        for (Culprit c : table.culprits()) {
            add(rows, rowOf, new Row(c.function(), index.get(c.function()), c));
        }
        for (int i = 0; i < table.size() && rows.size() < LIMIT; i++) {
            if (rowOf[i] < 0) {
                add(rows, rowOf, new Row(table.get(i), i, null));
            }
        }
        // The list needs only the leading culprit, not the summary's rankings and their tests.
        Optional<Culprit> lead = table.leadingCulprit();
        int highlighted = lead.isEmpty() ? -1 : rowOf[index.get(lead.get().function())];
        return new FunctionRows(table, rows, highlighted, rowOf);
    }

    private static void add(List<Row> rows, int[] rowOf, Row row) {
        if (rows.size() < LIMIT && rowOf[row.index()] < 0) {
            rowOf[row.index()] = rows.size();
            rows.add(row);
        }
    }

    /** Returns the row of a node's function, or -1 when it is not listed (or for the root). */
    int rowOf(int node) {
        int f = table.indexOf(node);
        return f < 0 ? -1 : rowOfFunction[f];
    }

    /** Returns the highlighted row, or null. */
    Row top() {
        return highlighted < 0 ? null : rows.get(highlighted);
    }
}
