package dev.flamediff.collect.collapsed;

import java.util.Arrays;

/**
 * Maps the bytes of a frame, as written in the input, to a frame id, so each distinct frame text
 * is decoded once however many lines repeat it; a lookup creates no objects. Keys are a byte range
 * plus a leaf flag (a frame may decode differently as a leaf). Mutable and single-threaded.
 */
final class FrameCache {

    private byte[] pool = new byte[1 << 16];
    private int poolSize;
    private int[] keyStart = new int[1024];
    /** The key's length times two, plus one for a leaf. */
    private int[] keyTag = new int[1024];
    private int[] keyHash = new int[1024];
    private int[] value = new int[1024];
    private int entries;
    /** Open-addressing table of entry index + 1; 0 is an empty slot. */
    private int[] slots = new int[4096];

    /** Returns the id stored for the key, or -1 when there is none. */
    int get(byte[] buf, int off, int len, boolean leaf) {
        int h = hash(buf, off, len, leaf);
        int mask = slots.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            int e = slots[i] - 1;
            if (e < 0) {
                return -1;
            }
            if (keyHash[e] == h && keyTag[e] == tag(len, leaf)
                    && Arrays.equals(pool, keyStart[e], keyStart[e] + len, buf, off, off + len)) {
                return value[e];
            }
        }
    }

    /** Stores the id for a key that {@link #get} did not find. */
    void put(byte[] buf, int off, int len, boolean leaf, int id) {
        if ((entries + 1) * 2 > slots.length) {
            rehash();
        }
        if (entries == value.length) {
            int cap = entries * 2;
            keyStart = Arrays.copyOf(keyStart, cap);
            keyTag = Arrays.copyOf(keyTag, cap);
            keyHash = Arrays.copyOf(keyHash, cap);
            value = Arrays.copyOf(value, cap);
        }
        if (poolSize + len > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolSize + len));
        }
        System.arraycopy(buf, off, pool, poolSize, len);
        int h = hash(buf, off, len, leaf);
        keyStart[entries] = poolSize;
        keyTag[entries] = tag(len, leaf);
        keyHash[entries] = h;
        value[entries] = id;
        poolSize += len;
        insert(entries++, h);
    }

    private void insert(int entry, int h) {
        int mask = slots.length - 1;
        int i = h & mask;
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        slots[i] = entry + 1;
    }

    private void rehash() {
        slots = new int[slots.length * 2];
        for (int e = 0; e < entries; e++) {
            insert(e, keyHash[e]);
        }
    }

    private static int tag(int len, boolean leaf) {
        return (len << 1) | (leaf ? 1 : 0);
    }

    private static int hash(byte[] buf, int off, int len, boolean leaf) {
        return ByteWords.hash(buf, off, len, leaf ? 0x9E3779B9 : 0);
    }
}
