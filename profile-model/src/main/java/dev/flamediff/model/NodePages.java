package dev.flamediff.model;

import java.util.Arrays;

/**
 * The nodes of a {@link CallTreeBuilder} while it builds, in pages: per node its links (four ints
 * side by side, see the builder's {@code LINK}), its parent, its depth and a self value per value
 * type. A tree of millions of nodes grows by adding a page, never by copying what it holds: arrays
 * that double copied every node about twice over, and at each doubling held the old arrays and
 * the new ones at once (on a recording of 9 M nodes a side, a sixth of the reading's CPU time went
 * to those copies and to the fresh pages they touched). The first page starts small and doubles
 * up to a full page, so a small tree stays small. Mutable, single-threaded.
 */
final class NodePages {

    /** Nodes per full page: 65,536 by default (a page of links is 1 MB). */
    final int shift;
    final int mask;
    private static final int FIRST_PAGE = 1024;

    /** links[page][(node & mask) * LINK + field]. */
    int[][] links;
    int[][] parent;
    int[][] depth;
    /** self[value][page][node & mask]. */
    long[][][] self;
    private int capacity;

    /**
     * @param values the number of value types
     * @param shift the log2 of the nodes a full page holds
     */
    NodePages(int values, int shift) {
        this.shift = shift;
        this.mask = (1 << shift) - 1;
        int first = Math.min(FIRST_PAGE, 1 << shift);
        links = new int[][] {new int[first * CallTreeBuilder.LINK]};
        parent = new int[][] {new int[first]};
        depth = new int[][] {new int[first]};
        self = new long[values][][];
        for (int v = 0; v < values; v++) {
            self[v] = new long[][] {new long[first]};
        }
        capacity = first;
    }

    /** Returns how many nodes the pages hold. */
    int capacity() {
        return capacity;
    }

    /**
     * Makes room for more nodes: the first page doubles until it is full-sized, then a page is
     * added. Nothing changes when the thread is interrupted.
     *
     * @throws java.util.concurrent.CancellationException if the thread is interrupted; the flag stays set
     */
    void grow() {
        InterruptibleCopies.checkInterrupt();
        int page = 1 << shift;
        if (capacity < page) {
            int cap = Math.min(capacity * 2, page);
            links[0] = Arrays.copyOf(links[0], cap * CallTreeBuilder.LINK);
            parent[0] = Arrays.copyOf(parent[0], cap);
            depth[0] = Arrays.copyOf(depth[0], cap);
            for (long[][] values : self) {
                values[0] = Arrays.copyOf(values[0], cap);
            }
            capacity = cap;
            return;
        }
        int pages = capacity >>> shift;
        int[] newLinks = new int[page * CallTreeBuilder.LINK];
        int[] newParent = new int[page];
        int[] newDepth = new int[page];
        long[][] newSelf = new long[self.length][];
        for (int v = 0; v < self.length; v++) {
            newSelf[v] = new long[page];
        }
        if (pages == links.length) {
            links = Arrays.copyOf(links, pages * 2);
            parent = Arrays.copyOf(parent, pages * 2);
            depth = Arrays.copyOf(depth, pages * 2);
            for (int v = 0; v < self.length; v++) {
                self[v] = Arrays.copyOf(self[v], pages * 2);
            }
        }
        links[pages] = newLinks;
        parent[pages] = newParent;
        depth[pages] = newDepth;
        for (int v = 0; v < self.length; v++) {
            self[v][pages] = newSelf[v];
        }
        capacity += page;
    }

    int link(int node, int field) {
        return links[node >>> shift][(node & mask) * CallTreeBuilder.LINK + field];
    }

    void setLink(int node, int field, int value) {
        links[node >>> shift][(node & mask) * CallTreeBuilder.LINK + field] = value;
    }

    int parent(int node) {
        return parent[node >>> shift][node & mask];
    }

    int depth(int node) {
        return depth[node >>> shift][node & mask];
    }

    long self(int value, int node) {
        return self[value][node >>> shift][node & mask];
    }

    void addSelf(int value, int node, long amount) {
        self[value][node >>> shift][node & mask] += amount;
    }

    /**
     * Multiplies the first {@code size} self values of one value type by {@code factor}.
     *
     * @throws ArithmeticException if a product does not fit a long; the values are then unchanged
     */
    void scale(int value, long factor, int size) {
        long[][] pages = self[value];
        long[][] scaled = new long[pages.length][];
        for (int p = 0; p < pages.length && pages[p] != null; p++) {
            long[] from = pages[p];
            long[] to = new long[from.length];
            int n = Math.min(from.length, size - (p << shift));
            for (int i = 0; i < n; i++) {
                to[i] = Math.multiplyExact(from[i], factor);
            }
            scaled[p] = to;
        }
        self[value] = scaled;
    }
}
