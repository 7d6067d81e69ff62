package dev.flamediff.render.collapsed;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Normalization;
import dev.flamediff.model.Frame;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.OutputNames;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a diff as 3-column collapsed stacks, {@code frame;frame;...;frame base head} per line:
 * the output format of FlameGraph's {@code difffolded.pl}, which {@code flamegraph.pl} and inferno
 * draw as a differential flame graph.
 *
 * <p>One line per call path whose self value is non-zero in base or head (the root's own self
 * value has no stack to print and is left out); the columns are the path's base and head self
 * values. Frame kinds are written back as async-profiler's suffixes ({@code _[j]}, {@code _[k]}...),
 * so that reading the output again gives the same frames. Two paths that print the same text (a
 * frame of unknown kind beside a native one of the same name) are summed into one line, as
 * difffolded.pl sums repeated stacks.
 *
 * <p>Lines are sorted by stack in Unicode code point order, which is the byte order of the UTF-8
 * output ({@code LC_ALL=C sort}); difffolded.pl itself prints in Perl's hash order. Without
 * normalization the numbers are the exact sums (with their fraction when the input counts had
 * one, {@code 31.23}, as Perl prints a sum of such numbers); with any other normalization each value is
 * truncated to an integer, as {@code difffolded.pl -n} does. Where difffolded.pl differs: a stack
 * whose count is 0 in both inputs is not printed (the tree cannot tell it from a prefix), and
 * {@code total} normalization with an empty side leaves the values unscaled, where the script
 * dies or zeroes every base count.
 */
public final class CollapsedDiffRenderer implements DiffRenderer {

    private static final Comparator<String> CODE_POINT_ORDER = (a, b) -> {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    };

    /** Returns {@code collapsed}. */
    @Override
    public String format() {
        return "collapsed";
    }

    /**
     * Returns true: the 3-column lines promise difffolded.pl's, and difffolded.pl tells
     * {@code foo_[j]} from {@code foo_[i]}.
     */
    @Override
    public boolean needsExactFrameKinds() {
        return true;
    }

    /**
     * Writes the diff's 3-column lines, each ending in {@code \n}, in UTF-8. The options do not
     * apply to this format and are ignored.
     *
     * @throws IOException if writing fails
     */
    @Override
    public void render(DiffTree diff, RenderOptions options, OutputStream out) throws IOException {
        Map<String, double[]> lines = collect(diff);
        boolean truncate = diff.normalization().mode() != Normalization.Mode.NONE;
        ValueType type = diff.valueType();
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        int written = 0;
        for (Map.Entry<String, double[]> e : lines.entrySet()) {
            RenderInterrupts.checkEvery(++written);
            double[] v = e.getValue();
            w.write(e.getKey());
            w.write(' ');
            w.write(truncate ? FoldedCount.truncated(type.value(v[0])) : FoldedCount.exact(v[0], type.decimals()));
            w.write(' ');
            w.write(truncate ? FoldedCount.truncated(type.value(v[1])) : FoldedCount.exact(v[1], type.decimals()));
            w.write('\n');
        }
        // A render interrupted after its last check must not end as if it had not been.
        RenderInterrupts.checkEvery(0);
        w.flush();
    }

    /**
     * Returns the stacks with a self value, each with its base and head self values. The walk is
     * over the pre-order node array, keeping the stack text of the current node's ancestors in one
     * buffer, so deep trees need neither recursion nor a copy of every prefix.
     */
    private static Map<String, double[]> collect(DiffTree diff) {
        Map<String, double[]> lines = new TreeMap<>(CODE_POINT_ORDER);
        StringBuilder stack = new StringBuilder();
        int[] prefixEnd = new int[16];
        for (int n = 1; n < diff.size(); n++) {
            RenderInterrupts.checkEvery(n);
            int depth = diff.depth(n);
            if (depth >= prefixEnd.length) {
                prefixEnd = java.util.Arrays.copyOf(prefixEnd, Math.max(depth + 1, prefixEnd.length * 2));
            }
            stack.setLength(depth == 1 ? 0 : prefixEnd[depth - 1]);
            if (depth > 1) {
                stack.append(';');
            }
            Frame f = diff.frame(n);
            // A line break inside a name would end the line early: the format cannot hold one.
            stack.append(OutputNames.capped(f.name()).replace('\n', ' ').replace('\r', ' ')).append(f.kind().collapsedSuffix());
            prefixEnd[depth] = stack.length();
            double base = diff.baseSelf(n);
            double head = diff.headSelf(n);
            if (base != 0 || head != 0) {
                double[] sum = lines.computeIfAbsent(stack.toString(), k -> new double[2]);
                sum[0] += base;
                sum[1] += head;
            }
        }
        return lines;
    }
}
