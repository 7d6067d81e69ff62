package dev.flamediff.collect.callgrind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.LimitExceededException;
import dev.flamediff.model.Profile;
import dev.flamediff.model.TreeLimits;
import dev.flamediff.model.ValueType;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proportional expansion makes stacks the file never wrote, so a small file can ask for millions
 * of nodes ({@link ExpandingCallGraph}: 85 KB of gzip once expanded to 16 million nodes, 4.2 GB,
 * under the default node limit, and ignored interrupts for seconds). The expansion has a node
 * budget of its own, and stops when its thread is interrupted.
 */
class CallgrindExpansionLimitsTest {

    @TempDir
    Path dir;

    @AfterEach
    void clearFlag() {
        Thread.interrupted();
    }

    @Test
    void anExpansionPastItsBudgetIsAnErrorUnderTheDefaultNodeLimit() throws Exception {
        Path file = Files.write(dir.resolve("callgrind.out.expanding.gz"),
                ExpandingCallGraph.gzip(ExpandingCallGraph.text(300, 16)));
        assertThat(InputLimits.DEFAULT.tree().maxNodes()).isGreaterThan(300 * 300 * 16);
        assertThatThrownBy(() -> Profiles.read(file, ReadOptions.DEFAULT))
                .isInstanceOf(LimitExceededException.class)
                .hasMessage(file + ": callgrind: the call graph's proportional expansion needs more than 1048576"
                        + " call-tree nodes (4 per call in the file, at least 1048576); record with"
                        + " --separate-callers=N for exact stacks");
    }

    @Test
    void anExpansionWithinItsBudgetKeepsEveryCost() throws Exception {
        Path file = Files.write(dir.resolve("callgrind.out.small"), ExpandingCallGraph.text(40, 4));
        Profile p = Profiles.read(file, ReadOptions.DEFAULT);
        assertThat(p.tree().grandTotal(0)).isEqualTo(1 + 40L * 40 * (1 + ExpandingCallGraph.LEAF));
        // main, 40 a, 40 × 40 b, each with a chain of 4
        assertThat(p.tree().size()).isEqualTo(1 + 1 + 40 + 40 * 40 * 5);
    }

    @Test
    void theExpansionStopsWhenItsThreadIsInterrupted() throws Exception {
        byte[] text = ExpandingCallGraph.text(100, 16);
        CallgrindFile parsed = new CallgrindParser(InputLimits.DEFAULT.maxNameLength(), "callgrind.out.big")
                .parse(new BufferedReader(new InputStreamReader(new ByteArrayInputStream(text), StandardCharsets.UTF_8)));
        Thread.currentThread().interrupt();
        // Before the check, the expansion returned a whole tree with the flag still set.
        assertThatThrownBy(() -> ProportionalTreeBuilder.build(parsed.graph(), List.of(new ValueType("Ir", "instructions")),
                new int[] {0}, null, TreeLimits.DEFAULT, "callgrind.out.big"))
                .isInstanceOf(InterruptedIOException.class)
                .hasMessage("reading callgrind.out.big was interrupted");
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }
}
