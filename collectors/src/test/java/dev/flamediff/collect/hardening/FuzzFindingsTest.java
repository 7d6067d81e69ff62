package dev.flamediff.collect.hardening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Profile;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the fuzz regression inputs of reviewed findings ({@code finding-*} beside the seeds,
 * written by {@link FuzzFindingInputs}) must read as, through detection and the default limits:
 * the fuzz targets replay them too, but only check that nothing crashes, and these findings were
 * wrong results, not crashes.
 */
class FuzzFindingsTest {

    @TempDir
    Path dir;

    @Test
    void oldMacLineEndsAreThreeStacks() throws Exception {
        Profile p = Profiles.read(input("collapsed/finding-cr-line-ends"), ReadOptions.DEFAULT);
        assertThat(p.tree().grandTotal(0)).isEqualTo(10);
        assertThat(leaves(p.tree())).isEqualTo(3);
    }

    @Test
    void aFirstLineOverOneMebibyteIsStillCollapsed() throws Exception {
        Profile p = Profiles.read(input("collapsed/finding-first-line-over-1mib.gz"), ReadOptions.DEFAULT);
        assertThat(p.metadata().format()).isEqualTo("collapsed");
        assertThat(p.tree().grandTotal(0)).isEqualTo(10);
        assertThat(p.tree().maxDepth()).isEqualTo(301);
    }

    @Test
    void anExpansionPastItsOwnBudgetFailsUnderTheDefaultNodeLimit() throws Exception {
        Path file = input("callgrind/finding-expansion-layers.gz");
        assertThatThrownBy(() -> Profiles.read(file, ReadOptions.DEFAULT))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageContaining("the call graph's proportional expansion needs more than 1048576 call-tree"
                        + " nodes (4 per call in the file, at least 1048576)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "async"})
    void executionSampleChunksAfterACpuTimeChunkAreRead(String parser) throws Exception {
        Path mixed = input("jfr" + capital(parser) + "Parser/finding-cpu-time-then-execution-chunks");
        byte[] bytes = Files.readAllBytes(mixed);
        int first = (int) ByteBuffer.wrap(bytes).getLong(8);
        Path cpuTime = Files.write(dir.resolve("cpu-time.jfr"), Arrays.copyOf(bytes, first));
        Path execution = Files.write(dir.resolve("execution.jfr"), Arrays.copyOfRange(bytes, first, bytes.length));
        ReadOptions options = ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow());
        long cpu = Profiles.read(cpuTime, options).tree().grandTotal(0);
        long exec = Profiles.read(execution, options).tree().grandTotal(0);
        assertThat(cpu).isPositive();
        assertThat(exec).isPositive();
        Profile both = Profiles.read(mixed, options);
        assertThat(both.tree().grandTotal(0)).isEqualTo(cpu + exec);
        assertThat(both.metadata().notes()).anyMatch(n -> n.startsWith(exec + " of these are jdk.ExecutionSample"
                + " events, read in the place of CPU-time samples"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "async"})
    void allocationWeightsPastSixtyFourBitsAreAnError(String parser) throws Exception {
        Path file = input("jfr" + capital(parser) + "Parser/finding-alloc-weight-overflow-ap25");
        assertThatThrownBy(() -> Profiles.read(file, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()).withEvent("alloc")))
                .isInstanceOf(LimitExceededException.class)
                .hasMessageEndingWith("values sum past the 64-bit range (9223372036854775807)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "async"})
    void methodsNamedByMissingSymbolsAreUnknownNotEmpty(String parser) throws Exception {
        Path file = input("jfr" + capital(parser) + "Parser/finding-missing-method-symbols-jdk17");
        CallTree tree = Profiles.read(file, ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow())).tree();
        boolean unknown = false;
        for (int n = 1; n < tree.size(); n++) {
            String name = tree.frame(n).name();
            assertThat(name).as("frame " + n).isNotEmpty().doesNotEndWith(".");
            unknown |= name.endsWith(".[unknown]");
        }
        assertThat(unknown).as("a method named [unknown]").isTrue();
    }

    private static int leaves(CallTree tree) {
        int leaves = 0;
        for (int n = 1; n < tree.size(); n++) {
            leaves += tree.end(n) == n + 1 ? 1 : 0;
        }
        return leaves;
    }

    private static String capital(String parser) {
        return Character.toUpperCase(parser.charAt(0)) + parser.substring(1);
    }

    private static Path input(String relative) throws IOException {
        try {
            return Path.of(FuzzFindingsTest.class.getResource("ReaderFuzzTestInputs/" + relative).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IOException("no fuzz input " + relative, e);
        }
    }
}
