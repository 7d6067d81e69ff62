package dev.flamediff.collect.collapsed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ByteWordsTest {

    @Test
    void indexOfFindsTheFirstMatchLikeAByteLoop() {
        Random random = new Random(7);
        for (int round = 0; round < 5000; round++) {
            byte[] buf = new byte[random.nextInt(40)];
            for (int i = 0; i < buf.length; i++) {
                // Few distinct values, bytes above 0x7F included, so matches and near misses
                // (';' + 0x80, ';' - 1) are common.
                byte[] alphabet = {';', '\n', 'a', (byte) 0xBB, ':', (byte) 0xFF, 0};
                buf[i] = alphabet[random.nextInt(alphabet.length)];
            }
            int from = buf.length == 0 ? 0 : random.nextInt(buf.length + 1);
            int to = from + random.nextInt(buf.length - from + 1);
            for (byte b : new byte[] {';', '\n'}) {
                assertThat(ByteWords.indexOf(buf, from, to, b))
                        .as("round %d", round).isEqualTo(naiveIndexOf(buf, from, to, b));
            }
        }
    }

    @Test
    void hashDependsOnTheBytesNotOnWhereTheyAre() {
        Random random = new Random(11);
        Set<Integer> seen = new HashSet<>();
        for (int len = 0; len < 40; len++) {
            byte[] key = new byte[len];
            random.nextBytes(key);
            byte[] shifted = new byte[len + 13];
            System.arraycopy(key, 0, shifted, 5, len);
            int h = ByteWords.hash(key, 0, len, 3);
            assertThat(ByteWords.hash(shifted, 5, len, 3)).isEqualTo(h);
            seen.add(h);
        }
        // Keys of every length, tails of every size: no two of the 40 collide.
        assertThat(seen).hasSize(40);
    }

    @Test
    void hashTellsApartKeysThatDifferInOneByteOrInTheSeed() {
        byte[] a = "java/util/HashMap.get_[j]".getBytes();
        for (int i = 0; i < a.length; i++) {
            byte[] b = a.clone();
            b[i] ^= 1;
            assertThat(ByteWords.hash(b, 0, b.length, 0)).isNotEqualTo(ByteWords.hash(a, 0, a.length, 0));
        }
        assertThat(ByteWords.hash(a, 0, a.length, 1)).isNotEqualTo(ByteWords.hash(a, 0, a.length, 0));
    }

    private static int naiveIndexOf(byte[] buf, int from, int to, byte b) {
        for (int i = from; i < to; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
