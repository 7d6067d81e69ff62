package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import org.junit.jupiter.api.Test;

/** A diff's command line is built without the subcommands; every use of one still finds it. */
class SubcommandUseTest {

    @Test
    void aDiffsArgumentsNeedNoSubcommand() {
        assertThat(SubcommandUse.possible(new String[] {"base.jfr", "head.jfr", "-o", "diff.svg", "--threshold", "5"}))
                .isFalse();
        assertThat(SubcommandUse.possible(new String[] {"-v", "--format=json", "a", "b"})).isFalse();
    }

    @Test
    void namesAndHelpRequestsDo() {
        assertThat(SubcommandUse.possible(new String[] {"suite", "--base-dir", "x"})).isTrue();
        assertThat(SubcommandUse.possible(new String[] {"-v", "agent-path"})).isTrue();
        assertThat(SubcommandUse.possible(new String[] {"-h"})).isTrue();
        assertThat(SubcommandUse.possible(new String[] {"-vh"})).isTrue();
        assertThat(SubcommandUse.possible(new String[] {"a", "b", "--help"})).isTrue();
    }

    @Test
    void theCommandStillListsAndRunsItsSubcommands() {
        CliRun help = CliRun.run("--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("suite").contains("agent-path");
        CliRun agent = CliRun.run("agent-path", "--help");
        assertThat(agent.exitCode()).isZero();
        CliRun diff = CliRun.run(FixtureFiles.path("collapsed/base.collapsed").toString(),
                FixtureFiles.path("collapsed/head.collapsed").toString(), "-f", "json");
        assertThat(diff.exitCode()).isZero();
        assertThat(diff.stdoutText()).startsWith("{");
    }
}
