package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same program recorded by async-profiler on JDK 17 and on JDK 25 (base against base): the
 * stub names that differ by CPU feature are one frame, and JDK 25's {@code Thread.runWith}, which
 * makes every Java stack added or removed, goes away with {@code --hide} or {@code --show-from}.
 */
class JdkUpgradeTest {

    private static final String JDK17 = FixtureFiles.path("jfr/ap17-base.jfr").toString();
    private static final String JDK25 = FixtureFiles.path("jfr/ap25-base.jfr").toString();
    private static final String WORK = "java.lang.Thread.run_[0];fixture.FixtureApp$$Lambda.run_[0];"
            + "fixture.FixtureApp.lambda$main$0_[0];fixture.FixtureApp.work_[0]";

    @TempDir
    Path dir;

    private ThreeColumn diff(String... flags) throws IOException {
        Path out = dir.resolve("d" + System.nanoTime() + ".collapsed");
        String[] args = new String[flags.length + 4];
        args[0] = JDK17;
        args[1] = JDK25;
        System.arraycopy(flags, 0, args, 2, flags.length);
        args[flags.length + 2] = "-o";
        args[flags.length + 3] = out.toString();
        CliRun run = CliRun.run(args);
        assertThat(run.exitCode()).as(run.err()).isZero();
        return new ThreeColumn(Files.readString(out));
    }

    @Test
    void arrayCopyStubsOfBothJdksAreOneFrame() throws IOException {
        ThreeColumn merged = diff();
        assertThat(merged.stacks().keySet()).noneMatch(s -> s.contains("_avx3"))
                .anyMatch(s -> s.endsWith(";jbyte_disjoint_arraycopy"));
        ThreeColumn.Values stub = merged.stacks().entrySet().stream()
                .filter(e -> e.getKey().endsWith(";jbyte_disjoint_arraycopy"))
                .map(java.util.Map.Entry::getValue)
                .reduce((a, b) -> new ThreeColumn.Values(a.base() + b.base(), a.head() + b.head())).orElseThrow();
        // JDK 17 on this AVX-512 machine calls it jbyte_disjoint_arraycopy_avx3, JDK 25 without the suffix.
        assertThat(stub.base()).isPositive();
        assertThat(stub.head()).isPositive();
        ThreeColumn raw = diff("--no-normalize-names");
        assertThat(raw.stacks().keySet()).anyMatch(s -> s.endsWith(";jbyte_disjoint_arraycopy_avx3"));
    }

    @Test
    void hideTakesJdk25sThreadRunWithOutOfTheStacks() throws IOException {
        ThreeColumn plain = diff();
        assertThat(plain.prefixes().get(WORK).base()).isPositive();
        assertThat(plain.prefixes().get(WORK).head()).isZero();
        ThreeColumn hidden = diff("--hide", "Thread\\.runWith");
        assertThat(hidden.prefixes().get(WORK).base()).isEqualTo(plain.prefixes().get(WORK).base());
        assertThat(hidden.prefixes().get(WORK).head()).isPositive();
        assertThat(hidden.stacks().keySet()).noneMatch(s -> s.contains("runWith"));
        assertThat(hidden.baseTotal()).isEqualTo(plain.baseTotal());
        assertThat(hidden.headTotal()).isEqualTo(plain.headTotal());
    }

    @Test
    void showFromReRootsEveryStackAtItsFirstMatchingFrame() throws IOException {
        ThreeColumn rooted = diff("--show-from", "FixtureApp\\.work$");
        assertThat(rooted.stacks().keySet()).allMatch(s -> s.startsWith("fixture.FixtureApp.work_[0]"));
        ThreeColumn.Values work = rooted.prefixes().get("fixture.FixtureApp.work_[0]");
        assertThat(work.base()).isEqualTo(diff().prefixes().get(WORK).base());
        assertThat(work.head()).isPositive();
        CliRun run = CliRun.run(JDK17, JDK25, "--show-from", "FixtureApp\\.work$", "-o", dir.resolve("x.svg").toString());
        assertThat(run.err()).contains("--show-from FixtureApp\\.work$: stacks start at their first matching frame; "
                + "those without one were dropped (");
        assertThat(CliRun.run(JDK17, JDK25, "--hide", "(", "-o", dir.resolve("y.svg").toString()).exitCode()).isEqualTo(2);
    }
}
