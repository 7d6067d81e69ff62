package dev.flamediff.diff.stats;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The exact p-values of {@link NegativeBinomialExact} one diff has asked for, kept so each is
 * summed once: the nodes of a large union tree ask for the same count pairs again and again (on a
 * pair of 210 MB folded files, 465 thousand exact tests of 31 thousand distinct pairs, each a sum
 * over up to 4,096 terms). A p-value is a function of its arguments alone, so a remembered one is
 * the one the sum would give, bit for bit. Thread-safe; holds at most {@value #MAX_ENTRIES}
 * values, then sums the rest as they come.
 */
public final class ExactPValues {

    private static final int MAX_ENTRIES = 1 << 20;

    private final ConcurrentHashMap<Key, Double> values = new ConcurrentHashMap<>();

    private record Key(long base, long head, int baseRuns, int headRuns, double ratio, double dispersion) {
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
        double p = NegativeBinomialExact.exact(base, head, baseRuns, headRuns, ratio, dispersion);
        if (values.size() < MAX_ENTRIES) {
            values.putIfAbsent(key, p);
        }
        return p;
    }
}
