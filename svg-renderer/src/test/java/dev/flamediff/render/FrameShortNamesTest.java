package dev.flamediff.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The short names of the report's first table, its headline and the graph's header line. */
class FrameShortNamesTest {

    @Test
    void aJavaMethodKeepsItsClassAndName() {
        assertThat(FrameShortNames.of("java.util.regex.Pattern.compile")).isEqualTo("Pattern.compile");
        assertThat(FrameShortNames.of("fixture.DispatchApp$Keys.format")).isEqualTo("DispatchApp$Keys.format");
        assertThat(FrameShortNames.of("render_row")).isEqualTo("render_row");
        assertThat(FrameShortNames.of("msort_with_tmp.part.0")).isEqualTo("msort_with_tmp.part.0");
        assertThat(FrameShortNames.of("std::vector<int>::push_back")).isEqualTo("std::vector<int>::push_back");
    }

    /**
     * A JavaScript function as Node's perf map names it: the function and its file first; the
     * graph's header had cut the name from the left down to its path.
     */
    @Test
    void aJavaScriptFunctionIsItsNameAndFile() {
        assertThat(FrameShortNames.of("JS:formatKey /tmp/tmp.QrTyyadeFb/app.js:4:19")).isEqualTo("formatKey (app.js:4)");
        assertThat(FrameShortNames.of("JS:*formatKey /srv/app/lib/keys.js:4:19")).isEqualTo("formatKey (keys.js:4)");
        assertThat(FrameShortNames.of("JS: node:internal/main/run_main_module:1:1"))
                .isEqualTo("(anonymous) (run_main_module:1)");
        assertThat(FrameShortNames.of("JS:Module._load node:internal/modules/cjs/loader:1003:24"))
                .isEqualTo("Module._load (loader:1003)");
        assertThat(FrameShortNames.of("LazyCompile:~old /srv/app.js:9")).isEqualTo("old (app.js:9)");
        assertThat(FrameShortNames.of("JS:render")).isEqualTo("render");
        assertThat(FrameShortNames.isJavaScript("Builtins_StringPrototypeSplit")).isFalse();
    }
}
