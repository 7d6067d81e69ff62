package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The family's members against a plain count of the members before each node (fixed seeds). */
class FamilyMembersTest {

    @Test
    void placesAreTheMembersBeforeInNodeOrder() {
        SplittableRandom random = new SplittableRandom(16);
        for (int size : new int[] {0, 1, 63, 64, 65, 1000, 4097}) {
            for (double share : new double[] {0, 0.004, 0.5, 1}) {
                boolean[] member = new boolean[size];
                FamilyMembers m = new FamilyMembers(size);
                for (int w = 0; w < m.words(); w++) {
                    long word = 0;
                    for (int i = 0; i < 64 && 64 * w + i < size; i++) {
                        if (random.nextDouble() < share) {
                            member[64 * w + i] = true;
                            word |= 1L << i;
                        }
                    }
                    m.setWord(w, word);
                }
                m.seal();
                int before = 0;
                for (int node = 0; node < size; node++) {
                    assertThat(m.indexOf(node)).as("size %d, node %d", size, node).isEqualTo(member[node] ? before : -1);
                    before += member[node] ? 1 : 0;
                }
                assertThat(m.count()).isEqualTo(before);
                assertThat(m.indexOf(-1)).isEqualTo(-1);
                assertThat(m.indexOf(size)).isEqualTo(-1);
            }
        }
    }
}
