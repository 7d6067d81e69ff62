package dev.flamediff.diff.stats;

/**
 * The few distribution functions the significance tests need: the normal and Student t tails and
 * binomial tails, all through the regularized incomplete beta function. Written out here because
 * the project allows no numerics library; the algorithms are the classic ones (Lanczos log-gamma,
 * Lentz's continued fraction for the incomplete beta) and are accurate to about 1e-12 relative,
 * far more than a significance decision needs.
 */
public final class Distributions {

    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7};
    private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);
    private static final int MAX_ITERATIONS = 100_000;
    private static final double EPSILON = 1e-15;
    private static final double TINY = 1e-300;

    /**
     * How many whole arguments have their log-gamma in {@link #LOG_GAMMA_OF_INT}: the binomial
     * tests of a profile's many rarely sampled nodes ask for the same small counts again and
     * again.
     */
    private static final int LOG_GAMMA_TABLE_SIZE = 4096;

    /**
     * ln Γ(i) for whole i in [1, {@value #LOG_GAMMA_TABLE_SIZE}), computed by {@link #logGamma}
     * itself so that a look-up returns the very bits the call would (index 0 is unused).
     * Immutable after class initialization.
     */
    private static final double[] LOG_GAMMA_OF_INT = logGammaTable();

    /** ln Γ(1/2), which every normal tail asks for. */
    private static final double LOG_GAMMA_HALF = logGamma(0.5);

    private Distributions() {
    }

    /** Returns ln Γ(x) for x &gt; 0. */
    public static double logGamma(double x) {
        if (x < 0.5) {
            // Reflection keeps the Lanczos series in its accurate range.
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double z = x - 1;
        double a = LANCZOS[0];
        double t = z + 7.5;
        for (int i = 1; i < LANCZOS.length; i++) {
            a += LANCZOS[i] / (z + i);
        }
        return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(a);
    }

    private static double[] logGammaTable() {
        double[] table = new double[LOG_GAMMA_TABLE_SIZE];
        for (int i = 1; i < table.length; i++) {
            table[i] = logGamma(i);
        }
        return table;
    }

    /** Returns {@link #logGamma}(x), from the table when x is a whole number it holds. */
    static double cachedLogGamma(double x) {
        int i = (int) x;
        if (i == x && i >= 1 && i < LOG_GAMMA_TABLE_SIZE) {
            return LOG_GAMMA_OF_INT[i];
        }
        return x == 0.5 ? LOG_GAMMA_HALF : logGamma(x);
    }

    /**
     * Returns the regularized incomplete beta function I_x(a, b), the CDF of a Beta(a, b) variable
     * at x; 0 for x &lt;= 0 and 1 for x &gt;= 1.
     *
     * @throws IllegalArgumentException if a or b is not positive
     */
    public static double regularizedBeta(double x, double a, double b) {
        if (!(a > 0) || !(b > 0)) {
            throw new IllegalArgumentException("a and b must be positive: " + a + ", " + b);
        }
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double logFront = cachedLogGamma(a + b) - cachedLogGamma(a) - cachedLogGamma(b)
                + a * Math.log(x) + b * Math.log1p(-x);
        // The continued fraction converges fast only below the mean; use the symmetry otherwise.
        if (x < (a + 1) / (a + b + 2)) {
            return Math.exp(logFront) * betaFraction(x, a, b) / a;
        }
        return 1 - Math.exp(logFront) * betaFraction(1 - x, b, a) / b;
    }

    private static double betaFraction(double x, double a, double b) {
        double qab = a + b;
        double qap = a + 1;
        double qam = a - 1;
        double c = 1;
        double d = 1 - qab * x / qap;
        d = Math.abs(d) < TINY ? TINY : d;
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= MAX_ITERATIONS; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
            d = 1 + aa * d;
            d = Math.abs(d) < TINY ? TINY : d;
            c = 1 + aa / c;
            c = Math.abs(c) < TINY ? TINY : c;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
            d = 1 + aa * d;
            d = Math.abs(d) < TINY ? TINY : d;
            c = 1 + aa / c;
            c = Math.abs(c) < TINY ? TINY : c;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < EPSILON) {
                return h;
            }
        }
        return h;
    }

    /** Returns P(|Z| &gt;= |z|) for a standard normal Z: the two-sided p-value of a z-score. */
    public static double normalTwoSided(double z) {
        if (Double.isNaN(z)) {
            return 1;
        }
        double x = z * z / 2;
        // P(|Z| >= |z|) = Q(1/2, z^2/2) = 1 - P(1/2, z^2/2); via the chi-square(1) = t(inf) link
        // it is also the limit of the t tail, computed here with the incomplete gamma.
        return regularizedGammaQ(0.5, x);
    }

    /** Returns P(|T| &gt;= |t|) for Student's t with the given (possibly fractional) degrees of freedom. */
    public static double studentTwoSided(double t, double degreesOfFreedom) {
        if (Double.isNaN(t)) {
            return 1;
        }
        if (Double.isInfinite(t)) {
            return 0;
        }
        if (Double.isInfinite(degreesOfFreedom) || degreesOfFreedom > 1e7) {
            return normalTwoSided(t);
        }
        double df = degreesOfFreedom;
        return regularizedBeta(df / (df + t * t), df / 2, 0.5);
    }

    /**
     * Returns P(X &gt;= k) for X ~ Binomial(n, p). k and n may be fractional (effective counts of
     * an overdispersed sample); the continuous extension through the incomplete beta is used.
     */
    public static double binomialUpperTail(double k, double n, double p) {
        if (k <= 0) {
            return 1;
        }
        if (k > n) {
            return 0;
        }
        return regularizedBeta(p, k, n - k + 1);
    }

    /** Returns P(X &lt;= k) for X ~ Binomial(n, p), with the same continuous extension. */
    public static double binomialLowerTail(double k, double n, double p) {
        if (k >= n) {
            return 1;
        }
        if (k < 0) {
            return 0;
        }
        return regularizedBeta(1 - p, n - k, k + 1);
    }

    /**
     * Returns the two-sided exact binomial p-value of observing k successes out of n when the
     * success probability is p: twice the smaller tail, capped at 1 (the "central" method).
     */
    public static double binomialTwoSided(double k, double n, double p) {
        if (k == Math.rint(k) && n == Math.rint(n) && p > 0 && p < 1) {
            // A whole count at least one past the median (which lies between floor(np) and
            // ceil(np)) has the smaller tail on its own side, by at least P(X = median ± 1):
            // one incomplete beta instead of two, and the same value.
            double mean = n * p;
            if (k >= Math.ceil(mean) + 1) {
                return Math.min(1, 2 * binomialUpperTail(k, n, p));
            }
            if (k <= Math.floor(mean) - 1) {
                return Math.min(1, 2 * binomialLowerTail(k, n, p));
            }
        }
        double lower = binomialLowerTail(k, n, p);
        double upper = binomialUpperTail(k, n, p);
        return Math.min(1, 2 * Math.min(lower, upper));
    }

    /**
     * Returns an upper bound of {@link #binomialTwoSided}: twice the Chernoff bound
     * exp(−n·D(k/n ‖ p)) of the tail beyond k, capped at 1. Costs two logarithms where the exact
     * value costs two incomplete beta functions, so a caller that only needs to know that the
     * exact p-value is below some other value can often skip it.
     *
     * @return a value &gt;= the exact two-sided p-value, in [0, 1]
     */
    public static double binomialTwoSidedBound(double k, double n, double p) {
        if (n <= 0 || k < 0 || k > n) {
            return 1;
        }
        double a = k / n;
        if (a == p) {
            return 1;
        }
        double divergence = (a == 0 ? 0 : a * Math.log(a / p))
                + (a == 1 ? 0 : (1 - a) * Math.log((1 - a) / (1 - p)));
        return Math.min(1, 2 * Math.exp(-n * divergence));
    }

    /** Returns P(X &gt;= x) for X chi-square distributed with the given degrees of freedom. */
    public static double chiSquareUpperTail(double x, double degreesOfFreedom) {
        return regularizedGammaQ(degreesOfFreedom / 2, x / 2);
    }

    /** Returns the regularized upper incomplete gamma function Q(a, x). */
    static double regularizedGammaQ(double a, double x) {
        if (x <= 0) {
            return 1;
        }
        if (x < a + 1) {
            double sum = 1 / a;
            double term = sum;
            for (int n = 1; n <= MAX_ITERATIONS; n++) {
                term *= x / (a + n);
                sum += term;
                if (Math.abs(term) < Math.abs(sum) * EPSILON) {
                    break;
                }
            }
            return 1 - sum * Math.exp(-x + a * Math.log(x) - cachedLogGamma(a));
        }
        double b = x + 1 - a;
        double c = 1 / TINY;
        double d = 1 / b;
        double h = d;
        for (int i = 1; i <= MAX_ITERATIONS; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            d = Math.abs(d) < TINY ? TINY : d;
            c = b + an / c;
            c = Math.abs(c) < TINY ? TINY : c;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < EPSILON) {
                break;
            }
        }
        return Math.exp(-x + a * Math.log(x) - cachedLogGamma(a)) * h;
    }
}
