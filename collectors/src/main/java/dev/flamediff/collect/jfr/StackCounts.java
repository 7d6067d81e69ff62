package dev.flamediff.collect.jfr;

/**
 * The events of one chunk and stream aggregated by key (stack id, or stack id and thread id):
 * summed weight and event count, in an open-addressing table of primitive arrays, so an event
 * costs no allocation and a distinct stack three array slots instead of a boxed key, a value
 * array and a map entry. Mutable, single-threaded.
 */
final class StackCounts {

    private long[] keys = new long[256];
    private long[] weights = new long[256];
    private long[] counts = new long[256];
    private int size;

    /**
     * Drops every key, for the next chunk: the arrays are kept unless they are far larger than
     * this chunk needed (clearing and visiting the slots cost their length).
     */
    void clear() {
        if (keys.length > 256 && 8L * size < keys.length) {
            int capacity = Math.max(256, Integer.highestOneBit(Math.max(1, size)) * 4);
            keys = new long[capacity];
            weights = new long[capacity];
            counts = new long[capacity];
        } else {
            java.util.Arrays.fill(counts, 0);
        }
        size = 0;
    }

    /** Returns whether no event was added since the table was made or cleared. */
    boolean isEmpty() {
        return size == 0;
    }

    /** Adds one event of the given weight to the key. */
    void add(long key, long weight) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (counts[i] != 0) {
            if (keys[i] == key) {
                weights[i] = JfrSampleSink.sum(weights[i], weight);
                counts[i]++;
                return;
            }
            i = (i + 1) & mask;
        }
        keys[i] = key;
        weights[i] = weight;
        counts[i] = 1;
        if (2 * ++size > keys.length) {
            grow();
        }
    }

    /** Returns the number of slots, to visit the keys with {@link #isUsed} and the getters. */
    int capacity() {
        return keys.length;
    }

    /** Returns whether the slot holds a key. */
    boolean isUsed(int slot) {
        return counts[slot] != 0;
    }

    long key(int slot) {
        return keys[slot];
    }

    long weight(int slot) {
        return weights[slot];
    }

    long count(int slot) {
        return counts[slot];
    }

    /** Returns the number of events added, over all keys. */
    long events() {
        long n = 0;
        for (int slot = 0; slot < counts.length; slot++) {
            n += counts[slot];
        }
        return n;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldWeights = weights;
        long[] oldCounts = counts;
        keys = new long[oldKeys.length * 2];
        weights = new long[oldKeys.length * 2];
        counts = new long[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldCounts[j] != 0) {
                int i = slot(oldKeys[j], mask);
                while (counts[i] != 0) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                weights[i] = oldWeights[j];
                counts[i] = oldCounts[j];
            }
        }
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
