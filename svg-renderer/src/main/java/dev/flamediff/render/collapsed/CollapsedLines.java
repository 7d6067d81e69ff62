package dev.flamediff.render.collapsed;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.model.Frame;
import dev.flamediff.render.OutputNames;
import dev.flamediff.render.RenderInterrupts;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The stacks of a diff's 3-column output in code point order of their text, without the text:
 * a stack is its node, and two stacks are compared by the texts of the two frames where their
 * paths part (and, when one of those texts starts the other, by what follows). Holding every line's text took gigabytes: two stacks of 16,384
 * frames with names cut at 8,192 characters are 134 million characters each. Single-threaded.
 */
final class CollapsedLines {

    private static final int SEPARATOR = ';';

    private final DiffTree diff;
    /** Per node, the index in {@link #texts} of its frame's text in a line. */
    private final int[] textOf;
    private final String[] texts;
    private final Cursor left = new Cursor();
    private final Cursor right = new Cursor();
    private int compared;

    CollapsedLines(DiffTree diff) {
        this.diff = diff;
        // One text per function and kind (the functions are merged by name).
        Map<Long, Integer> ids = new HashMap<>();
        List<String> distinct = new ArrayList<>();
        textOf = new int[diff.size()];
        for (int n = 1; n < diff.size(); n++) {
            RenderInterrupts.checkEvery(n);
            Frame f = diff.frame(n);
            long key = ((long) diff.functions().indexOf(n) << 8) | f.kind().ordinal();
            Integer id = ids.get(key);
            if (id == null) {
                id = distinct.size();
                ids.put(key, id);
                // A line break inside a name would end the line early: the format cannot hold one.
                distinct.add(OutputNames.capped(f.name()).replace('\n', ' ').replace('\r', ' ')
                        + f.kind().collapsedSuffix());
            }
            textOf[n] = id;
        }
        texts = distinct.toArray(String[]::new);
    }

    /**
     * Returns the nodes with a self value in base or head, sorted by their stack's text in code
     * point order; nodes whose stacks print the same text are next to each other.
     */
    int[] sorted() {
        int count = 0;
        for (int n = 1; n < diff.size(); n++) {
            RenderInterrupts.checkEvery(n);
            if (diff.baseSelf(n) != 0 || diff.headSelf(n) != 0) {
                count++;
            }
        }
        Integer[] lines = new Integer[count];
        int k = 0;
        for (int n = 1; n < diff.size(); n++) {
            if (diff.baseSelf(n) != 0 || diff.headSelf(n) != 0) {
                lines[k++] = n;
            }
        }
        Arrays.sort(lines, this::compare);
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            out[i] = lines[i];
        }
        return out;
    }

    /** Compares the texts of two nodes' stacks in code point order. */
    int compare(int a, int b) {
        RenderInterrupts.checkEvery(++compared);
        if (a == b) {
            return 0;
        }
        // Up to the two frames where the paths part, children of their last shared frame: the
        // frames above print the same, and so does the separator after them.
        int x = a;
        int y = b;
        while (diff.depth(x) > diff.depth(y)) {
            x = diff.parent(x);
        }
        while (diff.depth(y) > diff.depth(x)) {
            y = diff.parent(y);
        }
        if (x == y) {
            // One stack is the start of the other: the shorter first.
            return diff.depth(a) < diff.depth(b) ? -1 : 1;
        }
        while (diff.parent(x) != diff.parent(y)) {
            x = diff.parent(x);
            y = diff.parent(y);
        }
        String tx = text(x);
        String ty = text(y);
        int n = Math.min(tx.length(), ty.length());
        for (int i = 0; i < n; i++) {
            if (tx.charAt(i) != ty.charAt(i)) {
                // At a surrogate the code points decide (a low one after equal high ones decides alike).
                return Integer.compare(tx.codePointAt(i), ty.codePointAt(i));
            }
        }
        // One frame's text is the start of the other's, or both print the same: what follows decides.
        left.path(a);
        right.path(b);
        left.start(diff.depth(x) - 1);
        right.start(diff.depth(y) - 1);
        while (true) {
            int ca = left.next();
            int cb = right.next();
            if (ca != cb) {
                return ca < 0 ? -1 : cb < 0 ? 1 : Integer.compare(ca, cb);
            }
            if (ca < 0) {
                return 0;
            }
        }
    }

    /** Writes the node's stack, {@code frame;frame;...;frame}. */
    void write(Writer w, int node) throws IOException {
        left.path(node);
        for (int i = 0; i < left.length; i++) {
            if (i > 0) {
                w.write(SEPARATOR);
            }
            w.write(text(left.nodes[i]));
        }
    }

    /** The frame's text in a line: its name as outputs cut it, no line break, and its kind's suffix. */
    private String text(int node) {
        return texts[textOf[node]];
    }

    /** Reads a stack's text a code point at time, from one of its frames on. */
    private final class Cursor {
        private int[] nodes = new int[64];
        private int length;
        private int frame;
        private String text;
        private int pos;

        /** Takes the node's path, root side first, the root ({@code all}) left out. */
        void path(int node) {
            length = diff.depth(node);
            if (nodes.length < length) {
                nodes = new int[Math.max(length, nodes.length * 2)];
            }
            for (int n = node, d = length - 1; d >= 0; n = diff.parent(n), d--) {
                nodes[d] = n;
            }
        }

        void start(int from) {
            frame = from;
            text = from < length ? text(nodes[from]) : null;
            pos = 0;
        }

        /** Returns the next code point, the separator between frames, or -1 at the end. */
        int next() {
            if (text == null) {
                return -1;
            }
            if (pos < text.length()) {
                int c = text.codePointAt(pos);
                pos += Character.charCount(c);
                return c;
            }
            if (++frame >= length) {
                text = null;
                return -1;
            }
            text = text(nodes[frame]);
            pos = 0;
            return SEPARATOR;
        }
    }
}
