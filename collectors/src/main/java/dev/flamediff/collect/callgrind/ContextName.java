package dev.flamediff.collect.callgrind;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the {@code '}-separated function names callgrind writes with {@code --separate-recs}
 * ({@code fact'2}: recursion level 2 and deeper) and {@code --separate-callers=N}
 * ({@code rd'backup'start'main}: the function, then its callers, nearest first). A purely numeric
 * piece is the recursion level of the piece before it and is folded into that function.
 */
final class ContextName {

    private ContextName() {
    }

    /** Returns the name to show for the function: the text before the first {@code '}. */
    static String displayName(String name) {
        int quote = name.indexOf('\'');
        return quote < 0 ? name : name.substring(0, quote);
    }

    /** Returns whether the name carries callers, not just a recursion level. */
    static boolean hasCallers(String name) {
        if (name.indexOf('\'') < 0) {
            return false;
        }
        List<String> pieces = split(name);
        for (int i = 1; i < pieces.size(); i++) {
            if (!isLevel(pieces.get(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns the stack the name describes, outermost caller first and the function itself last,
     * with recursion levels folded away.
     */
    static List<String> stackRootFirst(String name) {
        List<String> pieces = split(name);
        List<String> stack = new ArrayList<>(pieces.size());
        for (int i = pieces.size() - 1; i >= 0; i--) {
            String piece = pieces.get(i);
            if (i > 0 && isLevel(piece)) {
                continue;
            }
            stack.add(piece);
        }
        return stack;
    }

    static List<String> split(String name) {
        List<String> pieces = new ArrayList<>();
        int from = 0;
        while (true) {
            int quote = name.indexOf('\'', from);
            if (quote < 0) {
                pieces.add(name.substring(from));
                return pieces;
            }
            pieces.add(name.substring(from, quote));
            from = quote + 1;
        }
    }

    static boolean isLevel(String piece) {
        if (piece.isEmpty() || piece.length() > 9) {
            return false;
        }
        for (int i = 0; i < piece.length(); i++) {
            char c = piece.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
