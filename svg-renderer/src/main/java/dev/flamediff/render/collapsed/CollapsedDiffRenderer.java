package dev.flamediff.render.collapsed;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Normalization;
import dev.flamediff.model.ValueType;
import dev.flamediff.render.DiffRenderer;
import dev.flamediff.render.RenderInterrupts;
import dev.flamediff.render.RenderOptions;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

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
        CollapsedLines lines = new CollapsedLines(diff);
        int[] sorted = lines.sorted();
        boolean truncate = diff.normalization().mode() != Normalization.Mode.NONE;
        ValueType type = diff.valueType();
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        for (int i = 0; i < sorted.length; ) {
            RenderInterrupts.checkEvery(i + 1);
            // Paths that print the same text are one line, as difffolded.pl sums repeated stacks.
            int node = sorted[i];
            double base = 0;
            double head = 0;
            do {
                base += diff.baseSelf(sorted[i]);
                head += diff.headSelf(sorted[i]);
                i++;
            } while (i < sorted.length && lines.compare(node, sorted[i]) == 0);
            lines.write(w, node);
            w.write(' ');
            w.write(truncate ? FoldedCount.truncated(type.value(base)) : FoldedCount.exact(base, type.decimals()));
            w.write(' ');
            w.write(truncate ? FoldedCount.truncated(type.value(head)) : FoldedCount.exact(head, type.decimals()));
            w.write('\n');
        }
        // A render interrupted after its last check must not end as if it had not been.
        RenderInterrupts.checkEvery(0);
        w.flush();
    }
}
