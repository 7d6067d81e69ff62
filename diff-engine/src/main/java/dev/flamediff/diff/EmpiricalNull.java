package dev.flamediff.diff;

import java.util.Arrays;

/**
 * Measures, on one diff with one run per side, how much two recordings differ per node beyond
 * sampling: an empirical null in the sense of Efron's local false discovery rate work. Most call
 * paths of a real diff do not change, so the log ratios of the nodes that carry enough samples
 * scatter around a common center by sampling noise plus the run-to-run term; a robust fit of
 * that scatter gives this pair's c, and real changes, a minority, barely move it.
 *
 * <p>The choices, and why:
 * <ul>
 *   <li><b>Self values only.</b> Totals nest (a parent's total contains its children's), so they
 *       would count one wobble many times; self values of different nodes are disjoint.</li>
 *   <li><b>At least {@value #MIN_SAMPLES} samples on each side</b>, so the log ratio is close to
 *       normal and its sampling part (1/b + 1/h, or with effective counts value² / variance for
 *       weighted samples) is known well; one-sided paths are left out, as they are either real
 *       changes or tested by the exact test anyway.</li>
 *   <li><b>Centered on the median log ratio.</b> A whole-profile shift (head recorded longer, or a
 *       dominant frame's share changed under {@code total}) moves every node alike: it is not
 *       per-node noise and must not inflate c. The one-run node tests are then centered on the
 *       same median, as DESeq's median-of-ratios normalization does, so a node is flagged when it
 *       changed relative to the bulk of the profile; the whole profile itself is tested
 *       uncentered, so a uniform slowdown still shows there.</li>
 *   <li><b>c² solves median[(d − center)² / (v + 2c²)] = median(χ²₁)</b>, each node's squared
 *       deviation over its expected variance: the median ignores up to half of the nodes being
 *       real changes, and dividing by each node's own sampling variance lets small and large
 *       nodes both count.</li>
 *   <li><b>At least {@value #MIN_NODES} nodes</b>, else the caller falls back to the assumed
 *       variation: a median of a handful of nodes says little.</li>
 * </ul>
 * One pass over the nodes collects the qualifying log ratios; the fit then bisects over those.
 */
final class EmpiricalNull {

    /** The fewest raw samples (both sides together) a node's self value needs to enter the estimate. */
    static final int MIN_SAMPLES = 10;
    /** The fewest qualifying nodes for an estimate. */
    static final int MIN_NODES = 10;
    /** The median of the χ² distribution with one degree of freedom. */
    private static final double CHI2_1_MEDIAN = 0.454936423119572;
    /**
     * How many standard errors of the median count the bound on c sits above the fit: one, a
     * one-sided 84% bound. Measured on resamplings of the fixture with a true c of 0.3, the point
     * fit (0) averaged 0.26 and let 5% of diffs flag a node, one standard error 0.34 and 0.5%.
     */
    private static final double CONFIDENCE_Z = 1;

    private EmpiricalNull() {
    }

    /**
     * Returns the measured variation (value, center, nodes), or null when fewer than
     * {@value #MIN_NODES} nodes qualify. The value returned is the raw estimate, before any floor.
     *
     * @param runs the raw values of exactly one base run and one head run
     */
    static RunVariation estimate(int size, RunValues runs, NoiseModel model, double baseScale, double headScale) {
        return estimate(size, runs, model, baseScale, headScale, node -> true);
    }

    /**
     * Returns the variation measured on the nodes {@code include} accepts (the program's frames,
     * or the system's), as {@link #estimate(int, RunValues, NoiseModel, double, double)} does.
     */
    static RunVariation estimate(int size, RunValues runs, NoiseModel model, double baseScale, double headScale,
                                 java.util.function.IntPredicate include) {
        return estimate(size, runs, model, baseScale, headScale, include,
                size >= FunctionParts.PARALLEL_THRESHOLD ? 4 * FunctionParts.threads() : 1);
    }

    /**
     * Returns the variation measured on the nodes {@code include} accepts, the nodes read in
     * {@code blocks} blocks (on the common pool when more than one): the same result whatever the
     * blocks.
     */
    static RunVariation estimate(int size, RunValues runs, NoiseModel model, double baseScale, double headScale,
                                 java.util.function.IntPredicate include, int blocks) {
        boolean weighted = runs.hasCounts() && model == NoiseModel.COMPOUND_POISSON;
        double logScale = Math.log(headScale) - Math.log(baseScale);
        // A large diff's nodes are read in blocks on the common pool; each block keeps its nodes'
        // terms in node order and the blocks are joined in block order: the arrays of one pass.
        double[][] ds = new double[blocks][];
        double[][] vs = new double[blocks][];
        int[] ms = new int[blocks];
        Thread caller = Thread.currentThread();
        DiffInterrupts.forEachBlock(blocks, blocks > 1, block -> {
            int from = Math.max(1, (int) ((long) size * block / blocks));
            int to = (int) ((long) size * (block + 1) / blocks);
            double[] d = new double[Math.max(0, Math.min(to - from, 1024))];
            double[] v = new double[d.length];
            int m = 0;
            for (int node = from; node < to; node++) {
                DiffInterrupts.checkEvery(node, caller);
                long b = runs.self(node, 0);
                long h = runs.self(node, 1);
                long samples = weighted ? runs.selfCount(node, 0) + runs.selfCount(node, 1) : b + h;
                if (samples < MIN_SAMPLES || b <= 0 || h <= 0 || !include.test(node)) {
                    continue;
                }
                if (m == d.length) {
                    d = Arrays.copyOf(d, Math.max(16, 2 * m));
                    v = Arrays.copyOf(v, d.length);
                }
                if (weighted) {
                    d[m] = Math.log(h) - Math.log(b) + logScale;
                    // Var(log X) ≈ Var(X) / X², with the compound-Poisson variance of each side.
                    v[m] = runs.selfVariance(node, 0) / ((double) b * b) + runs.selfVariance(node, 1) / ((double) h * h);
                } else {
                    // Half a sample takes the small-count bias out of the log; the variance follows
                    // from the center below (the log odds of h given b + h).
                    d[m] = Math.log(h + 0.5) - Math.log(b + 0.5) + logScale;
                    v[m] = samples;
                }
                m++;
            }
            ds[block] = d;
            vs[block] = v;
            ms[block] = m;
        });
        int m = 0;
        for (int c : ms) {
            m += c;
        }
        double[] d = new double[m];
        double[] v = new double[m];
        int at = 0;
        for (int block = 0; block < blocks; block++) {
            System.arraycopy(ds[block], 0, d, at, ms[block]);
            System.arraycopy(vs[block], 0, v, at, ms[block]);
            at += ms[block];
        }
        if (m < MIN_NODES) {
            return null;
        }
        double center = median(Arrays.copyOf(d, m));
        if (!weighted) {
            // Under the null, h given n = b + h is binomial with odds f of the raw values, and the
            // log odds' variance is 1 / (n·p·(1 − p)) = (1 + f)² / (n·f): known from n alone, so
            // a node's weight does not depend on the very deviation it is judged on.
            double f = Math.exp(center - logScale);
            for (int i = 0; i < m; i++) {
                v[i] = (1 + f) * (1 + f) / (v[i] * f);
            }
        }
        double[] r = new double[m];
        for (int i = 0; i < m; i++) {
            double e = d[i] - center;
            r[i] = e * e / CHI2_1_MEDIAN;
        }
        // Find the c² at which half the nodes have r > v + 2c²: the count falls as c² grows.
        double c2 = 0;
        // At the true c² the count of nodes above is Binomial(m, 1/2); asking for fewer than
        // its mean, by CONFIDENCE_Z standard deviations, gives an upper confidence bound on c²
        // instead of a point estimate, so that a diff with few nodes is not judged on a lucky
        // low value.
        double limit = m / 2.0 - CONFIDENCE_Z * Math.sqrt(m) / 2;
        if (above(0, r, v, m) > limit) {
            double low = 0;
            double high = 1;
            while (above(high, r, v, m) > limit && high < 1e6) {
                high *= 4;
            }
            for (int i = 0; i < 50; i++) {
                double mid = (low + high) / 2;
                if (above(mid, r, v, m) > limit) {
                    low = mid;
                } else {
                    high = mid;
                }
            }
            c2 = high;
        }
        return new RunVariation(Math.sqrt(c2), RunVariation.Source.ESTIMATED, Math.sqrt(c2), m, Math.expm1(center));
    }

    private static int above(double c2, double[] r, double[] v, int m) {
        DiffInterrupts.check();
        int count = 0;
        for (int i = 0; i < m; i++) {
            if (r[i] > v[i] + 2 * c2) {
                count++;
            }
        }
        return count;
    }

    /**
     * The median as a sort would give it (the order of {@link Double#compare}), by selecting the
     * middle elements instead: a large diff's hundreds of thousands of log ratios took a sort of
     * a few tens of milliseconds. Reorders {@code values}.
     */
    static double median(double[] values) {
        int n = values.length;
        double upper = select(values, n / 2);
        if (n % 2 == 1) {
            return upper;
        }
        // After the selection the elements below n / 2 are the smaller ones: the largest of them.
        double lower = values[0];
        for (int i = 1; i < n / 2; i++) {
            if (Double.compare(values[i], lower) > 0) {
                lower = values[i];
            }
        }
        return (lower + upper) / 2;
    }

    /**
     * Returns the element a sort would put at index {@code k}, leaving the smaller ones before
     * it and the larger after (Hoare's selection, the middle of three as pivot; at most a few
     * passes over the values in practice).
     */
    private static double select(double[] a, int k) {
        int lo = 0;
        int hi = a.length - 1;
        while (hi > lo) {
            int mid = (lo + hi) >>> 1;
            // The middle of a[lo], a[mid], a[hi] to a[mid], the smallest to a[lo], the largest to a[hi].
            if (Double.compare(a[mid], a[lo]) < 0) {
                swap(a, mid, lo);
            }
            if (Double.compare(a[hi], a[lo]) < 0) {
                swap(a, hi, lo);
            }
            if (Double.compare(a[hi], a[mid]) < 0) {
                swap(a, hi, mid);
            }
            double pivot = a[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (Double.compare(a[i], pivot) < 0) {
                    i++;
                }
                while (Double.compare(a[j], pivot) > 0) {
                    j--;
                }
                if (i <= j) {
                    swap(a, i++, j--);
                }
            }
            // Now a[lo..j] <= pivot <= a[i..hi], and a[j+1..i-1] equal the pivot.
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                return a[k];
            }
        }
        return a[k];
    }

    private static void swap(double[] a, int i, int j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
