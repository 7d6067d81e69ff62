package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import dev.flamediff.model.UnrecognizedFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
        String others = notes.stream().filter(n -> n.startsWith("also in the recording: ")).findFirst().orElse("");
        // Once a chunk has CPU samples the reader counts the other types' events as they come
        // instead of aggregating their stacks: each count must be the one an explicit read of that
        // type reports, and every type an explicit read finds must be named.
        Map<String, Long> named = new TreeMap<>();
        Matcher m = Pattern.compile("(\\w+) \\((\\d+) events\\)").matcher(others);
        while (m.find()) {
            named.put(m.group(1), Long.parseLong(m.group(2)));
        }
        Map<String, Long> read = new TreeMap<>();
        for (String other : List.of("wall", "native", "alloc", "lock")) {
            long events;
            try {
                events = readEvents(JfrFixtures.read(name, ReadOptions.DEFAULT.withEvent(other)), other);
            } catch (UnrecognizedFormatException absent) {
                continue;
            }
            if (events > 0) {
                read.put(other, events);
            }
        }
        assertThat(named).isEqualTo(read);
    }

    @Test
    void aRecordingOfSeveralChunksCountsTheOtherEventsOfEveryChunk(@TempDir Path dir) throws IOException, ProfileException {
        // The second chunk's events are counted before its CPU samples are flushed, the first chunk's after.
        Path joined = dir.resolve("joined.jfr");
        Files.write(joined, concat(JfrFixtures.path("ap17-base"), JfrFixtures.path("ap17-head")));
        Profile defaulted = Profiles.read(joined, ReadOptions.DEFAULT);
        long alloc = readEvents(JfrFixtures.read("ap17-base", ReadOptions.DEFAULT.withEvent("alloc")), "alloc")
                + readEvents(JfrFixtures.read("ap17-head", ReadOptions.DEFAULT.withEvent("alloc")), "alloc");
        assertThat(defaulted.metadata().notes()).anyMatch(n -> n.startsWith("also in the recording: ")
                && n.contains("alloc (" + alloc + " events)"));
    }

    private static byte[] concat(Path a, Path b) throws IOException {
        byte[] first = Files.readAllBytes(a);
        byte[] second = Files.readAllBytes(b);
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    /** The event count an explicit read reports in its first note, "event alloc: 9496 ... events". */
    private static long readEvents(Profile profile, String event) {
        Pattern count = Pattern.compile("event " + event + "(?: \\([^)]*\\))?: (\\d+) ");
        return profile.metadata().notes().stream().map(count::matcher).filter(Matcher::lookingAt)
                .mapToLong(c -> Long.parseLong(c.group(1))).findFirst()
                .orElseThrow(() -> new AssertionError("no event count in " + profile.metadata().notes()));
    }
}
