package dev.flamediff.collect;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.ValueType;
import java.util.List;

/**
 * Copies a call tree node by node, each node either kept under its parent's copy, folded into its
 * parent's copy (its frame taken out of the stack), started afresh under the root, or dropped
 * with its own values. Nodes whose subtree holds none of the copied values are not made, so the
 * copy has no empty paths. The one walk behind hiding frames, re-rooting stacks and splitting a
 * 3-column profile into its sides.
 */
final class TreeRewrite {

    /** What becomes of one node of the source tree. */
    enum Move { KEEP, FOLD, ROOT, DROP }

    /** Says what becomes of a node, given what became of its parent (KEEP for the root's children). */
    interface Rule {
        Move move(CallTree tree, int node, Move parent);
    }

    /** Gives the frame a node's copy has: its own, or a renamed one. */
    interface Naming {
        Frame frame(CallTree tree, int node);
    }

    private TreeRewrite() {
    }

    /**
     * Returns the copy: the values of {@code valueIndexes} of the source, under {@code types}; a
     * type with more decimals than its source gets its values multiplied to match.
     *
     * @throws ArithmeticException if a value does not fit a long in the finer unit
     * @param dropped receives, per copied value, the sum of the self values of dropped nodes
     */
    static CallTree copy(CallTree tree, int[] valueIndexes, List<ValueType> types, Rule rule, long[] dropped) {
        return copy(tree, valueIndexes, types, rule, CallTree::frame, dropped);
    }

    /**
     * As {@link #copy(CallTree, int[], List, Rule, long[])}, each kept node's copy given the frame
     * {@code naming} gives it; siblings whose copies have the same frame become one node.
     */
    static CallTree copy(CallTree tree, int[] valueIndexes, List<ValueType> types, Rule rule, Naming naming,
                         long[] dropped) {
        int n = tree.size();
        CallTreeBuilder builder = new CallTreeBuilder(types);
        int[] target = new int[n];
        Move[] moves = new Move[n];
        moves[0] = Move.KEEP;
        long[] factor = new long[valueIndexes.length];
        for (int v = 0; v < factor.length; v++) {
            int more = types.get(v).decimals() - tree.valueTypes().get(valueIndexes[v]).decimals();
            factor[v] = ValueType.powerOfTen(more);
        }
        target[0] = 0;
        try {
            for (int node = 1; node < n; node++) {
                int parent = tree.parent(node);
                Move move = rule.move(tree, node, parent == 0 ? Move.KEEP : moves[parent]);
                moves[node] = move;
                if (move == Move.DROP) {
                    target[node] = -1;
                    for (int v = 0; v < valueIndexes.length; v++) {
                        dropped[v] += tree.self(valueIndexes[v], node);
                    }
                    continue;
                }
                if (move == Move.FOLD) {
                    target[node] = target[parent] < 0 ? 0 : target[parent];
                } else if (!holdsValues(tree, valueIndexes, node)) {
                    target[node] = -1;
                    continue;
                } else {
                    int under = move == Move.ROOT ? 0 : target[parent];
                    target[node] = builder.child(under, builder.frameId(naming.frame(tree, node)));
                }
                for (int v = 0; v < valueIndexes.length; v++) {
                    long self = tree.self(valueIndexes[v], node);
                    if (self != 0) {
                        builder.addSelf(target[node], v, Math.multiplyExact(self, factor[v]));
                    }
                }
            }
        } catch (LimitExceededException e) {
            // The builder has no limits, and a copy is never larger than its source.
            throw new IllegalStateException(e);
        }
        return builder.build();
    }

    private static boolean holdsValues(CallTree tree, int[] valueIndexes, int node) {
        for (int v : valueIndexes) {
            if (tree.total(v, node) != 0) {
                return true;
            }
        }
        return false;
    }
}
