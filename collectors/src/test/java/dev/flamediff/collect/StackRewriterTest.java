package dev.flamediff.collect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class StackRewriterTest {

    private static final String TEXT = "Thread.run;Thread.runWith;App.main;work 5\n"
            + "Thread.run;Thread.runWith;App.main;work;Thread.runWith;inner 2\n"
            + "Thread.run;Thread.runWith 1\n"
            + "gc;collect 3\n";

    private static Profile read(ReadOptions options) throws Exception {
        return Profiles.read("t.folded", new ByteArrayInputStream(TEXT.getBytes(StandardCharsets.UTF_8)), options);
    }

    private static List<String> lines(CallTree tree) {
        List<String> out = new ArrayList<>();
        for (int n = 1; n < tree.size(); n++) {
            if (tree.self(0, n) != 0) {
                List<String> names = new ArrayList<>();
                for (Frame f : tree.path(n)) {
                    names.add(f.name());
                }
                out.add(String.join(";", names) + " " + tree.self(0, n));
            }
        }
        return out;
    }

    @Test
    void hideDropsTheFramesAndKeepsTheRestOfEachStack() throws Exception {
        Profile p = read(ReadOptions.DEFAULT.withHide(Pattern.compile("runWith")));
        assertThat(lines(p.tree())).containsExactly("Thread.run 1", "Thread.run;App.main;work 5",
                "Thread.run;App.main;work;inner 2", "gc;collect 3");
        assertThat(p.tree().grandTotal(0)).isEqualTo(11);
        assertThat(p.metadata().notes()).containsExactly("--hide runWith: matching frames taken out of the stacks");
    }

    @Test
    void showFromStartsStacksAtTheFirstMatchAndDropsTheOthers() throws Exception {
        Profile p = read(ReadOptions.DEFAULT.withShowFrom(Pattern.compile("^App\\.main$")));
        assertThat(lines(p.tree())).containsExactly("App.main;work 5", "App.main;work;Thread.runWith;inner 2");
        assertThat(p.metadata().notes()).containsExactly("--show-from ^App\\.main$: stacks start at their first "
                + "matching frame; those without one were dropped (36.4% of samples/count)");
    }

    @Test
    void bothTogetherReRootFirstThenHide() throws Exception {
        Profile p = read(ReadOptions.DEFAULT.withShowFrom(Pattern.compile("runWith")).withHide(Pattern.compile("runWith")));
        assertThat(lines(p.tree())).containsExactly("App.main;work 5", "App.main;work;inner 2");
        assertThat(p.tree().grandTotal(0)).isEqualTo(8);
    }

    @Test
    void showFromMatchingNoFrameSaysItKeptNone() throws Exception {
        Profile p = read(ReadOptions.DEFAULT.withShowFrom(Pattern.compile("NoSuchFrame")));
        assertThat(p.tree().grandTotal(0)).isZero();
        assertThat(p.metadata().notes()).contains("--show-from NoSuchFrame kept none of the profile's 11 samples");
    }

    @Test
    void includeAndExcludeSayWhatTheyKept() throws Exception {
        Profile p = read(ReadOptions.DEFAULT.withInclude(Pattern.compile("App")).withExclude(Pattern.compile("inner")));
        assertThat(lines(p.tree())).containsExactly("Thread.run;Thread.runWith;App.main;work 5");
        assertThat(p.metadata().notes()).containsExactly("--include App --exclude inner kept 5 of 11 samples (45.5%)");
        Profile none = read(ReadOptions.DEFAULT.withInclude(Pattern.compile("NoSuchFrame")));
        assertThat(none.metadata().notes()).containsExactly("--include NoSuchFrame kept none of the profile's 11 samples");
    }
}
