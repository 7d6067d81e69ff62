package dev.flamediff.render.collapsed;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random folded-stack files for comparing the 3-column output with the
 * {@link DiffFoldedOracle}: names with spaces, digits and punctuation that sort around {@code ;},
 * non-ASCII names, async-profiler kind suffixes, stacks shared by both files and stacks in one
 * only, repeated lines, and prefixes that are stacks of their own.
 */
final class FoldedPairs {

    private static final String[] NAMES = {
        "main", "run", "a", "a b", "a!", "a1", "ab", "java.lang.Thread.run", "parse records",
        "Busy$$Lambda.run", "lambda$main$0", "[thread-1 tid=42]", "<init>", "é", "\uD83D\uDE00 fire",
        "x\"<&>'y", "std::vector<int>::push_back(int const&)", "0x7f00", "__libc_start_main",
    };

    private static final String[] SUFFIXES = {"", "", "", "_[j]", "_[i]", "_[k]", "_[0]", "_[1]"};

    private FoldedPairs() {
    }

    /** Returns the lines of one random folded file; the second file reuses some of the first's stacks. */
    static List<String> file(Random random, List<String> shareFrom) {
        List<String> lines = new ArrayList<>();
        int count = 1 + random.nextInt(30);
        List<String> stacks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String stack;
            int pick = random.nextInt(10);
            if (pick < 3 && !shareFrom.isEmpty()) {
                stack = stackOf(shareFrom.get(random.nextInt(shareFrom.size())));
            } else if (pick < 4 && !stacks.isEmpty()) {
                stack = stacks.get(random.nextInt(stacks.size()));
            } else if (pick < 5 && !stacks.isEmpty()) {
                String s = stacks.get(random.nextInt(stacks.size()));
                int cut = s.lastIndexOf(';');
                stack = cut < 0 ? s + ";" + frame(random) : s.substring(0, cut);
            } else {
                stack = randomStack(random);
            }
            stacks.add(stack);
            lines.add(stack + " " + (random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(1000)));
        }
        return lines;
    }

    private static String randomStack(Random random) {
        StringBuilder sb = new StringBuilder();
        int depth = 1 + random.nextInt(6);
        for (int d = 0; d < depth; d++) {
            if (d > 0) {
                sb.append(';');
            }
            sb.append(frame(random));
        }
        return sb.toString();
    }

    private static String frame(Random random) {
        return NAMES[random.nextInt(NAMES.length)] + SUFFIXES[random.nextInt(SUFFIXES.length)];
    }

    /** Returns the stack part of a folded line: everything before the last space. */
    static String stackOf(String line) {
        return line.substring(0, line.lastIndexOf(' '));
    }

    /** Returns the folded text of the lines, one per line. */
    static String text(List<String> lines) {
        return String.join("\n", lines) + "\n";
    }
}
