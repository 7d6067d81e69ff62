package dev.flamediff.collect.collapsed;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes one value type of a profile as collapsed stacks, the format {@link CollapsedReader}
 * reads: a {@code frame;...;frame value} line for every node with a self value and for every
 * leaf (so zero-valued paths survive), lines sorted by stack, each frame's kind written back as
 * async-profiler's suffix ({@link dev.flamediff.model.FrameKind#collapsedSuffix()}), {@code \n}
 * line ends, UTF-8. Reading the output gives the same tree back for any profile the reader made,
 * and reading, writing and reading again is a fixed point. Stateless.
 */
public final class CollapsedWriter {

    private CollapsedWriter() {
    }

    /**
     * Writes the profile's only value type; the stream is flushed, not closed.
     *
     * @throws IllegalArgumentException if the profile has more than one value type, or cannot be
     *     written as collapsed stacks (see {@link #write(CallTree, int, Writer)})
     * @throws IOException if writing fails
     */
    public static void write(Profile profile, OutputStream out) throws IOException {
        List<ValueType> types = profile.valueTypes();
        if (types.size() != 1) {
            throw new IllegalArgumentException("collapsed stacks hold one value type, the profile has " + types);
        }
        write(profile.tree(), 0, out);
    }

    /**
     * Writes one value type of a tree; the stream is flushed, not closed.
     *
     * @throws IllegalArgumentException see {@link #write(CallTree, int, Writer)}
     * @throws IOException if writing fails
     */
    public static void write(CallTree tree, int valueIndex, OutputStream out) throws IOException {
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        write(tree, valueIndex, writer);
    }

    /**
     * Writes one value type of a tree; the writer is flushed, not closed.
     *
     * @throws IllegalArgumentException if the root has a self value (a stack of no frames has no
     *     line), or a frame name is empty or contains {@code ;} or a line break, since the
     *     format cannot hold them
     * @throws IndexOutOfBoundsException if the value index is not one of the tree's
     * @throws IOException if writing fails
     */
    public static void write(CallTree tree, int valueIndex, Writer out) throws IOException {
        if (tree.self(valueIndex, 0) != 0) {
            throw new IllegalArgumentException("the root has a self value, which collapsed stacks cannot hold");
        }
        List<Line> lines = new ArrayList<>();
        StringBuilder path = new StringBuilder();
        int[] lengthAtDepth = new int[tree.maxDepth() + 1];
        String[] encoded = new String[tree.frames().size()];
        for (int node = 1; node < tree.size(); node++) {
            int depth = tree.depth(node);
            path.setLength(lengthAtDepth[depth - 1]);
            if (depth > 1) {
                path.append(';');
            }
            int f = tree.frameId(node);
            if (encoded[f] == null) {
                encoded[f] = encode(tree.frames().frame(f));
            }
            path.append(encoded[f]);
            lengthAtDepth[depth] = path.length();
            long self = tree.self(valueIndex, node);
            if (self != 0 || tree.firstChild(node) < 0) {
                lines.add(new Line(path.toString(), self));
            }
        }
        // Sorted by stack alone: sorting whole lines would let a count digit decide the order.
        lines.sort(null);
        for (Line line : lines) {
            out.write(line.stack);
            out.write(' ');
            out.write(Long.toString(line.value));
            out.write('\n');
        }
        out.flush();
    }

    private record Line(String stack, long value) implements Comparable<Line> {
        @Override
        public int compareTo(Line other) {
            return stack.compareTo(other.stack);
        }
    }

    /** Returns the frame as written in a stack: its name and its kind's suffix. */
    static String encode(Frame frame) {
        String name = frame.name();
        if (name.isEmpty() || name.indexOf(';') >= 0 || name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("frame name cannot be written as collapsed stacks: '"
                    + name.replace("\n", "\\n").replace("\r", "\\r") + "'");
        }
        return name + frame.kind().collapsedSuffix();
    }
}
