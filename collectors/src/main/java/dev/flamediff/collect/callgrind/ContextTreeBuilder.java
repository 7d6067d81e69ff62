package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.ReadInterrupts;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.TreeLimits;
import dev.flamediff.model.ValueType;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Builds the exact call tree of a file recorded with {@code --separate-callers=N}: every
 * function's name carries its callers, so its self cost is put on the stack the name spells out.
 * No call edge is needed, so no stack is invented.
 */
final class ContextTreeBuilder {

    /**
     * The frame put above stacks whose callers were cut at the recorded depth, so they are seen
     * as incomplete and grouped instead of posing as roots (async-profiler's name for it).
     */
    static final Frame TRUNCATED = new Frame("[truncated]", FrameKind.UNKNOWN);

    private ContextTreeBuilder() {
    }

    /**
     * The tree and how many functions had a caller chain cut by the recorded depth: their stacks
     * start at {@link #TRUNCATED} and then the outermost caller callgrind kept.
     */
    record Result(CallTree tree, int cutContexts) {
    }

    /**
     * Returns the tree.
     *
     * @param eventOrder for each value index of the tree, the event index in the file
     * @param root a frame to put above every stack (a thread), or null
     * @throws LimitExceededException if the tree exceeds the limits
     * @throws InterruptedIOException if the thread is interrupted (checked every 4,096 functions)
     */
    static Result build(CallGraph graph, List<ValueType> valueTypes, int[] eventOrder, Frame root, TreeLimits limits,
                        String source) throws LimitExceededException, InterruptedIOException {
        // Functions that callgrind wrote without callers are the roots: a stack starting elsewhere
        // was cut at --separate-callers=N.
        Set<String> roots = new HashSet<>();
        for (int f = 0; f < graph.size(); f++) {
            if ((f & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            List<String> stack = ContextName.stackRootFirst(graph.name(f));
            if (stack.size() == 1) {
                roots.add(stack.get(0));
            }
        }
        int cut = 0;
        CallTreeBuilder builder = new CallTreeBuilder(valueTypes, limits);
        long[] values = new long[eventOrder.length];
        for (int f = 0; f < graph.size(); f++) {
            if ((f & 4095) == 0) {
                ReadInterrupts.check(source);
            }
            boolean any = false;
            for (int v = 0; v < eventOrder.length; v++) {
                values[v] = graph.self(f, eventOrder[v]);
                any |= values[v] != 0;
            }
            if (!any) {
                continue;
            }
            List<String> stack = ContextName.stackRootFirst(graph.name(f));
            List<Frame> frames = new ArrayList<>(stack.size() + 2);
            if (root != null) {
                frames.add(root);
            }
            if (!roots.contains(stack.get(0))) {
                cut++;
                frames.add(TRUNCATED);
            }
            for (String name : stack) {
                frames.add(new Frame(name, FrameKind.NATIVE));
            }
            int[] ids = new int[frames.size()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = builder.frameId(frames.get(i));
            }
            builder.addStack(ids, ids.length, values);
        }
        return new Result(builder.build(), cut);
    }
}
