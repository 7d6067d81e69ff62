package dev.flamediff.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The 3-column {@code stack base head} output parsed back, with the inclusive values of every
 * stack prefix (a node of the union tree), so tests can ask which node changed most.
 */
final class ThreeColumn {

    /** Base and head values. */
    record Values(double base, double head) {
        double delta() {
            return head - base;
        }
    }

    private final Map<String, Values> stacks = new LinkedHashMap<>();
    private final Map<String, Values> prefixes = new LinkedHashMap<>();

    ThreeColumn(String text) {
        for (String line : text.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            int headSpace = line.lastIndexOf(' ');
            int baseSpace = line.lastIndexOf(' ', headSpace - 1);
            String stack = line.substring(0, baseSpace);
            Values v = new Values(Double.parseDouble(line.substring(baseSpace + 1, headSpace)),
                    Double.parseDouble(line.substring(headSpace + 1)));
            stacks.merge(stack, v, ThreeColumn::sum);
            for (int i = stack.indexOf(';'); ; i = stack.indexOf(';', i + 1)) {
                String prefix = i < 0 ? stack : stack.substring(0, i);
                prefixes.merge(prefix, v, ThreeColumn::sum);
                if (i < 0) {
                    break;
                }
            }
        }
    }

    private static Values sum(Values a, Values b) {
        return new Values(a.base + b.base, a.head + b.head);
    }

    /** Returns the inclusive values of every stack prefix (every node of the union tree). */
    Map<String, Values> prefixes() {
        return prefixes;
    }

    Map<String, Values> stacks() {
        return stacks;
    }

    double baseTotal() {
        return stacks.values().stream().mapToDouble(Values::base).sum();
    }

    double headTotal() {
        return stacks.values().stream().mapToDouble(Values::head).sum();
    }

    /** Returns the stack prefix (union-tree node) whose inclusive value grew the most. */
    String topRegression() {
        return prefixes.entrySet().stream()
                .max(Map.Entry.comparingByValue(java.util.Comparator.comparingDouble(Values::delta)))
                .orElseThrow().getKey();
    }

    /**
     * Returns, per callee name, the summed values of the nodes that {@code caller} calls directly,
     * over all of the caller's call paths.
     */
    Map<String, Values> callees(String caller) {
        Map<String, Values> out = new java.util.TreeMap<>();
        prefixes.forEach((prefix, v) -> {
            int last = prefix.lastIndexOf(';');
            if (last > 0 && leaf(prefix.substring(0, last)).equals(caller)) {
                out.merge(prefix.substring(last + 1), v, ThreeColumn::sum);
            }
        });
        return out;
    }

    /** Returns the last frame of a stack. */
    static String leaf(String stack) {
        return stack.substring(stack.lastIndexOf(';') + 1);
    }
}
