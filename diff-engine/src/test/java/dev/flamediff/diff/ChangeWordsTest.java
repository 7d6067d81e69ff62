package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.ValueType;
import org.junit.jupiter.api.Test;

class ChangeWordsTest {

    @Test
    void timeAndCountsOfWorkAreSlowerOrFaster() {
        for (ValueType t : new ValueType[] {ValueType.SAMPLES, ValueType.CPU_NANOS, ValueType.WALL_NANOS,
            ValueType.LOCK_NANOS, new ValueType("Ir", "instructions"), new ValueType("cpu", "count")}) {
            assertThat(ChangeWords.of(t)).as(t.toString()).isEqualTo(ChangeWords.TIME);
        }
        assertThat(ChangeWords.TIME.of(true, true)).isEqualTo("Slower");
        assertThat(ChangeWords.TIME.in(false)).isEqualTo("less spent in");
    }

    @Test
    void memoryIsAllocatedOrHeld() {
        assertThat(ChangeWords.of(ValueType.ALLOC_BYTES)).isEqualTo(ChangeWords.ALLOCATION);
        assertThat(ChangeWords.of(new ValueType("alloc_objects", "count"))).isEqualTo(ChangeWords.ALLOCATION);
        assertThat(ChangeWords.of(new ValueType("allocations", "bytes"))).isEqualTo(ChangeWords.ALLOCATION);
        assertThat(ChangeWords.of(new ValueType("inuse_space", "bytes"))).isEqualTo(ChangeWords.MEMORY_HELD);
        assertThat(ChangeWords.ALLOCATION.of(false, true)).isEqualTo("Allocates less");
        assertThat(ChangeWords.ALLOCATION.in(true)).isEqualTo("now allocated in");
    }
}
