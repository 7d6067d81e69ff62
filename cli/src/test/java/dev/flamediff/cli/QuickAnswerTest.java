package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * A bare --version or --help is answered without picocli with exactly picocli's text, and every
 * case where picocli's text could differ is left to picocli.
 */
class QuickAnswerTest {

    private static final Map<String, String> NO_ENV = Map.of();

    @Test
    void versionIsPicocliText() throws Exception {
        String picocli = CliRun.run("--version").out();
        assertThat(QuickAnswer.answer(new String[] {"--version"}, false, NO_ENV, new Properties())).contains(picocli);
        assertThat(QuickAnswer.answer(new String[] {"-V"}, true, NO_ENV, new Properties())).contains(picocli);
        assertThat(picocli).contains("Java " + Runtime.version() + System.lineSeparator());
    }

    @Test
    void helpIsPicocliTextWhenStdoutIsNotATerminal() throws Exception {
        // The tests' stdout is no terminal: picocli renders 80 columns without colors, as stored.
        String picocli = CliRun.run("--help").out();
        assertThat(picocli).startsWith("Usage: flamediff");
        assertThat(QuickAnswer.answer(new String[] {"--help"}, false, NO_ENV, new Properties())).contains(picocli);
        assertThat(QuickAnswer.answer(new String[] {"-h"}, false, NO_ENV, new Properties())).contains(picocli);
        assertThat(UsageTextWriter.usage()).isEqualTo(picocli);
    }

    @Test
    void helpIsLeftToPicocliWhereItsTextMayDiffer() throws Exception {
        String[] help = {"--help"};
        assertThat(QuickAnswer.answer(help, true, NO_ENV, new Properties())).as("a terminal").isEmpty();
        assertThat(QuickAnswer.answer(help, false, Map.of("CLICOLOR_FORCE", "1"), new Properties()))
                .as("colors forced").isEmpty();
        Properties width = new Properties();
        width.setProperty("picocli.usage.width", "120");
        assertThat(QuickAnswer.answer(help, false, NO_ENV, width)).as("a picocli property").isEmpty();
        Properties windows = new Properties();
        windows.setProperty("os.name", "Windows 11");
        assertThat(QuickAnswer.answer(help, false, NO_ENV, windows)).as("Windows").isEmpty();
    }

    @Test
    void anythingButTheBareFlagIsLeftToPicocli() throws Exception {
        for (String[] args : new String[][] {{}, {"-v", "--help"}, {"--help", "-v"}, {"--version", "a.jfr"},
                {"-hV"}, {"--help=true"}, {"suite", "--help"}, {"base.jfr"}}) {
            assertThat(QuickAnswer.answer(args, false, NO_ENV, new Properties())).as(String.join(" ", args)).isEmpty();
        }
    }
}
