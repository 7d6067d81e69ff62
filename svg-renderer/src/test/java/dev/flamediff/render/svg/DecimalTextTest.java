package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link DecimalText} gives DecimalFormat's digits, or null; never other digits. */
class DecimalTextTest {

    private static final String[] PATTERNS = {"#,##0", "#,##0.##", "0.####", "0.00"};
    private static final int[][] DIGITS = {{0, 0}, {0, 2}, {0, 4}, {2, 2}};
    private static final boolean[] GROUPING = {true, true, false, false};

    @Test
    void agreesWithDecimalFormatOnSeededValuesTiesAndEdges() {
        Random random = new Random(20261201);
        int answered = 0;
        int total = 0;
        for (int i = 0; i < 200_000; i++) {
            double v = switch (i % 5) {
                case 0 -> random.nextDouble() * Math.pow(10, random.nextInt(12) - 4);
                case 1 -> random.nextInt(1_000_000) / Math.pow(10, random.nextInt(6));
                // Ties and near-ties at each number of digits.
                case 2 -> (random.nextInt(100_000) + 0.5) / Math.pow(10, random.nextInt(5));
                case 3 -> Math.nextUp((random.nextInt(100_000) + 0.5) / Math.pow(10, random.nextInt(5)));
                default -> random.nextLong() / Math.pow(2, random.nextInt(64));
            };
            for (int p = 0; p < PATTERNS.length; p++) {
                String fast = DecimalText.format(v, DIGITS[p][0], DIGITS[p][1], GROUPING[p]);
                total++;
                if (Math.abs(v) * Math.pow(10, DIGITS[p][1]) < 1e9) {
                    assertThat(fast).as("%s of %s", PATTERNS[p], v).isNotNull();
                }
                if (fast != null) {
                    answered++;
                    assertThat(fast).as("%s of %s", PATTERNS[p], v).isEqualTo(reference(PATTERNS[p]).format(v));
                }
            }
        }
        // It is there to answer: below a billion units of the last digit no value of a graph needs
        // the DecimalFormat, ties and negatives included (checked above); the nulls are the huge
        // seeded values.
        assertThat(answered).isGreaterThan(total * 3 / 4);
    }

    @Test
    void agreesWithDecimalFormatOnWholeNumbers() {
        for (int i = 0; i <= 100_000; i = i < 2_000 ? i + 1 : i + 997) {
            for (int p = 0; p < PATTERNS.length; p++) {
                assertThat(DecimalText.format(i, DIGITS[p][0], DIGITS[p][1], GROUPING[p]))
                        .as("%s of %d", PATTERNS[p], i).isEqualTo(reference(PATTERNS[p]).format(i));
            }
        }
    }

    @Test
    void leavesNonFiniteAndHugeValuesToDecimalFormat() {
        assertThat(DecimalText.format(-1, 0, 0, true)).isEqualTo(reference("#,##0").format(-1));
        assertThat(DecimalText.format(-0.0, 0, 2, true)).isEqualTo(reference("#,##0.##").format(-0.0));
        assertThat(DecimalText.format(-0.00001, 0, 4, false)).isEqualTo(reference("0.####").format(-0.00001));
        assertThat(DecimalText.format(-1e12, 0, 0, true)).isNull();
        assertThat(DecimalText.format(Double.NaN, 0, 2, true)).isNull();
        assertThat(DecimalText.format(Double.POSITIVE_INFINITY, 0, 0, true)).isNull();
        assertThat(DecimalText.format(1e12, 0, 0, true)).isNull();
        assertThat(DecimalText.format(0.5, 0, 0, true)).isEqualTo("0");
        assertThat(DecimalText.format(1.5, 0, 0, true)).isEqualTo("2");
        assertThat(DecimalText.format(0.125, 2, 2, false)).isEqualTo("0.12");
        assertThat(DecimalText.format(0.375, 2, 2, false)).isEqualTo("0.38");
        assertThat(DecimalText.format(1234567.4, 0, 0, true)).isEqualTo("1,234,567");
        assertThat(DecimalText.format(0.1, 2, 2, false)).isEqualTo("0.10");
        assertThat(DecimalText.format(0, 0, 4, false)).isEqualTo("0");
    }

    @Test
    void compactWritesWhatTheBigDecimalWrites() {
        Random random = new Random(20261202);
        for (int i = 0; i < 100_000; i++) {
            double v = switch (i % 3) {
                case 0 -> random.nextInt(2_000_000) / 100.0;
                case 1 -> random.nextInt(20_000) + 0.5;
                default -> (random.nextDouble() - 0.2) * Math.pow(10, random.nextInt(9) - 3);
            };
            String reference = v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                    : new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
            assertThat(ValueFormat.compact(v)).as("%s", v).isEqualTo(reference);
        }
    }

    private static DecimalFormat reference(String pattern) {
        DecimalFormat f = new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setNegativePrefix("\u2212");
        return f;
    }
}
