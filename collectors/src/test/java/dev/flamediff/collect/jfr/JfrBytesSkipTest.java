package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Skipping a struct of scalars in one loop ends where reading each field with {@code varlong} and
 * {@code u1} ends, and fails where that fails, with the same message and offset: checked on random
 * bytes, from varlongs of one byte to those of nine, cut off at every length.
 */
class JfrBytesSkipTest {

    @Test
    void skippingScalarsEndsAndFailsWhereReadingThemDoes() {
        int failures = 0;
        int ninths = 0;
        for (long seed = 1; seed <= 3000; seed++) {
            Random random = new Random(seed);
            // From mostly one-byte values to mostly continuation bytes, so nine-byte varlongs occur.
            int continuation = random.nextInt(101);
            byte[] bytes = new byte[1 + random.nextInt(200)];
            for (int i = 0; i < bytes.length; i++) {
                int low = random.nextInt(128);
                bytes[i] = (byte) (random.nextInt(100) < continuation ? low | 0x80 : low);
            }
            int[] codes = new int[random.nextInt(6)];
            for (int f = 0; f < codes.length; f++) {
                codes[f] = random.nextInt(4) == 0 ? JfrLayout.BYTE : JfrLayout.LONG;
            }
            int times = random.nextInt(12);
            int from = random.nextInt(bytes.length);
            int limit = from + random.nextInt(bytes.length - from + 1);

            JfrBytes slow = new JfrBytes(bytes, from, limit);
            String slowResult;
            try {
                for (int t = 0; t < times; t++) {
                    for (int code : codes) {
                        int before = slow.pos();
                        JfrLayout.scalar(slow, code);
                        if (slow.pos() - before == 9) {
                            ninths++;
                        }
                    }
                }
                slowResult = "ends at " + slow.pos();
            } catch (JfrBytes.Overrun e) {
                slowResult = e.getMessage() + " at " + e.at;
                failures++;
            }
            JfrBytes fast = new JfrBytes(bytes, from, limit);
            String fastResult;
            try {
                fast.skipScalars(codes, times);
                fastResult = "ends at " + fast.pos();
            } catch (JfrBytes.Overrun e) {
                fastResult = e.getMessage() + " at " + e.at;
            }
            assertThat(fastResult).as("seed %d", seed).isEqualTo(slowResult);
        }
        // Both outcomes and the nine-byte form were exercised.
        assertThat(failures).isBetween(100, 2900);
        assertThat(ninths).isGreaterThan(100);
    }

    @Test
    void aStructWithoutFieldsOrWithoutRepeatsSkipsNothing() {
        JfrBytes in = new JfrBytes(new byte[] {1, 2, 3}, 1, 3);
        in.skipScalars(new int[0], 5);
        in.skipScalars(new int[] {JfrLayout.LONG}, 0);
        assertThat(in.pos()).isEqualTo(1);
        in.skipScalars(new int[] {JfrLayout.LONG, JfrLayout.BYTE}, 1);
        assertThat(in.pos()).isEqualTo(3);
    }
}
