package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.testkit.Goldens;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command's outputs on small hand-written inputs, compared byte for byte with the files in
 * {@code src/test/resources/golden}. After an intended change, regenerate them with
 * {@code -Dflamediff.bless=true} and review the diff. Inputs are given as paths relative to the
 * module folder, so outputs that name them are the same on every machine.
 */
class GoldenOutputTest {

    private static final String BASE = "src/test/resources/e2e/base.collapsed";
    private static final String HEAD = "src/test/resources/e2e/head.collapsed";

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("diff.svg", List.of(BASE, HEAD, "--format", "svg", "--title", "Fixture <diff> & co")),
                Arguments.of("diff.json", List.of(BASE, HEAD, "--format", "json")),
                Arguments.of("diff.collapsed", List.of(BASE, HEAD, "--format", "collapsed")),
                Arguments.of("diff-total.collapsed", List.of(BASE, HEAD, "--format", "collapsed", "--normalize", "total")),
                Arguments.of("diff-factors.json", List.of(BASE, HEAD, "--format", "json", "--normalize", "base=2,head=1")),
                Arguments.of("diff-include.collapsed", List.of(BASE, HEAD, "--format", "collapsed",
                        "--include", "parseRecords")),
                Arguments.of("diff-raw-names.collapsed", List.of(BASE, HEAD, "--format", "collapsed",
                        "--no-normalize-names")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void outputMatchesGolden(String golden, List<String> args) throws IOException {
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.err()).isZero();
        Goldens.check(golden, run.stdout());
        Goldens.check(golden + ".stderr", run.err());
    }
}
