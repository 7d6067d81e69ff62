package dev.flamediff.render.collapsed;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An independent model of what difffolded.pl prints, working on the text of the folded lines
 * alone: the count is the digits after the last whitespace, repeated stacks are summed, a stack
 * missing from one file counts 0 there, and with {@code -n} (when the totals differ) each base
 * count becomes {@code int(count * total2 / total1)} while head counts stay as they are.
 *
 * <p>Differences from the script, all documented on the renderer: the lines are sorted
 * (by the UTF-8 bytes of the stack, as {@code LC_ALL=C sort} would), and a stack whose count is 0
 * in both files is left out, because a call tree cannot tell such a line from a mere prefix; and
 * {@code -n} with an empty file leaves the counts unscaled.
 */
final class DiffFoldedOracle {

    private DiffFoldedOracle() {
    }

    /** Returns the 3-column lines for the two folded files. */
    static List<String> diff(List<String> file1, List<String> file2, boolean normalize) {
        Map<String, long[]> folded = new HashMap<>();
        long total1 = add(folded, file1, 0);
        long total2 = add(folded, file2, 1);
        List<String> stacks = new ArrayList<>(folded.keySet());
        stacks.sort((a, b) -> Arrays.compareUnsigned(
                a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
        List<String> out = new ArrayList<>();
        for (String stack : stacks) {
            long[] c = folded.get(stack);
            if (c[0] == 0 && c[1] == 0) {
                continue;
            }
            long base = c[0];
            // With an empty side difffolded.pl dies (empty base) or zeroes every base count (empty
            // head); flamediff leaves the values unscaled instead, so removed frames stay visible.
            if (normalize && total1 != total2 && total1 != 0 && total2 != 0) {
                base = BigInteger.valueOf(c[0]).multiply(BigInteger.valueOf(total2))
                        .divide(BigInteger.valueOf(total1)).longValueExact();
            }
            out.add(stack + " " + base + " " + c[1]);
        }
        return out;
    }

    private static long add(Map<String, long[]> folded, List<String> lines, int column) {
        long total = 0;
        for (String line : lines) {
            int space = line.length() - 1;
            while (!Character.isWhitespace(line.charAt(space))) {
                space--;
            }
            long count = Long.parseLong(line.substring(space + 1));
            folded.computeIfAbsent(line.substring(0, space), k -> new long[2])[column] += count;
            total += count;
        }
        return total;
    }
}
