package dev.flamediff.model;

/**
 * The children of a {@link CallTreeBuilder}'s wide nodes by parent and frame: an open-addressing
 * table whose slots hold the parent, the frame and the child side by side in one int array, so a
 * lookup costs one cache miss where a table of keys beside a table of values costs two; it takes
 * the same twelve bytes a slot. Mutable and single-threaded.
 */
final class ChildIndex {

    /** Ints a slot: the parent plus one (0 marks an empty slot), the frame id, the child. */
    private static final int STRIDE = 3;
    /** The most slots an int array of three ints a slot holds, a power of two. */
    private static final int MAX_SLOTS = 1 << 29;

    private int[] table;
    private int mask;
    private int size;

    /** Creates an index sized for about {@code expected} children. */
    ChildIndex(int expected) {
        allocate(Integer.highestOneBit(Math.max(16, Math.min(expected, MAX_SLOTS / 2) * 2 - 1)) << 1);
    }

    private void allocate(int slots) {
        table = new int[slots * STRIDE];
        mask = slots - 1;
    }

    /** Returns the child of {@code node} with the frame id, or -1 when there is none. */
    int get(int node, int frameId) {
        int[] t = table;
        int tag = node + 1;
        int i = slot(node, frameId) * STRIDE;
        while (true) {
            int n = t[i];
            if (n == tag && t[i + 1] == frameId) {
                return t[i + 2];
            }
            if (n == 0) {
                return -1;
            }
            i += STRIDE;
            if (i == t.length) {
                i = 0;
            }
        }
    }

    /**
     * Makes {@code child} (non-negative) the child of {@code node} (non-negative) with the frame
     * id, replacing any child it had.
     *
     * @throws IllegalStateException past 2^28 children (the table's largest int array)
     */
    void put(int node, int frameId, int child) {
        int[] t = table;
        int tag = node + 1;
        int i = slot(node, frameId) * STRIDE;
        while (true) {
            int n = t[i];
            if (n == 0) {
                break;
            }
            if (n == tag && t[i + 1] == frameId) {
                t[i + 2] = child;
                return;
            }
            i += STRIDE;
            if (i == t.length) {
                i = 0;
            }
        }
        if ((size + 1) * 2L > mask + 1L) {
            if (mask + 1 >= MAX_SLOTS) {
                throw new IllegalStateException("more than " + MAX_SLOTS / 2 + " indexed children");
            }
            grow();
            put(node, frameId, child);
            return;
        }
        t[i] = tag;
        t[i + 1] = frameId;
        t[i + 2] = child;
        size++;
    }

    /** Returns the number of children indexed. */
    int size() {
        return size;
    }

    private void grow() {
        int[] old = table;
        allocate((mask + 1) * 2);
        int[] t = table;
        for (int j = 0; j < old.length; j += STRIDE) {
            if (old[j] != 0) {
                int i = slot(old[j] - 1, old[j + 1]) * STRIDE;
                while (t[i] != 0) {
                    i += STRIDE;
                    if (i == t.length) {
                        i = 0;
                    }
                }
                t[i] = old[j];
                t[i + 1] = old[j + 1];
                t[i + 2] = old[j + 2];
            }
        }
    }

    private int slot(int node, int frameId) {
        long h = (((long) node << 32) | (frameId & 0xFFFFFFFFL)) * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
