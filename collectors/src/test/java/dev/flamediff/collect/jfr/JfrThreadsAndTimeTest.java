package dev.flamediff.collect.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.FrameKind;
import dev.flamediff.model.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Thread frames, the thread filter, and the time window, with both parsers. */
class JfrThreadsAndTimeTest {

    static List<Arguments> fixturesAndParsers() {
        List<Arguments> out = new ArrayList<>();
        for (String name : List.of("jdk17-head", "jdk25-base", "ap17-head", "ap25-base")) {
            out.add(Arguments.of(name, "jdk"));
            out.add(Arguments.of(name, "async"));
            out.add(Arguments.of(name, "flamediff"));
        }
        return out;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("fixturesAndParsers")
    void threadsPutOneThreadFrameAtTheRoot(String name, String parser) throws Exception {
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow());
        CallTree plain = JfrFixtures.read(name, options).tree();
        CallTree split = JfrFixtures.read(name, options.withThreads(true)).tree();
        assertThat(split.grandTotal(0)).isEqualTo(plain.grandTotal(0));
        List<String> threads = new ArrayList<>();
        for (int c = split.firstChild(0); c >= 0; c = split.nextSibling(c)) {
            assertThat(split.frame(c).kind()).isEqualTo(FrameKind.THREAD);
            threads.add(split.frame(c).name());
        }
        assertThat(threads).contains("worker-0", "worker-1");
        for (int n = 1; n < split.size(); n++) {
            assertThat(split.frame(n).kind() == FrameKind.THREAD).isEqualTo(split.depth(n) == 1);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("fixturesAndParsers")
    void theThreadFilterKeepsOnlyMatchingThreads(String name, String parser) throws Exception {
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()).withThreads(true);
        CallTree all = JfrFixtures.read(name, options).tree();
        CallTree w0 = JfrFixtures.read(name, options.withThreadFilter(Pattern.compile("^worker-0$"))).tree();
        CallTree w1 = JfrFixtures.read(name, options.withThreadFilter(Pattern.compile("^worker-1$"))).tree();
        assertThat(w0.firstChild(0)).isPositive();
        assertThat(w0.frame(w0.firstChild(0)).name()).isEqualTo("worker-0");
        assertThat(w0.nextSibling(w0.firstChild(0))).isEqualTo(-1);
        assertThat(w0.grandTotal(0)).isEqualTo(rootChildTotal(all, "worker-0")).isPositive();
        assertThat(w1.grandTotal(0)).isEqualTo(rootChildTotal(all, "worker-1")).isPositive();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("fixturesAndParsers")
    void timeWindowsSplitTheRecordingWithoutLosingOrDoublingEvents(String name, String parser) throws Exception {
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()).withEvent("cpu");
        Profile whole = JfrFixtures.read(name, options);
        long cut = whole.metadata().durationNanos() / 2;
        long first = JfrFixtures.read(name, options.withTimeWindow(null, cut)).tree().grandTotal(0);
        long second = JfrFixtures.read(name, options.withTimeWindow(cut + 1, null)).tree().grandTotal(0);
        assertThat(first).isPositive();
        assertThat(second).isPositive();
        assertThat(first + second).isEqualTo(whole.tree().grandTotal(0));
        assertThat(JfrFixtures.read(name, options.withTimeWindow(null, cut)).metadata().notes())
                .contains("--to " + JfrSelection.seconds(cut) + " kept " + String.format(java.util.Locale.ROOT, "%,d", first)
                        + " of " + String.format(java.util.Locale.ROOT, "%,d", whole.tree().grandTotal(0)) + " cpu events");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("fixturesAndParsers")
    void aTimeWindowPastTheEndKeepsNothingAndSaysSoWithTheRecordingsLength(String name, String parser) throws Exception {
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow());
        Profile whole = JfrFixtures.read(name, options);
        long past = whole.metadata().durationNanos() + 60_000_000_000L;
        Profile none = JfrFixtures.read(name, options.withTimeWindow(past, null));
        assertThat(none.tree().grandTotal(0)).isZero();
        assertThat(none.metadata().notes()).anySatisfy(n -> assertThat(n)
                .startsWith("--from " + JfrSelection.seconds(past) + " kept none of the recording's ")
                .endsWith(" cpu events (the recording lasts "
                        + String.format(java.util.Locale.ROOT, "%.1fs", whole.metadata().durationNanos() / 1e9) + ")"));
        assertThat(none.metadata().notes()).noneSatisfy(n -> assertThat(n).contains("has no cpu events"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("fixturesAndParsers")
    void aThreadFilterMatchingNoThreadSaysSoListingSomeThreads(String name, String parser) throws Exception {
        Profile none = JfrFixtures.read(name, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow())
                .withThreadFilter(Pattern.compile("nomatch")));
        assertThat(none.tree().grandTotal(0)).isZero();
        assertThat(none.metadata().event()).isEqualTo("cpu");
        assertThat(none.metadata().notes()).anySatisfy(n -> assertThat(n)
                .startsWith("--thread-filter nomatch kept none of the recording's ")
                .contains(" cpu events: it matches none of their threads (").contains("worker-"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("fixturesAndParsers")
    void theThreadFilterSaysWhatItKept(String name, String parser) throws Exception {
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow());
        long all = JfrFixtures.read(name, options).tree().grandTotal(0);
        Profile w0 = JfrFixtures.read(name, options.withThreadFilter(Pattern.compile("^worker-0$")));
        assertThat(w0.metadata().notes()).contains("--thread-filter ^worker-0$ kept "
                + String.format(java.util.Locale.ROOT, "%,d", w0.tree().grandTotal(0)) + " of "
                + String.format(java.util.Locale.ROOT, "%,d", all) + " cpu events");
    }

    private static long rootChildTotal(CallTree tree, String name) {
        for (int c = tree.firstChild(0); c >= 0; c = tree.nextSibling(c)) {
            if (tree.frame(c).name().equals(name)) {
                return tree.total(0, c);
            }
        }
        return 0;
    }
}
