package dev.flamediff.collect.jfr;

/**
 * The entries of one constant pool of a chunk: each id with the chunk offset of its value, at a
 * dense index in the order first met, in an open-addressing table of primitive arrays. An id put
 * again keeps its index and takes the new offset. Cleared for the next chunk rather than made
 * anew. Mutable, single-threaded.
 */
final class JfrIdTable {

    private long[] ids = new long[64];
    private int[] slots = new int[64];
    private long[] entryIds = new long[32];
    private int[] offsets = new int[32];
    private int size;

    /**
     * Drops every entry. The arrays are kept for the next chunk unless they are far larger than
     * this one needed: clearing costs their length, which a recording with one large chunk among
     * many small ones would otherwise pay for each small one.
     */
    void clear() {
        if (slots.length > 64 && 8L * size < slots.length) {
            int capacity = Math.max(64, Integer.highestOneBit(Math.max(1, size)) * 4);
            ids = new long[capacity];
            slots = new int[capacity];
            entryIds = new long[capacity / 2];
            offsets = new int[capacity / 2];
        } else {
            java.util.Arrays.fill(slots, 0);
        }
        size = 0;
    }

    /** Records the offset of an id's value. */
    void put(long id, int offset) {
        int mask = slots.length - 1;
        int i = slot(id, mask);
        while (slots[i] != 0) {
            if (ids[i] == id) {
                offsets[slots[i] - 1] = offset;
                return;
            }
            i = (i + 1) & mask;
        }
        if (size == offsets.length) {
            offsets = java.util.Arrays.copyOf(offsets, size * 2);
            entryIds = java.util.Arrays.copyOf(entryIds, size * 2);
        }
        offsets[size] = offset;
        entryIds[size] = id;
        size++;
        ids[i] = id;
        slots[i] = size;
        if (2 * size > slots.length) {
            grow();
        }
    }

    /** Returns the dense index of the id, or -1 when the pool has no such entry. */
    int find(long id) {
        int mask = slots.length - 1;
        for (int i = slot(id, mask); slots[i] != 0; i = (i + 1) & mask) {
            if (ids[i] == id) {
                return slots[i] - 1;
            }
        }
        return -1;
    }

    /** Returns the offset of the value of the id, or -1. */
    int offsetOf(long id) {
        int index = find(id);
        return index < 0 ? -1 : offsets[index];
    }

    /** Returns the chunk offset of the value at the dense index. */
    int offset(int index) {
        return offsets[index];
    }

    /** Returns the id at the dense index. */
    long id(int index) {
        return entryIds[index];
    }

    /** Returns how many distinct ids there are. */
    int size() {
        return size;
    }

    private void grow() {
        long[] oldIds = ids;
        int[] oldSlots = slots;
        ids = new long[oldIds.length * 2];
        slots = new int[oldIds.length * 2];
        int mask = slots.length - 1;
        for (int j = 0; j < oldSlots.length; j++) {
            if (oldSlots[j] != 0) {
                int i = slot(oldIds[j], mask);
                while (slots[i] != 0) {
                    i = (i + 1) & mask;
                }
                ids[i] = oldIds[j];
                slots[i] = oldSlots[j];
            }
        }
    }

    private static int slot(long id, int mask) {
        // The JDK's ids are class ids shifted over method indexes: mix every bit into the low ones.
        long h = id * 0x9E3779B97F4A7C15L;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
