package dev.flamediff.collect.callgrind;

import dev.flamediff.model.MalformedProfileException;

/**
 * The words of callgrind's lines: splitting a line into words, counts, keys, and the clipped
 * text an error message quotes.
 */
final class CallgrindWords {

    private CallgrindWords() {
    }

    static long parseCount(String token) throws MalformedProfileException {
        try {
            long v = Long.parseLong(token);
            if (v < 0) {
                throw new MalformedProfileException("negative count " + clip(token));
            }
            return v;
        } catch (NumberFormatException e) {
            throw new MalformedProfileException("not a count: " + clip(token));
        }
    }

    /**
     * Returns the words of the line: its text without the whitespace at either end, split at
     * runs of spaces and tabs. By hand, not with a regular expression: {@code split("[ \\t]+")}
     * compiles its pattern on every call, and a call graph of a million lines made gigabytes
     * of garbage that way.
     */
    static String[] tokens(String s) {
        String t = s.strip();
        int n = t.length();
        if (n == 0) {
            return new String[0];
        }
        int count = 1;
        for (int i = 1; i < n; i++) {
            if (isBlank(t.charAt(i)) && !isBlank(t.charAt(i - 1))) {
                count++;
            }
        }
        String[] out = new String[count];
        int at = 0;
        int start = 0;
        for (int i = 0; i <= n; i++) {
            if (i == n || isBlank(t.charAt(i))) {
                if (start < i) {
                    out[at++] = t.substring(start, i);
                }
                start = i + 1;
            }
        }
        return out;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    static boolean isKey(String line, int end) {
        for (int i = 0; i < end; i++) {
            char c = line.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
                return false;
            }
        }
        return true;
    }

    static String clip(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
