package dev.flamediff.diff.stats;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The exact p-values of {@link NegativeBinomialExact} one diff has asked for, kept so each is
 * summed once: the nodes of a large union tree ask for the same count pairs again and again (on a
 * pair of 210 MB folded files, 465 thousand exact tests of 31 thousand distinct pairs, each a sum
 * over up to 4,096 terms). A p-value is a function of its arguments alone, so a remembered one is
 * the one the sum would give, bit for bit. Thread-safe; holds at most {@value #MAX_ENTRIES}
 * values, then sums the rest as they come.
 *
 * <p>The distribution a sum runs over depends on the total of both counts, not on how it splits
 * (the pairs of one diff have at most {@value NegativeBinomialExact#EXACT_LIMIT} + 1 totals), and its
 * weights are what costs: a logarithm or two and an exponential per term, where the tails are
 * additions. So the weights are kept per total too, up to {@value #MAX_WEIGHTS} of them in all
 * (16 MB), and a pair whose total is known is summed from them, in the same order and so to
 * the same bits as from scratch.
 */
public final class ExactPValues {

    private static final int MAX_ENTRIES = 1 << 20;

    private static final long MAX_WEIGHTS = 1 << 21;

    private final ConcurrentHashMap<Key, Double> values = new ConcurrentHashMap<>();
    /** Per total (a key whose head is 0 and base the total), the weights of every split. */
    private final ConcurrentHashMap<Key, double[]> weights = new ConcurrentHashMap<>();
    private final AtomicLong weightsHeld = new AtomicLong();

    /**
     * The arguments of one sum. Not a record: a record's equals and hashCode run through method
     * handles, which the C1 compiler of short runs leaves slow (a tenth of a diff's time).
     */
    private static final class Key {
        private final long base;
        private final long head;
        private final int baseRuns;
        private final int headRuns;
        private final long ratio;
        private final long dispersion;
        private final int hash;

        Key(long base, long head, int baseRuns, int headRuns, double ratio, double dispersion) {
            this.base = base;
            this.head = head;
            this.baseRuns = baseRuns;
            this.headRuns = headRuns;
            this.ratio = Double.doubleToLongBits(ratio);
            this.dispersion = Double.doubleToLongBits(dispersion);
            long h = base * 0x9E3779B97F4A7C15L + head;
            h = h * 0x9E3779B97F4A7C15L + ((long) baseRuns << 32 | headRuns);
            h = h * 0x9E3779B97F4A7C15L + this.ratio;
            h = h * 0x9E3779B97F4A7C15L + this.dispersion;
            this.hash = (int) (h ^ (h >>> 32));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.base == base && k.head == head && k.baseRuns == baseRuns
                    && k.headRuns == headRuns && k.ratio == ratio
                    && k.dispersion == dispersion;
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** Creates an empty memo. */
    public ExactPValues() {
    }

    /** Returns {@link NegativeBinomialExact#exact}, summed once per distinct arguments. */
    double exact(long base, long head, int baseRuns, int headRuns, double ratio, double dispersion) {
        Key key = new Key(base, head, baseRuns, headRuns, ratio, dispersion);
        Double known = values.get(key);
        if (known != null) {
            return known;
        }
        double p = dispersion <= 0
                ? NegativeBinomialExact.binomial(base, head, baseRuns, headRuns, ratio)
                : NegativeBinomialExact.tails(weights(base + head, baseRuns, headRuns, ratio, dispersion), head);
        if (values.size() < MAX_ENTRIES) {
            values.putIfAbsent(key, p);
        }
        return p;
    }

    private double[] weights(long total, int baseRuns, int headRuns, double ratio, double dispersion) {
        Key key = new Key(total, 0, baseRuns, headRuns, ratio, dispersion);
        double[] known = weights.get(key);
        if (known != null) {
            return known;
        }
        double[] w = NegativeBinomialExact.weights(total, baseRuns, headRuns, ratio, dispersion);
        if (weightsHeld.get() + w.length <= MAX_WEIGHTS && weights.putIfAbsent(key, w) == null) {
            weightsHeld.addAndGet(w.length);
        }
        return w;
    }
}
