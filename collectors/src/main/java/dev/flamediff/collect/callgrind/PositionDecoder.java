package dev.flamediff.collect.callgrind;

import dev.flamediff.model.MalformedProfileException;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes the position columns of cost lines ({@code positions: line} or {@code instr line}):
 * each subposition is absolute (decimal or {@code 0x} hex), {@code +N}, {@code -N} or {@code *},
 * relative to the same column of the previous cost line. The positions themselves do not reach
 * the call tree; decoding them validates the line and finds where the costs start.
 */
final class PositionDecoder {

    private long[] last = new long[1];

    /** Sets the position columns from a {@code positions:} value. */
    void configure(String[] names) throws MalformedProfileException {
        if (names.length == 0) {
            throw new MalformedProfileException("positions: names no position");
        }
        for (String name : names) {
            if (!List.of("instr", "line").contains(name)) {
                throw new MalformedProfileException("unknown position '" + name + "' (expected instr, line)");
            }
        }
        last = new long[names.length];
    }

    /** Returns the number of position columns. */
    int count() {
        return last.length;
    }

    /** Forgets the previous positions, as at the start of a part. */
    void reset() {
        Arrays.fill(last, 0);
    }

    /**
     * Decodes the positions at the start of a cost line and makes them the new "previous"
     * positions.
     *
     * @return the number of tokens used, where the costs start
     */
    int cost(String[] tokens) throws MalformedProfileException {
        if (tokens.length < last.length) {
            throw new MalformedProfileException("cost line has fewer than " + last.length + " positions");
        }
        for (int i = 0; i < last.length; i++) {
            last[i] = decode(tokens[i], last[i]);
        }
        return last.length;
    }

    /**
     * Decodes the target positions of a {@code calls=} or jump line, which are relative to the
     * previous cost line but do not replace it. Missing target columns are accepted.
     */
    void target(String[] tokens, int from) throws MalformedProfileException {
        if (tokens.length - from > last.length) {
            throw new MalformedProfileException("call or jump target has more than " + last.length + " positions");
        }
        for (int i = from; i < tokens.length; i++) {
            decode(tokens[i], last[i - from]);
        }
    }

    private static long decode(String token, long previous) throws MalformedProfileException {
        try {
            if (token.equals("*")) {
                return previous;
            }
            char c = token.charAt(0);
            if (c == '+') {
                return previous + absolute(token.substring(1));
            }
            if (c == '-') {
                return previous - absolute(token.substring(1));
            }
            return absolute(token);
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new MalformedProfileException("not a position: " + CallgrindWords.clip(token));
        }
    }

    private static long absolute(String s) {
        if (s.startsWith("0x") || s.startsWith("0X")) {
            return Long.parseUnsignedLong(s.substring(2), 16);
        }
        long v = Long.parseLong(s);
        if (v < 0) {
            throw new NumberFormatException(s);
        }
        return v;
    }
}
