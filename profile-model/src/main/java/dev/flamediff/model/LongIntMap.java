package dev.flamediff.model;

import java.util.Arrays;

/**
 * An open-addressing map from long keys to non-negative int values, for the hot paths that would
 * otherwise box a key per lookup (child lookup while building a tree, stack ids while reading).
 * Mutable and single-threaded.
 */
public final class LongIntMap {
    private static final long EMPTY = Long.MIN_VALUE;

    private long[] keys;
    private int[] values;
    private int size;
    private int mask;

    /** Creates a map sized for about {@code expected} entries. */
    public LongIntMap(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        allocate(capacity);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        Arrays.fill(keys, EMPTY);
        values = new int[capacity];
        mask = capacity - 1;
    }

    /** Returns the value for the key, or -1 when absent. {@code Long.MIN_VALUE} is not a valid key. */
    public int get(long key) {
        int i = slot(key);
        while (true) {
            long k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == EMPTY) {
                return -1;
            }
            i = (i + 1) & mask;
        }
    }

    /** Associates the key with a non-negative value, replacing any previous value. */
    public void put(long key, int value) {
        int i = slot(key);
        while (true) {
            long k = keys[i];
            if (k == key || k == EMPTY) {
                if (k == EMPTY) {
                    keys[i] = key;
                    if (++size * 2 > keys.length) {
                        values[i] = value;
                        grow();
                        return;
                    }
                }
                values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /** Returns the number of entries. */
    public int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        allocate(oldKeys.length * 2);
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = slot(oldKeys[j]);
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
