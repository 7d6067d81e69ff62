package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With no event asked, the reader skips building the trees of the other event types once CPU
 * samples were seen: the profile and its notes must be those of an explicit {@code cpu} read.
 */
class JfrDefaultEventTest {

    static List<String> fixtures() {
        return JfrFixtures.ALL;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void theDefaultReadEqualsTheReadOfItsEvent(String name) throws IOException, ProfileException {
        Profile defaulted = JfrFixtures.read(name, ReadOptions.DEFAULT);
        String event = defaulted.metadata().event();
        Profile explicit = JfrFixtures.read(name, ReadOptions.DEFAULT.withEvent(event));
        assertThat(JfrFixtures.collapse(defaulted)).isEqualTo(JfrFixtures.collapse(explicit));
        assertThat(defaulted.tree().size()).isEqualTo(explicit.tree().size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void theNotesCountTheOtherEventsInFull(String name) throws IOException, ProfileException {
        List<String> notes = JfrFixtures.read(name, ReadOptions.DEFAULT).metadata().notes();
        for (String other : List.of("alloc", "lock")) {
            Profile read = JfrFixtures.read(name, ReadOptions.DEFAULT.withEvent(other));
            long events = read.tree().total(read.tree().valueTypes().size() - 1, 0);
            if (events > 0 && !read.metadata().event().equals(JfrFixtures.read(name, ReadOptions.DEFAULT).metadata().event())) {
                assertThat(notes).anyMatch(n -> n.contains(other + " (" + events + " events)"));
            }
        }
    }
}
