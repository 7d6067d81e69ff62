package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The per-chunk tables of flamediff's JFR parser serve every chunk of a recording, cleared in
 * between: after a clear nothing of the previous chunk may be found, whether the table kept its
 * arrays (a chunk like the last) or shrank them (a small chunk after a large one).
 */
class ChunkTablesReuseTest {

    @ParameterizedTest(name = "{0} ids, then 3")
    @ValueSource(ints = {3, 40, 20_000})
    void idTableForgetsThePreviousChunk(int firstChunk) {
        JfrIdTable table = new JfrIdTable();
        for (int i = 0; i < firstChunk; i++) {
            table.put(1000L + i, i * 7);
        }
        table.clear();
        assertThat(table.size()).isZero();
        for (int i = 0; i < firstChunk; i++) {
            assertThat(table.find(1000L + i)).isEqualTo(-1);
        }
        table.put(1001L, 11);
        table.put(5L, 12);
        table.put(1001L, 13);
        table.put(Long.MAX_VALUE, 14);
        assertThat(table.size()).isEqualTo(3);
        assertThat(table.find(1001L)).isZero();
        assertThat(table.offsetOf(1001L)).isEqualTo(13);
        assertThat(table.id(1)).isEqualTo(5L);
        assertThat(table.offset(2)).isEqualTo(14);
        assertThat(table.find(1000L)).isEqualTo(-1);
        // And it grows again past what it kept.
        for (int i = 0; i < 50_000; i++) {
            table.put(-i - 1L, i);
        }
        assertThat(table.size()).isEqualTo(50_003);
        assertThat(table.offsetOf(-50_000L)).isEqualTo(49_999);
    }

    @ParameterizedTest(name = "{0} stacks, then 3")
    @ValueSource(ints = {3, 200, 100_000})
    void stackCountsForgetThePreviousChunk(int firstChunk) {
        StackCounts counts = new StackCounts();
        for (int i = 0; i < firstChunk; i++) {
            counts.add(i, 10);
        }
        counts.clear();
        assertThat(counts.isEmpty()).isTrue();
        assertThat(counts.events()).isZero();
        counts.add(7, 1);
        counts.add(7, 2);
        counts.add(1L << 40, 5);
        counts.add(99_999, 4);
        Map<Long, long[]> seen = new HashMap<>();
        for (int slot = 0; slot < counts.capacity(); slot++) {
            if (counts.isUsed(slot)) {
                seen.put(counts.key(slot), new long[] {counts.weight(slot), counts.count(slot)});
            }
        }
        assertThat(seen).containsOnlyKeys(7L, 1L << 40, 99_999L);
        assertThat(seen.get(7L)).containsExactly(3, 2);
        assertThat(seen.get(99_999L)).containsExactly(4, 1);
        assertThat(counts.events()).isEqualTo(4);
        assertThat(counts.isEmpty()).isFalse();
    }

    @ParameterizedTest(name = "{0} frames, then 2")
    @ValueSource(ints = {2, 600, 30_000})
    void frameMapForgetsThePreviousChunk(int firstChunk) {
        ChunkFrameMap map = new ChunkFrameMap();
        for (int i = 0; i < firstChunk; i++) {
            map.put(i, 1 << 24, 7);
        }
        map.clear();
        for (int i = 0; i < firstChunk; i++) {
            assertThat(map.get(i, 1 << 24)).isEqualTo(-1);
        }
        map.put(1, 1 << 24, 0);
        map.put(1, 2 << 24, 5);
        assertThat(map.get(1, 1 << 24)).isZero();
        assertThat(map.get(1, 2 << 24)).isEqualTo(5);
        assertThat(map.get(0, 1 << 24)).isEqualTo(-1);
    }
}
