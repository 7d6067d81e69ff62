package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/**
 * Main leaves out picocli's converters for java.time and java.sql ({@link Main#UNUSED_CONVERTERS}):
 * no option or parameter of any command may need one.
 */
class OptionTypesTest {

    @Test
    void noOptionNeedsAConverterMainLeavesOut() {
        CommandLine cli = FlamediffCommand.commandLine(
                new FlamediffCommand(InputStream.nullInputStream(), OutputStream.nullOutputStream()));
        List<String> regexes = Arrays.asList(Main.UNUSED_CONVERTERS.split(","));
        List<CommandLine> commands = new ArrayList<>(List.of(cli));
        commands.addAll(cli.getSubcommands().values());
        int checked = 0;
        for (CommandLine command : commands) {
            for (ArgSpec arg : command.getCommandSpec().args()) {
                boolean ownConverter = arg.converters().length > 0;
                for (Class<?> type : arg.auxiliaryTypes()) {
                    checked++;
                    assertThat(ownConverter || regexes.stream().noneMatch(type.getName()::matches))
                            .as("%s %s of type %s", command.getCommandName(), arg.paramLabel(), type.getName())
                            .isTrue();
                }
            }
        }
        assertThat(checked).isGreaterThan(40);
        assertThat(regexes).hasSize(1);
        for (String left : List.of("java.time.Duration", "java.time.MonthDay", "java.time.ZoneOffset", "java.sql.Time",
                "java.sql.Timestamp", "java.sql.Connection")) {
            assertThat(left).matches(regexes.get(0));
        }
        assertThat("java.nio.file.Path").doesNotMatch(regexes.get(0));
    }
}
