package dev.flamediff.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.model.Frame;
import dev.flamediff.model.IncompatibleProfilesException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ValueType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which value type a diff compares, and the refusal to compare different things. */
class DiffValueTypeTest {

    private static final Map<List<Frame>, Long> STACKS = Map.of(
            List.of(Frame.of("main"), Frame.of("work")), 10L,
            List.of(Frame.of("main")), 3L);

    private static Profile profile(String source, ValueType... types) {
        // RandomProfiles.build gives value index v the count times (v + 1), so the index used shows.
        return RandomProfiles.build(STACKS, source, List.of(types));
    }

    @Test
    void defaultTakesTheFirstTypeOfBaseThatHeadAlsoHas() throws Exception {
        Profile base = profile("base", ValueType.CPU_NANOS, ValueType.SAMPLES);
        Profile head = profile("head", ValueType.SAMPLES, ValueType.ALLOC_BYTES);
        DiffTree d = Diffs.diff(base, head, DiffOptions.DEFAULT);
        assertThat(d.valueType()).isEqualTo(ValueType.SAMPLES);
        assertThat(d.baseTotal(0)).isEqualTo(26.0);
        assertThat(d.headTotal(0)).isEqualTo(13.0);
    }

    @Test
    void anExplicitTypeIsUsedOnBothSides() throws Exception {
        Profile base = profile("base", ValueType.SAMPLES, ValueType.CPU_NANOS);
        Profile head = profile("head", ValueType.CPU_NANOS, ValueType.SAMPLES);
        DiffTree d = Diffs.diff(base, head, DiffOptions.DEFAULT.withValueType(ValueType.CPU_NANOS));
        assertThat(d.valueType()).isEqualTo(ValueType.CPU_NANOS);
        assertThat(d.baseTotal(0)).isEqualTo(26.0);
        assertThat(d.headTotal(0)).isEqualTo(13.0);
    }

    @Test
    void anExplicitTypeMissingFromOneProfileNamesThatProfile() {
        Profile base = profile("base.collapsed", ValueType.SAMPLES, ValueType.CPU_NANOS);
        Profile head = profile("head.collapsed", ValueType.SAMPLES);
        assertThatThrownBy(() -> Diffs.diff(base, head, DiffOptions.DEFAULT.withValueType(ValueType.CPU_NANOS)))
                .isInstanceOf(IncompatibleProfilesException.class)
                .hasMessage("head.collapsed: test: has no cpu/nanoseconds values (it has [samples/count])");
    }

    @Test
    void profilesWithNoCommonTypeAreIncompatible() {
        Profile base = profile("base", ValueType.CPU_NANOS);
        Profile head = profile("head", ValueType.ALLOC_BYTES);
        assertThatThrownBy(() -> Diffs.diff(base, head, DiffOptions.DEFAULT))
                .isInstanceOf(IncompatibleProfilesException.class)
                .hasMessageContaining("cpu/nanoseconds")
                .hasMessageContaining("alloc/bytes")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aTypeMissingFromOneOfSeveralRunsIsIncompatible() {
        Profile b1 = profile("b1", ValueType.SAMPLES);
        Profile b2 = profile("b2", ValueType.WALL_NANOS);
        Profile h = profile("h", ValueType.SAMPLES, ValueType.WALL_NANOS);
        assertThatThrownBy(() -> Diffs.diff(List.of(b1, b2), List.of(h), DiffOptions.DEFAULT))
                .isInstanceOf(IncompatibleProfilesException.class);
    }
}
