package dev.flamediff.diff;

/**
 * Which nodes have a change in the tested family, and each one's place among them in node order:
 * a bit per node and the members before each 64-node word, so a look-up is constant time. On a
 * large diff the family is a small share of the nodes (0.4% of the async-profiler benchmark
 * pair's 24.9 M changes), and this keeps 12 bytes per 64 nodes where a slot per node would keep
 * 8 bytes per node. Filled word by word (a word belongs to one filler, so fillers of different
 * words may run at once), then {@link #seal()}ed; immutable after that.
 */
final class FamilyMembers {

    private final int size;
    private final long[] bits;
    private final int[] before;
    private int count = -1;

    /** Creates the set of no member for nodes {@code [0, size)}. */
    FamilyMembers(int size) {
        this.size = size;
        this.bits = new long[(size + 63) >>> 6];
        this.before = new int[bits.length];
    }

    /** Returns the number of 64-node words. */
    int words() {
        return bits.length;
    }

    /** Sets the members among the nodes of one word: bit {@code i} of {@code word} for node {@code 64 w + i}. */
    void setWord(int w, long word) {
        bits[w] = word;
    }

    /** Counts the members before each word; no {@link #setWord} after this. */
    void seal() {
        int c = 0;
        for (int w = 0; w < bits.length; w++) {
            before[w] = c;
            c += Long.bitCount(bits[w]);
        }
        count = c;
    }

    /** Returns how many nodes are members. */
    int count() {
        return count;
    }

    /** Returns the node's place among the members in node order, or -1 when it is not one. */
    int indexOf(int node) {
        if (node < 0 || node >= size) {
            return -1;
        }
        long word = bits[node >>> 6];
        long bit = 1L << node;
        if ((word & bit) == 0) {
            return -1;
        }
        return before[node >>> 6] + Long.bitCount(word & (bit - 1));
    }
}
