package dev.flamediff.collect.callgrind;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Splits an integer amount into integer shares proportional to given parts, so that the shares
 * add up to the amount exactly. Proportional expansion needs this: rounding each share on its
 * own would make the tree's total drift away from the file's totals.
 */
final class Apportion {

    private Apportion() {
    }

    /**
     * Returns {@code amount * parts[i] / sum(parts)} for each part, rounded so that the results
     * add up to {@code amount}; the units left over after rounding down go to the largest
     * remainders, ties to the lower index. Returns all zeros when the parts add up to zero.
     *
     * @param amount the non-negative amount to split
     * @param parts non-negative weights
     */
    static long[] split(long amount, long[] parts) {
        long[] out = new long[parts.length];
        long denominator = 0;
        for (long p : parts) {
            denominator += p;
        }
        if (denominator <= 0 || amount == 0) {
            return out;
        }
        long[] remainder = new long[parts.length];
        long given = 0;
        for (int i = 0; i < parts.length; i++) {
            long hi = Math.multiplyHigh(amount, parts[i]);
            long lo = amount * parts[i];
            if (hi == 0 && lo >= 0) {
                out[i] = lo / denominator;
                remainder[i] = lo % denominator;
            } else {
                // The product needs more than 63 bits: exact but slower.
                BigInteger[] qr = BigInteger.valueOf(amount).multiply(BigInteger.valueOf(parts[i]))
                        .divideAndRemainder(BigInteger.valueOf(denominator));
                out[i] = qr[0].longValueExact();
                remainder[i] = qr[1].longValueExact();
            }
            given += out[i];
        }
        long left = amount - given;
        if (left > 0 && left <= 8) {
            // Usual case (few units left): pick the largest remainders directly, without sorting.
            for (long k = 0; k < left; k++) {
                int best = -1;
                for (int i = 0; i < parts.length; i++) {
                    if (remainder[i] >= 0 && (best < 0 || remainder[i] > remainder[best])) {
                        best = i;
                    }
                }
                out[best]++;
                remainder[best] = -1;
            }
        } else if (left > 0) {
            Integer[] order = new Integer[parts.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> remainder[a] != remainder[b]
                    ? Long.compare(remainder[b], remainder[a]) : Integer.compare(a, b));
            for (int k = 0; k < left; k++) {
                out[order[k]]++;
            }
        }
        return out;
    }
}
