package dev.flamediff.collect.collapsed;

import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.ValueType;
import java.util.List;

/**
 * Merges the parts of a collapsed file read apart into what one read of the whole file gives: the
 * trees added in file order into the first part's (frame ids as one read numbers them), values
 * brought to the decimals of the finest part, bad-line numbers shifted by the lines before their
 * part, the header's comments taken in file order.
 */
final class PartMerger {

    private PartMerger() {
    }

    /**
     * Returns the merged result, or null when only a read of the whole file can say what it is: no
     * count column in the first part (the file's columns and value type are decided by its first
     * stack line), parts that disagree on the columns, sums that overflow, a merged tree over the
     * limits, or no stacks at all (the error names the bad lines).
     *
     * @throws java.util.concurrent.CancellationException if the thread is interrupted meanwhile
     */
    static CollapsedParser.Parsed merge(List<CollapsedParser.Part> parts) {
        CollapsedParser.Part first = parts.get(0);
        CallTreeBuilder tree = first.builder();
        if (tree == null) {
            return null;
        }
        int columns = first.columns();
        long stacks = 0;
        try {
            int[] decimals = new int[columns];
            for (CollapsedParser.Part p : parts) {
                if (p.builder() != null && p.columns() != columns) {
                    return null;
                }
                for (int v = 0; p.builder() != null && v < columns; v++) {
                    decimals[v] = Math.max(decimals[v], p.builder().valueTypes().get(v).decimals());
                }
            }
            long[] totals = new long[columns];
            for (CollapsedParser.Part p : parts) {
                for (int v = 0; p.builder() != null && v < columns; v++) {
                    int d = p.builder().valueTypes().get(v).decimals();
                    totals[v] = Math.addExact(totals[v],
                            Math.multiplyExact(p.totals()[v], ValueType.powerOfTen(decimals[v] - d)));
                    p.builder().raiseDecimals(v, decimals[v]);
                }
                stacks += p.stacks();
            }
            if (stacks == 0) {
                return null;
            }
            for (CollapsedParser.Part p : parts.subList(1, parts.size())) {
                if (p.builder() != null) {
                    tree.addAll(p.builder());
                }
            }
        } catch (ArithmeticException | LimitExceededException e) {
            return null;
        }
        long lines = first.lines();
        boolean rounded = first.rounded();
        for (CollapsedParser.Part p : parts.subList(1, parts.size())) {
            first.header().addAll(p.header());
            first.badLines().addAll(p.badLines(), lines);
            lines += p.lines();
            rounded |= p.rounded();
        }
        return new CollapsedParser.Parsed(tree.build(), columns, first.header(), first.badLines(), rounded);
    }
}
