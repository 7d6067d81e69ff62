package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.testkit.Goldens;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every usage text, and the usage errors of each kind of flag, byte for byte as picocli prints
 * them (goldens in {@code src/test/resources/golden/cli}): how the command's model is built may
 * change, what a user reads may not.
 */
class CommandTextsTest {

    private static final String BASE = "src/test/resources/e2e/base.collapsed";
    private static final String HEAD = "src/test/resources/e2e/head.collapsed";

    static Stream<Arguments> helpTexts() {
        return Stream.of(
                Arguments.of("help.txt", List.of("--help")),
                Arguments.of("help.txt", List.of("-h")),
                Arguments.of("verbose-help.txt", List.of("-v", "--help")),
                Arguments.of("suite-help.txt", List.of("suite", "--help")),
                Arguments.of("suite-help.txt", List.of("suite", "-h")),
                Arguments.of("agent-path-help.txt", List.of("agent-path", "--help")));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("helpTexts")
    void helpText(String golden, List<String> args) throws IOException {
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        Goldens.check("cli/" + golden, run.out());
    }

    /**
     * One argument list a line, with the exit code and what stderr says; B and H stand for a
     * readable pair of profiles, for the flags checked once the inputs are read.
     */
    private static final List<String> USAGE_ERRORS = List.of(
            "",
            "a",
            "a b c",
            "a b -x",
            "a b --colour",
            "a b -o",
            "a b --title",
            "a b --jfr-parser",
            "a b --base",
            "--base a",
            "--head b",
            "a b --base c --head d",
            "a b -o x.svg -o y.svg",
            "a b --flame --flame",
            "a b --no-normalize-names --no-normalize-names",
            "a b -v -v",
            "a b --flame=yes",
            "a b --inverted=x",
            "a b --flame --inverted",
            "--help=yes",
            "a b --max-bytes x",
            "a b --max-bytes 0",
            "a b --max-gzip-ratio x",
            "a b --max-name-length -1",
            "a b --max-depth 1.5",
            "a b --max-nodes 0",
            "a b --max-output-bytes x",
            "B H -f collapsed --max-output-bytes 0",
            "a b --max-frames 0",
            "a b --max-frames x",
            "a b --minwidth abc",
            "a b --minwidth -1",
            "a b --normalize sum",
            "a b --normalize base=0",
            "a b --normalize base=1e12",
            "a b --width-mode wide",
            "a b --color-by x",
            "a b --palette x",
            "a b --from soon",
            "a b --to 1y",
            "a b --value-type x",
            "a b --include parse(",
            "a b --exclude [",
            "a b --thread-filter (",
            "a b --hide *",
            "a b --show-from )",
            "a b --jfr-parser fast",
            "a b --significance x",
            "B H -f collapsed --significance 2",
            "B H -f collapsed --run-variation lots",
            "a b --fail-on-regression x",
            "B H -f collapsed --fail-on-regression -1",
            "a b --fail-on-frame-regression x",
            "a b --report-min-impact x",
            "a b --report-min-impact 100",
            "a b --report-link",
            "a b -f pdf",
            "a b -o diff.pdf",
            "suite",
            "suite a b",
            "suite a b -o",
            "suite a b -o c --significance x",
            "suite a b -o c --thread-filter (",
            "agent-path x",
            "agent-path --dir");

    @Test
    void usageErrors() throws IOException {
        StringBuilder text = new StringBuilder();
        for (String line : USAGE_ERRORS) {
            String[] args = line.isEmpty() ? new String[0]
                    : line.replace("B H", BASE + " " + HEAD).split(" ");
            CliRun run = CliRun.run(args);
            text.append("$ flamediff ").append(line).append('\n')
                    .append("exit ").append(run.exitCode()).append('\n')
                    .append(run.out()).append(run.err());
        }
        Goldens.check("cli/usage-errors.txt", text.toString());
    }
}
