package dev.flamediff.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProfileMetadataTest {

    @Test
    void aLossIsANoteAndIsKeptThroughEveryCopy() {
        ProfileMetadata m = ProfileMetadata.of("a.jfr", "jfr", "cpu").withNote("event cpu")
                .withLoss("59 events were dropped").withNote("stacks cut")
                .withSource("b.jfr").withEvent("wall").withDurationNanos(5).withTruncated(true).withApproximate(true);
        assertThat(m.notes()).containsExactly("event cpu", "59 events were dropped", "stacks cut");
        assertThat(m.losses()).containsExactly("59 events were dropped");
        assertThat(m.isLoss("59 events were dropped")).isTrue();
        assertThat(m.isLoss("event cpu")).isFalse();
    }

    @Test
    void theConstructorWithoutLossesHasNone() {
        ProfileMetadata m = new ProfileMetadata("a", "jfr", "cpu", -1, false, false, List.of("x"));
        assertThat(m.losses()).isEmpty();
        assertThat(m.notes()).containsExactly("x");
    }

    @Test
    void aLossThatIsNotANoteIsRefused() {
        assertThatThrownBy(() -> new ProfileMetadata("a", "jfr", "cpu", -1, false, false, List.of("x"), List.of("y")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
