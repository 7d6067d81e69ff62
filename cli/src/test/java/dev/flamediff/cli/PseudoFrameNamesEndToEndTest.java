package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * async-profiler's pseudo-frames are spelled one way whatever the input: its collapsed output
 * writes {@code [unknown]} and {@code [break_compiled]}, its JFR recordings {@code unknown} and
 * {@code break_compiled}, so a collapsed file and a recording of one program disagreed on them,
 * and a report read from a recording named {@code unknown} like a function.
 */
class PseudoFrameNamesEndToEndTest {

    @TempDir
    Path dir;

    @Test
    void aRecordingsPseudoFramesAreBracketedAsInCollapsedOutput() throws Exception {
        Path jfr = FixtureFiles.path("jfr/ap25-head.jfr");
        Path out = dir.resolve("diff.collapsed");

        CliRun run = CliRun.run(jfr.toString(), jfr.toString(), "-o", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        Set<String> frames = Files.readAllLines(out).stream()
                .map(l -> l.substring(0, l.lastIndexOf(' ', l.lastIndexOf(' ') - 1)))
                .flatMap(stack -> Arrays.stream(stack.split(";")))
                .collect(Collectors.toSet());
        assertThat(frames).contains("[unknown]", "[break_deopt]", "[break_stack_range]")
                .doesNotContain("unknown", "break_deopt", "break_interpreted", "break_stack_range", "no_Java_frame");
        // The collapsed fixture, recorded by async-profiler's collapsed output, spells it the same.
        assertThat(Files.readString(FixtureFiles.path("collapsed/base.collapsed"))).contains("[unknown]");
    }
}
