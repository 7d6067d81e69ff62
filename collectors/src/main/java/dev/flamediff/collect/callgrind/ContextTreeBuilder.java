package dev.flamediff.collect.callgrind;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.TreeLimits;
import dev.flamediff.model.ValueType;
import java.util.List;

/**
 * Builds the exact call tree of a file recorded with {@code --separate-callers=N}: every
 * function's name carries its callers, so its self cost is put on the stack the name spells out.
 * No call edge is needed, so no stack is invented.
 */
final class ContextTreeBuilder {

    private ContextTreeBuilder() {
    }

    /**
     * Returns the tree.
     *
     * @param eventOrder for each value index of the tree, the event index in the file
     * @throws LimitExceededException if the tree exceeds the limits
     */
    static CallTree build(CallGraph graph, List<ValueType> valueTypes, int[] eventOrder, TreeLimits limits)
            throws LimitExceededException {
        CallTreeBuilder builder = new CallTreeBuilder(valueTypes, limits);
        long[] values = new long[eventOrder.length];
        for (int f = 0; f < graph.size(); f++) {
            boolean any = false;
            for (int v = 0; v < eventOrder.length; v++) {
                values[v] = graph.self(f, eventOrder[v]);
                any |= values[v] != 0;
            }
            if (!any) {
                continue;
            }
            List<String> stack = ContextName.stackRootFirst(graph.name(f));
            int[] ids = new int[stack.size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = builder.frameId(new Frame(stack.get(i), FrameKind.NATIVE));
            }
            builder.addStack(ids, ids.length, values);
        }
        return builder.build();
    }
}
