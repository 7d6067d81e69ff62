package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flamediff.fixtures.FixtureFiles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --thread-filter, --from and --to reach the JFR reader through the CLI. */
class JfrWindowFlagsTest {

    private static final String BASE = FixtureFiles.path("jfr/ap17-base.jfr").toString();
    private static final String HEAD = FixtureFiles.path("jfr/ap17-head.jfr").toString();

    private static JsonNode json(String... extra) throws Exception {
        String[] args = new String[4 + extra.length];
        args[0] = BASE;
        args[1] = HEAD;
        args[2] = "-o";
        args[3] = "-";
        System.arraycopy(extra, 0, args, 4, extra.length);
        String[] withFormat = java.util.Arrays.copyOf(args, args.length + 2);
        withFormat[args.length] = "-f";
        withFormat[args.length + 1] = "json";
        CliRun run = CliRun.run(withFormat);
        assertThat(run.exitCode()).as(run.err()).isZero();
        return new ObjectMapper().readTree(run.stdout());
    }

    private static double baseTotal(JsonNode diff) {
        return diff.get("base").get("total").asDouble();
    }

    @Test
    void aThreadFilterKeepsOnlyThatThreadsSamples() throws Exception {
        double all = baseTotal(json());
        double one = baseTotal(json("--thread-filter", "^worker-0$"));

        assertThat(one).isPositive().isLessThan(all);
    }

    @Test
    void aFilterOrWindowThatKeepsNothingIsAnErrorNamingItAndWritesNothing(@TempDir Path dir) {
        Path out = dir.resolve("diff.svg");
        for (String[] filter : List.of(new String[] {"--thread-filter", "^no-such-thread$"},
                new String[] {"--from", "3600s"}, new String[] {"--include", "NoSuchFrame"},
                new String[] {"--show-from", "NoSuchFrame"})) {
            CliRun run = CliRun.run(BASE, HEAD, "-o", out.toString(), filter[0], filter[1]);

            assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
            assertThat(run.errLines()).hasSize(1);
            assertThat(run.errLines().get(0)).startsWith("flamediff: ").contains(filter[0]).contains("kept none")
                    .doesNotContain("Exception");
            assertThat(out).doesNotExist();
        }
        // One side alone may keep nothing: code that only head runs.
        CliRun newCode = CliRun.run(FixtureFiles.path("collapsed/base.collapsed").toString(),
                FixtureFiles.path("collapsed/head.collapsed").toString(), "-o", out.toString(), "--include", "splitWithRegex");
        assertThat(newCode.exitCode()).as(newCode.err()).isZero();
        assertThat(newCode.errLines()).anySatisfy(l -> assertThat(l).endsWith(
                "base.collapsed: --include splitWithRegex kept none of the profile's 2,030 samples"));
        assertThat(out).exists();
        CliRun threads = CliRun.run(BASE, HEAD, "-o", "-", "--thread-filter", "^no-such-thread$");
        assertThat(threads.errLines().get(0)).contains("it matches none of their threads").contains("worker-");
    }

    @Test
    void aTimeWindowKeepsOnlyItsEvents() throws Exception {
        double all = baseTotal(json());
        double firstSecond = baseTotal(json("--from", "0", "--to", "1s"));
        double rest = baseTotal(json("--from", "1000ms"));

        assertThat(firstSecond).isPositive().isLessThan(all);
        assertThat(rest).isPositive().isLessThan(all);
        assertThat(firstSecond + rest).isBetween(all - 5, all + 5);
    }

    @Test
    void aBadTimeIsAUsageError() {
        CliRun run = CliRun.run(BASE, HEAD, "-o", "-", "--from", "soon");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines().get(0)).contains("--from").contains("soon");
    }
}
